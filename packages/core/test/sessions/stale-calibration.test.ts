// The stale-calibration rule on both sides of its thresholds: off the reference without a return for
// STALE_AFTER_MS is stale, one moment on it is not; a short absence neither resets nor returns, a long one
// starts over.
import { describe, expect, it } from 'vitest';
import type { PostureVerdict } from '../../src/domain/detection/frame';
import {
  INITIAL_STALE_STATE,
  isCalibrationStale,
  STALE_ABSENCE_RESET_MS,
  STALE_AFTER_MS,
  type StaleState,
  stepStale,
} from '../../src/sessions';

const GOOD: PostureVerdict = { status: 'good', issue: null, level: null };
const OFF: PostureVerdict = { status: 'poor', issue: 'slouch', level: 'mild' };
const NOBODY: PostureVerdict = { status: 'neutral', issue: null, level: null };

/** Feeds one verdict a second from `from` to `to` (ms, inclusive). */
function run(state: StaleState, verdict: PostureVerdict, from: number, to: number): StaleState {
  let s = state;
  for (let t = from; t <= to; t += 1000) s = stepStale(s, verdict, t);
  return s;
}

describe('stale calibration', () => {
  it('is stale once the posture stayed off the reference for the whole threshold, not a second before', () => {
    const s = run(INITIAL_STALE_STATE, OFF, 0, STALE_AFTER_MS);
    expect(isCalibrationStale(s, STALE_AFTER_MS - 1)).toBe(false);
    expect(isCalibrationStale(s, STALE_AFTER_MS)).toBe(true);
  });

  it('one return to the reference starts the count over (real slouching comes and goes)', () => {
    let s = run(INITIAL_STALE_STATE, OFF, 0, STALE_AFTER_MS - 2000);
    s = stepStale(s, GOOD, STALE_AFTER_MS - 1000);
    s = run(s, OFF, STALE_AFTER_MS, STALE_AFTER_MS + 60_000);
    expect(isCalibrationStale(s, STALE_AFTER_MS + 60_000)).toBe(false);
    expect(isCalibrationStale(s, STALE_AFTER_MS * 2)).toBe(true);
  });

  it('a short absence neither resets the count nor counts as a return', () => {
    let s = run(INITIAL_STALE_STATE, OFF, 0, 60_000);
    s = run(s, NOBODY, 61_000, 60_000 + STALE_ABSENCE_RESET_MS - 2000);
    s = run(s, OFF, 60_000 + STALE_ABSENCE_RESET_MS - 1000, STALE_AFTER_MS);
    expect(isCalibrationStale(s, STALE_AFTER_MS)).toBe(true);
  });

  it('an absence of the reset time (the person left the desk) starts the count over', () => {
    let s = run(INITIAL_STALE_STATE, OFF, 0, 60_000);
    s = run(s, NOBODY, 61_000, 60_000 + STALE_ABSENCE_RESET_MS);
    s = run(s, OFF, 61_000 + STALE_ABSENCE_RESET_MS, STALE_AFTER_MS);
    expect(isCalibrationStale(s, STALE_AFTER_MS)).toBe(false);
    // Also when no frame at all came in the gap (monitoring paused): the next one starts over.
    let t = run(INITIAL_STALE_STATE, OFF, 0, 60_000);
    t = run(t, OFF, 60_000 + STALE_ABSENCE_RESET_MS, STALE_AFTER_MS);
    expect(isCalibrationStale(t, STALE_AFTER_MS)).toBe(false);
  });

  it('good posture throughout is never stale', () => {
    const s = run(INITIAL_STALE_STATE, GOOD, 0, STALE_AFTER_MS * 2);
    expect(isCalibrationStale(s, STALE_AFTER_MS * 2)).toBe(false);
  });
});
