import { ALERT_PREFERENCE_MESSAGES, countOf, QUIET_MESSAGES } from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
import { requestCallAccess } from '../../platform/calls';
import { ALERT_TIMINGS, type AlertState, snoozeMinutesLeft } from '../../rules/alert-timing';
import { holdText } from '../../rules/quiet';
import { useAlertHold } from '../use-alert-hold';

const MINUTE = { one: 'minute', other: 'minutes' };

function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * Alerts: snoozed with the time left and the button to end the snooze, or the button to snooze them; held (in a
 * call, in quiet hours) said with why, monitoring going on; and Quiet in calls waiting for this browser's access.
 */
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
  const held = useAlertHold();
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
          {held.hold ? (
            <p data-testid="snooze-state" role="status">
              {holdText(held.hold)}
              <small className="popup-muted"> · {QUIET_MESSAGES.heldGoesOn}</small>
            </p>
          ) : (
            <p className="popup-muted" data-testid="snooze-state">
              Alerts on
            </p>
          )}
          <Button size="sm" onClick={onSnooze} disabled={!running}>
            Snooze alerts {ALERT_TIMINGS.snoozeMs / 60_000} min
          </Button>
        </>
      )}
      {held.needsAccess && (
        <p className="popup-muted" data-testid="quiet-needs-access">
          {QUIET_MESSAGES.needsAccess}{' '}
          {/* Asked on this click: Chrome asks for a permission only from the user's gesture. */}
          <Button size="sm" onClick={() => void requestCallAccess()}>
            {QUIET_MESSAGES.allowAccess}
          </Button>
        </p>
      )}
    </section>
  );
}
