import { describe, expect, it } from 'vitest';
import { FEEDBACK_GAP_CAP_S } from './feedback';
import { postureStretches } from './timeline-strip';

const t0 = Date.UTC(2026, 10, 24, 10, 0, 0);
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

describe('posture stretches of a session report', () => {
  it('holds each status until the next, merges repeats, and marks silences beyond the cap and nobody as away', () => {
    const stretches = postureStretches(
      [
        { timestamp: at(0), postureStatus: 'good' },
        { timestamp: at(5), postureStatus: 'good' },
        { timestamp: at(10), postureStatus: 'poor', issue: 'forward_head' },
        { timestamp: at(12), postureStatus: 'neutral' },
        { timestamp: at(12 + FEEDBACK_GAP_CAP_S), postureStatus: 'good' },
        // A silence longer than the cap: the frames stopped somewhere in it, so none of it is good.
      ],
      t0 + (12 + FEEDBACK_GAP_CAP_S + 30) * 1000,
    );
    expect(stretches.map((s) => [s.tone, (s.from - t0) / 1000, (s.to - t0) / 1000, s.issue])).toEqual([
      ['good', 0, 10, null],
      ['poor', 10, 12, 'forward_head'],
      ['away', 12, 12 + FEEDBACK_GAP_CAP_S + 30, null],
    ]);
  });

  it('draws only the session: nothing before its start or after its end', () => {
    // A client whose clock ran 10 s behind: its first feedback is stamped before the session started.
    const stretches = postureStretches(
      [
        { timestamp: at(-10), postureStatus: 'good' },
        { timestamp: at(-5), postureStatus: 'good' },
        { timestamp: at(2), postureStatus: 'poor', issue: 'tilt' },
        { timestamp: at(6), postureStatus: 'poor', issue: 'tilt' },
      ],
      t0 + 10_000,
      t0,
    );
    expect(stretches.map((s) => [s.tone, (s.from - t0) / 1000, (s.to - t0) / 1000])).toEqual([
      ['good', 0, 2],
      ['poor', 2, 10],
    ]);
  });

  it('is empty without feedback', () => {
    expect(postureStretches([])).toEqual([]);
  });
});
