// Stale calibration: the reference posture no longer fits when the person's baseline has moved
// away from it and stays away — the camera or the seat moved, a new desk, a new monitor height. Real slouching
// comes and goes: a person who gets warnings sits up, at least for a moment, while a reference that no longer
// fits keeps every frame off it however the person sits. So the rule is: while a person is in view, their
// posture has not once come back to the reference for STALE_AFTER_MS. It reads the verdict against the
// reference before the user's sensitivity (a mild but constant offset is a drifted baseline too).
import type { PostureVerdict } from '../detection/frame';

/** Several minutes away from the reference without one return: longer than any alert cycle (warning delay
 * at most 60 s, then the repeat) a person who can sit up would answer, short enough to matter in a session. */
export const STALE_AFTER_MS = 3 * 60_000;

/** Nobody in view this long (the person left the desk) starts the count over; a shorter gap (a glance away,
 * a missed detection) neither resets it nor counts as a return to the reference. */
export const STALE_ABSENCE_RESET_MS = 30_000;

export interface StaleState {
  /** Since when the posture has been off the reference without coming back; null while it is on it. */
  offSince: number | null;
  /** When a person was last in view. */
  seenAt: number | null;
}

export const INITIAL_STALE_STATE: StaleState = { offSince: null, seenAt: null };

/** One verdict against the reference, at `now` (ms). */
export function stepStale(state: StaleState, verdict: PostureVerdict, now: number): StaleState {
  if (verdict.status === 'neutral') {
    if (state.seenAt !== null && now - state.seenAt >= STALE_ABSENCE_RESET_MS) return INITIAL_STALE_STATE;
    return state;
  }
  const away = state.seenAt !== null && now - state.seenAt >= STALE_ABSENCE_RESET_MS;
  if (verdict.status === 'good') return { offSince: null, seenAt: now };
  return { offSince: state.offSince === null || away ? now : state.offSince, seenAt: now };
}

/** Whether the reference no longer fits: off it, without a return, for STALE_AFTER_MS. */
export function isCalibrationStale(state: StaleState, now: number): boolean {
  return state.offSince !== null && now - state.offSince >= STALE_AFTER_MS;
}
