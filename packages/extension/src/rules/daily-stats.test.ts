import { describe, expect, it } from 'vitest';
import {
  addPostureTime,
  emptyStats,
  formatMonitoredTime,
  goodPostureShare,
  MAX_COUNTED_GAP_MS,
} from './daily-stats';

const noon = new Date(2026, 10, 22, 12, 0, 0).getTime();

describe('daily stats', () => {
  it('credits the time since the previous update to the posture seen then', () => {
    let stats = addPostureTime(null, { status: 'good', at: noon }, noon + 3000);
    stats = addPostureTime(stats, { status: 'poor', at: noon + 3000 }, noon + 4000);
    stats = addPostureTime(stats, { status: 'neutral', at: noon + 4000 }, noon + 6000);
    expect(stats).toEqual({ day: '2026-11-22', monitoredMs: 6000, goodMs: 3000, poorMs: 1000 });
    // Good of the time monitored, the analytics' rule: the 2 s not judged are neither good nor poor.
    expect(goodPostureShare(stats)).toBe(50);
  });

  it('does not count gaps longer than the limit (pause, sleep, lost link)', () => {
    const stats = addPostureTime(null, { status: 'good', at: noon }, noon + MAX_COUNTED_GAP_MS + 1);
    expect(stats.monitoredMs).toBe(0);
  });

  it('starts afresh on a new day, counting only the time after midnight', () => {
    const before = new Date(2026, 10, 22, 23, 59, 58).getTime();
    const after = new Date(2026, 10, 23, 0, 0, 3).getTime();
    const yesterday = { day: '2026-11-22', monitoredMs: 50_000, goodMs: 50_000, poorMs: 0 };
    expect(addPostureTime(yesterday, { status: 'good', at: before }, after)).toEqual({
      day: '2026-11-23',
      monitoredMs: 3000,
      goodMs: 3000,
      poorMs: 0,
    });
  });

  it('has no share before any known posture', () => {
    expect(goodPostureShare(emptyStats(noon))).toBeNull();
  });

  it('formats monitored time in hours and minutes', () => {
    expect(formatMonitoredTime(0)).toBe('0 min');
    expect(formatMonitoredTime(12 * 60_000 + 59_000)).toBe('12 min');
    expect(formatMonitoredTime(65 * 60_000)).toBe('1 h 05 min');
  });
});
