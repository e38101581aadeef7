import { ALERT_PREFERENCE_MESSAGES, countOf } from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
import { ALERT_TIMINGS, type AlertState, snoozeMinutesLeft } from '../../rules/alert-timing';

const MINUTE = { one: 'minute', other: 'minutes' };

function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** Alerts: snoozed with the time left and the button to end the snooze, or the button to snooze them. */
export function SnoozeSection({
  alerts,
  now,
  running,
  onSnooze,
  onEndSnooze,
}: {
  alerts: AlertState;
  now: number;
  running: boolean;
  onSnooze(): void;
  onEndSnooze(): void;
}) {
  const left = snoozeMinutesLeft(alerts, now);
  return (
    <section className="popup-section popup-snooze" aria-label="Alerts">
      {left > 0 && alerts.snoozedUntil !== null ? (
        <>
          <p data-testid="snooze-state">
            Alerts snoozed · {countOf(left, MINUTE)} left (until {clock(alerts.snoozedUntil)})
          </p>
          {/* Stopped or running alike: a snooze outlives a stop, so it can be ended either way. */}
          <Button size="sm" onClick={onEndSnooze}>
            {ALERT_PREFERENCE_MESSAGES.endSnooze}
          </Button>
        </>
      ) : (
        <>
          <p className="popup-muted" data-testid="snooze-state">
            Alerts on
          </p>
          <Button size="sm" onClick={onSnooze} disabled={!running}>
            Snooze alerts {ALERT_TIMINGS.snoozeMs / 60_000} min
          </Button>
        </>
      )}
    </section>
  );
}
