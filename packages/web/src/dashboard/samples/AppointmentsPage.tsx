// Static sample page (section 2.12): hard-coded content, no calls. Every action is an alert.
import { Button, SampleRibbon } from '@posture-vision/ui';

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

function cancel(appointment: Appointment) {
  if (confirm('Are you sure you want to cancel this appointment?')) {
    alert(`Appointment on ${appointment.date} cancelled.`);
  }
}

export default function AppointmentsPage() {
  return (
    <div className="pv-sample-page">
      <h1>Appointments</h1>
      <SampleRibbon />
      <Button variant="primary" onClick={() => alert('Scheduling is not available in this preview.')}>
        Schedule Appointment
      </Button>
      <section className="pv-card">
        <h2>Upcoming</h2>
        <ul className="pv-list">
          {UPCOMING.map((a) => (
            <li key={a.id}>
              <strong>{a.type}</strong> · {a.date} at {a.time} · {a.specialist}
              <div className="pv-actions">
                <Button onClick={() => alert('Rescheduling is not available in this preview.')}>
                  Reschedule
                </Button>
                <Button variant="danger" onClick={() => cancel(a)}>
                  Cancel
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="pv-card">
        <h2>Past</h2>
        <ul className="pv-list">
          {PAST.map((a) => (
            <li key={a.id}>
              <strong>{a.type}</strong> · {a.date} at {a.time} · {a.specialist}
              <div className="pv-actions">
                <Button
                  onClick={() => alert(`Summary of your ${a.type.toLowerCase()} with ${a.specialist}.`)}
                >
                  View Summary
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
