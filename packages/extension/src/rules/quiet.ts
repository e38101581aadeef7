// When alerts are held: in a call (a tab in a meeting of a call app, rules/call-apps.ts) with Quiet in calls on, or
// in the user's quiet hours. Held means the alert is not raised at all — no notification, no sound, no alert badge
// ('SIT', 'UP'): a badge is on the screen that may be shared, and a held alert is one the user asked not to get
// now. Monitoring, the posture badge (POOR, OK), the feedback and today's figures go on. A held alert is not spent:
// the posture stretch and the sitting stretch go on being timed, so once the call or the quiet hours end the alert
// comes at the next posture report if the posture is still poor, the stand-up reminder if no break was taken.
import { type AlertPreferences, minutesOfDay, QUIET_MESSAGES, type QuietHours } from '@posture-vision/core';

export type AlertHold = { reason: 'call'; site: string } | { reason: 'quietHours'; until: string };

/** Minutes since local midnight of a moment, on the computer's clock (quiet hours are the wall clock's). */
export function localMinutes(at: Date): number {
  return at.getHours() * 60 + at.getMinutes();
}

/**
 * Whether a time of day (minutes since midnight) is in the quiet hours: from the start, up to but not including
 * the end; across midnight when the end comes first (22:00–07:00 holds 23:30 and 06:59, not 07:00).
 */
export function inQuietHours(hours: QuietHours, minutes: number): boolean {
  const start = minutesOfDay(hours.start);
  const end = minutesOfDay(hours.end);
  if (Number.isNaN(start) || Number.isNaN(end) || start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/**
 * Whether an alert is held now, and why: a call first (the more specific reason, and the one that ends when the
 * tab closes), then the quiet hours. `callSite` is the meeting tab's site, or null (none, or not looked for).
 */
export function alertHold(
  preferences: Pick<AlertPreferences, 'quietInCalls' | 'quietHours'>,
  callSite: string | null,
  minutes: number,
): AlertHold | null {
  if (preferences.quietInCalls && callSite) return { reason: 'call', site: callSite };
  if (preferences.quietHours && inQuietHours(preferences.quietHours, minutes))
    return { reason: 'quietHours', until: preferences.quietHours.end };
  return null;
}

/** What the popup says while alerts are held. */
export function holdText(hold: AlertHold): string {
  return hold.reason === 'call'
    ? QUIET_MESSAGES.heldInCall(hold.site)
    : QUIET_MESSAGES.heldQuietHours(hold.until);
}
