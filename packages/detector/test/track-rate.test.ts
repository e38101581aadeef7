// Below 1 frame/s the camera track's constraint is not kept by Chromium: the detector's client takes a frame once
// its interval has passed, on the frames' capture times.
import { describe, expect, it } from 'vitest';
import { rateKeeper } from '../src/track-rate.ts';

/** The frames taken of a camera delivering `delivered` frames/s for `seconds`, at `fps`. */
function taken(delivered: number, fps: number, seconds: number, jitterUs = 0): number[] {
  const due = rateKeeper();
  const out: number[] = [];
  for (let i = 0; i < delivered * seconds; i++) {
    const t = Math.round((i * 1e6) / delivered) + (i % 2 ? jitterUs : -jitterUs);
    if (due(t, fps)) out.push(t);
  }
  return out;
}

describe('the rate below what the track keeps', () => {
  it('takes every third frame of a camera at 1 frame/s for nobody in view (1/3), every other on battery (0.5)', () => {
    expect(taken(1, 1 / 3, 30)).toHaveLength(10);
    expect(taken(1, 0.5, 30)).toHaveLength(15);
    expect(taken(1, 1 / 6, 30)).toHaveLength(5);
  });

  it('keeps the rate with a camera whose frames come unevenly, or faster', () => {
    /** The mean seconds between the frames taken. */
    const every = (t: number[]) => ((t.at(-1) ?? 0) - (t[0] ?? 0)) / (t.length - 1) / 1e6;
    expect(every(taken(1, 1 / 3, 60, 40_000))).toBeCloseTo(3, 1);
    expect(every(taken(10, 1 / 3, 60, 20_000))).toBeCloseTo(3, 1);
    expect(every(taken(30, 0.5, 60, 5_000))).toBeCloseTo(2, 1);
  });

  it('takes every frame at 1 frame/s and above: the track keeps those rates itself', () => {
    expect(taken(1, 1, 10, 40_000)).toHaveLength(10);
    expect(taken(5, 5, 10)).toHaveLength(50);
    expect(taken(5, 0, 10)).toHaveLength(50);
    // A camera whose clock went back (a restarted device) is taken at once.
    const due = rateKeeper();
    expect([due(5e6, 1 / 3), due(6e6, 1 / 3), due(1e6, 1 / 3)]).toEqual([true, false, true]);
  });
});
