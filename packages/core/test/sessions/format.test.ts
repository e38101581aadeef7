import { describe, expect, it } from 'vitest';
import {
  CELEBRATION,
  DASHBOARD_HISTORY_LIMIT,
  formatImprovement,
  formatReportDuration,
  formatSessionTimer,
  metricsScoreColour,
  poorPosturePercent,
  SESSION_HISTORY_DEFAULT_LIMIT,
  shouldCelebrate,
  weeklyGoalDots,
} from '../../src/sessions';

describe('session timer MM:SS', () => {
  it.each([
    [0, '00:00'],
    [9, '00:09'],
    [65, '01:05'],
    [600, '10:00'],
    [3725, '62:05'],
  ])('%i s → %s', (s, text) => {
    expect(formatSessionTimer(s)).toBe(text);
  });
});

describe("report duration 'Nm Ns'", () => {
  it.each([
    [0, '0m 0s'],
    [59, '0m 59s'],
    [61, '1m 1s'],
    [754, '12m 34s'],
  ])('%i s → %s', (s, text) => {
    expect(formatReportDuration(s)).toBe(text);
  });
});

describe('poor posture percent', () => {
  it.each([
    [30, 120, 25],
    [0, 100, 0],
    [100, 100, 100],
    [1, 3, 33],
    [5, 0, 0],
  ])('%i of %i → %i%', (poor, total, pct) => {
    expect(poorPosturePercent(poor, total)).toBe(pct);
  });
});

describe('session metrics colours', () => {
  it.each([
    [95, 'green'],
    [90, 'green'],
    [89, 'amber'],
    [80, 'amber'],
    [79, 'red'],
    [70, 'red'],
    [69, 'grey'],
  ])('%i → %s', (score, colour) => {
    expect(metricsScoreColour(score)).toBe(colour);
  });

  it('improvement deltas', () => {
    expect(formatImprovement(5)).toEqual({ arrow: '↑', text: '+5' });
    expect(formatImprovement(-3)).toEqual({ arrow: '↓', text: '-3' });
    expect(formatImprovement(0)).toEqual({ arrow: '→', text: '0' });
  });

  it('celebration at 90 or more after 1 s', () => {
    expect(CELEBRATION).toEqual({
      minScore: 90,
      delayMs: 1000,
      xpReward: 25,
      title: 'Excellent Session!',
      xpText: '+25 XP earned!',
      button: 'Awesome!',
    });
    expect([shouldCelebrate(90), shouldCelebrate(89.9)]).toEqual([true, false]);
  });

  it('weekly goal dots', () => {
    expect(weeklyGoalDots(3, 5)).toEqual([true, true, true, false, false]);
    expect(weeklyGoalDots(0, 0)).toEqual([]);
  });

  it('history limits', () => {
    expect([SESSION_HISTORY_DEFAULT_LIMIT, DASHBOARD_HISTORY_LIMIT]).toEqual([10, 5]);
  });
});
