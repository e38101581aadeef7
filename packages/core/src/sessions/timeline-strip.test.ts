import { describe, expect, it } from 'vitest';
import { FEEDBACK_GAP_CAP_S } from './feedback';
import { postureStretches } from './timeline-strip';

const t0 = Date.UTC(2026, 10, 24, 10, 0, 0);
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

describe('posture stretches of a session report', () => {
  it('holds each status until the next, merges repeats, and marks gaps beyond the cap and nobody as away', () => {
    const stretches = postureStretches(
      [
        { timestamp: at(0), postureStatus: 'good' },
        { timestamp: at(5), postureStatus: 'good' },
        { timestamp: at(10), postureStatus: 'poor', issue: 'forward_head' },
        { timestamp: at(12), postureStatus: 'neutral' },
        // A gap longer than the cap: the client had stopped.
        { timestamp: at(20), postureStatus: 'good' },
      ],
      t0 + (20 + FEEDBACK_GAP_CAP_S + 30) * 1000,
    );
    expect(stretches.map((s) => [s.tone, (s.from - t0) / 1000, (s.to - t0) / 1000, s.issue])).toEqual([
      ['good', 0, 10, null],
      ['poor', 10, 12, 'forward_head'],
      ['away', 12, 20, null],
      ['good', 20, 20 + FEEDBACK_GAP_CAP_S, null],
      ['away', 20 + FEEDBACK_GAP_CAP_S, 20 + FEEDBACK_GAP_CAP_S + 30, null],
    ]);
  });

  it('is empty without feedback', () => {
    expect(postureStretches([])).toEqual([]);
  });
});
