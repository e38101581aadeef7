// When poor posture raises a desktop notification: only after it has lasted the onset delay, never twice
// within the cooldown, never while snoozed. Pure so the service worker (which sleeps) keeps this in storage.
import type { PostureStatus } from '@posture-vision/core';

export interface AlertTimings {
  /** Poor posture must last this long before the first alert. */
  onsetMs: number;
  /** Minimum time between two alerts while poor posture persists. */
  cooldownMs: number;
  /** How long the popup's or the notification's snooze silences alerts. */
  snoozeMs: number;
}

export const ALERT_TIMINGS: AlertTimings = {
  onsetMs: 30_000,
  cooldownMs: 5 * 60_000,
  snoozeMs: 30 * 60_000,
};

export interface AlertState {
  /** When the current stretch of poor posture began; null while posture is not poor. */
  poorSince: number | null;
  lastAlertAt: number | null;
  snoozedUntil: number | null;
  /** When the alert's sound last played (the sound style), as the offscreen document answered. */
  lastSoundAt?: number | null;
  /** When a posture alert that was due was last held (in a call, in quiet hours), and the stand-up reminder. */
  heldAt?: number | null;
  standUpHeldAt?: number | null;
}

export const INITIAL_ALERT_STATE: AlertState = { poorSince: null, lastAlertAt: null, snoozedUntil: null };

export function isSnoozed(state: AlertState, now: number): boolean {
  return state.snoozedUntil !== null && now < state.snoozedUntil;
}

/**
 * Feeds one posture update; answers the next state and whether to notify now. `held` (in a call, in quiet hours:
 * rules/quiet.ts) keeps an alert that is due from being raised and from being spent: the stretch goes on, so it
 * comes at the first update after the hold, the posture still poor.
 */
export function onPostureUpdate(
  state: AlertState,
  posture: PostureStatus,
  now: number,
  timings: AlertTimings = ALERT_TIMINGS,
  held = false,
): { state: AlertState; alert: boolean } {
  // Good posture or nobody in view ends the stretch: the onset delay starts again next time.
  if (posture !== 'poor') return { state: { ...state, poorSince: null }, alert: false };
  const poorSince = state.poorSince ?? now;
  const due =
    now - poorSince >= timings.onsetMs &&
    (state.lastAlertAt === null || now - state.lastAlertAt >= timings.cooldownMs) &&
    !isSnoozed(state, now);
  if (due && held) return { state: { ...state, poorSince, heldAt: now }, alert: false };
  return { state: { ...state, poorSince, lastAlertAt: due ? now : state.lastAlertAt }, alert: due };
}

export function snooze(state: AlertState, now: number, timings: AlertTimings = ALERT_TIMINGS): AlertState {
  return { ...state, snoozedUntil: now + timings.snoozeMs };
}

/** Ends a snooze now (the popup's End snooze): the next alert is due as if none had run. */
export function endSnooze(state: AlertState): AlertState {
  return { ...state, snoozedUntil: null };
}

/** Stopping, pausing or signing out forgets the running stretch but keeps the snooze and cooldown. */
export function resetStretch(state: AlertState): AlertState {
  return { ...state, poorSince: null };
}

/**
 * Minutes of snooze left, to the nearest minute: a 30-minute snooze reads 30 when it starts, whatever second of
 * the popup's clock it is read at (rounding up read 31 from a clock a few seconds behind); never more than the
 * snooze's length, and at least 1 until the snooze has ended (0 when none).
 */
export function snoozeMinutesLeft(
  state: AlertState,
  now: number,
  timings: AlertTimings = ALERT_TIMINGS,
): number {
  if (!isSnoozed(state, now) || state.snoozedUntil === null) return 0;
  const minutes = Math.round((state.snoozedUntil - now) / 60_000);
  return Math.min(timings.snoozeMs / 60_000, Math.max(1, minutes));
}
