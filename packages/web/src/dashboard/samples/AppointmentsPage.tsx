// Static sample page: hard-coded content, no calls. Every action only says, in the page, what it
// would do; cancelling asks the specification's question first in the page's own dialog.
import { Button, Dialog, DialogClose, SampleRibbon, StatusPill } from '@posture-vision/ui';
import { useRef, useState } from 'react';
import { type Notice, SectionNotice } from '../settings/SectionNotice';

interface Appointment {
  id: number;
  date: string;
  time: string;
  specialist: string;
  type: string;
}

const UPCOMING: Appointment[] = [
  {
    id: 1,
    date: 'March 22, 2024',
    time: '10:00 AM',
    specialist: 'Dr. Sarah Johnson',
    type: 'Follow-up Assessment',
  },
  { id: 2, date: 'April 5, 2024', time: '2:30 PM', specialist: 'Dr. Michael Chen', type: 'Exercise Review' },
];

const PAST: Appointment[] = [
  {
    id: 3,
    date: 'March 1, 2024',
    time: '9:00 AM',
    specialist: 'Dr. Sarah Johnson',
    type: 'Initial Consultation',
  },
  {
    id: 4,
    date: 'February 15, 2024',
    time: '11:00 AM',
    specialist: 'Dr. Michael Chen',
    type: 'Posture Assessment',
  },
];

/** Where a message is said: under Schedule Appointment, or under one appointment's actions. */
type Place = 'schedule' | number;

export default function AppointmentsPage() {
  // One message at a time, beside the action that said it (a native alert blocked the tab).
  const [said, setSaid] = useState<{ place: Place; notice: Notice } | null>(null);
  const say = (place: Place, text: string, tone: 'info' | 'success' = 'info') =>
    setSaid({ place, notice: { tone, text } });
  const noticeOf = (place: Place) => (said?.place === place ? said.notice : null);
  // Cancelling is asked first in the page's own dialog; only this page's copy of the sample changes.
  const [asking, setAsking] = useState<Appointment | null>(null);
  const [cancelled, setCancelled] = useState<ReadonlySet<number>>(new Set());
  // The cancelled appointment's Cancel button goes away, so focus lands on what the cancellation said.
  const cancelledNotice = useRef<HTMLParagraphElement>(null);
  const [confirmed, setConfirmed] = useState(false);

  function ask(appointment: Appointment) {
    setConfirmed(false);
    setAsking(appointment);
  }

  function confirmCancel() {
    if (!asking) return;
    setCancelled((ids) => new Set(ids).add(asking.id));
    setConfirmed(true);
    say(asking.id, `Appointment on ${asking.date} cancelled.`, 'success');
    setAsking(null);
  }

  return (
    <div className="pv-sample-page">
      <h1>Appointments</h1>
      <SampleRibbon />
      <div>
        <Button
          variant="primary"
          onClick={() => say('schedule', 'Scheduling is not available in this preview.')}
        >
          Schedule Appointment
        </Button>
        <SectionNotice notice={noticeOf('schedule')} testId="appointments-schedule-message" foot />
      </div>
      <section className="pv-card">
        <h2>Upcoming</h2>
        <ul className="pv-list">
          {UPCOMING.map((a) => (
            <li key={a.id} data-testid={`appointment-${a.id}`}>
              <strong>{a.type}</strong> · {a.date} at {a.time} · {a.specialist}
              {cancelled.has(a.id) ? (
                <div className="pv-actions">
                  <StatusPill tone="neutral">Cancelled</StatusPill>
                </div>
              ) : (
                <div className="pv-actions">
                  <Button onClick={() => say(a.id, 'Rescheduling is not available in this preview.')}>
                    Reschedule
                  </Button>
                  <Button variant="danger" onClick={() => ask(a)}>
                    Cancel
                  </Button>
                </div>
              )}
              <SectionNotice
                notice={noticeOf(a.id)}
                testId={`appointment-${a.id}-message`}
                foot
                ref={said?.place === a.id ? cancelledNotice : undefined}
              />
            </li>
          ))}
        </ul>
      </section>
      <section className="pv-card">
        <h2>Past</h2>
        <ul className="pv-list">
          {PAST.map((a) => (
            <li key={a.id} data-testid={`appointment-${a.id}`}>
              <strong>{a.type}</strong> · {a.date} at {a.time} · {a.specialist}
              <div className="pv-actions">
                <Button
                  onClick={() => say(a.id, `Summary of your ${a.type.toLowerCase()} with ${a.specialist}.`)}
                >
                  View Summary
                </Button>
              </div>
              <SectionNotice notice={noticeOf(a.id)} testId={`appointment-${a.id}-message`} foot />
            </li>
          ))}
        </ul>
      </section>
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title="Are you sure you want to cancel this appointment?"
        description={
          asking ? `${asking.type} on ${asking.date} at ${asking.time} with ${asking.specialist}.` : ''
        }
        finalFocus={confirmed ? cancelledNotice : undefined}
        data-testid="cancel-appointment-dialog"
        actions={
          <>
            <DialogClose asChild>
              <Button>Keep Appointment</Button>
            </DialogClose>
            <Button variant="danger" onClick={confirmCancel}>
              Cancel Appointment
            </Button>
          </>
        }
      />
    </div>
  );
}
