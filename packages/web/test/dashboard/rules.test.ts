// The dashboard's own derivations (sections 3.6, 4.8, 5.4, 5.5 and 9) with the specification's texts.
import type { CalibrationProgressItem, SessionHistoryItem, SessionReport } from '@posture-vision/core/api';
import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  formatDurationMinutes,
  improvementRateText,
  localDateKey,
  priorityStyle,
  progressIndicatorLabel,
  progressIndicatorValue,
  sessionTypeLabel,
  timelineRows,
} from '../../src/dashboard/rules/analyticsRows';
import {
  calibrationCardStatus,
  initialPostureStatus,
  sessionScoreStatus,
  stabilityStatus,
} from '../../src/dashboard/rules/dashboardStatus';
import {
  formatDelta,
  formatReportDuration,
  metricsScoreColour,
  poorPosturePercent,
  summaryScoreClass,
} from '../../src/dashboard/rules/displayRules';
import {
  correctionsCount,
  streakCount,
  userMetrics,
  weekTrend,
} from '../../src/dashboard/session-metrics/userMetrics';

function session(
  id: string,
  createdAt: string,
  overrides: Partial<SessionHistoryItem> = {},
): SessionHistoryItem {
  return {
    id,
    createdAt,
    mode: 'active',
    duration: 600,
    averagePostureScore: 80,
    averageCVAngle: 50,
    ...overrides,
  };
}

describe('dashboard status mapping (4.8)', () => {
  it('maps calibration, score, stability and initial posture with the thresholds of section 9', () => {
    expect(calibrationCardStatus(true)).toEqual({ value: 'Active', label: 'Good', good: true });
    expect(calibrationCardStatus(false)).toEqual({
      value: 'Needs Calibration',
      label: 'Action Required',
      good: false,
    });
    expect(sessionScoreStatus(76)).toBe('Good');
    expect(sessionScoreStatus(75)).toBe('Needs Improvement');
    expect(stabilityStatus(71)).toBe('Stable');
    expect(stabilityStatus(70)).toBe('Improving');
    expect(initialPostureStatus(76)).toBe('Good Alignment');
    expect(initialPostureStatus(75)).toBe('Needs Work');
  });
});

describe('analytics rows (3.6, 5.5)', () => {
  const history = [
    session('s2', '2026-03-02T10:00:00Z', { mode: 'passive', duration: 89 }),
    session('s1', '2026-03-01T10:00:00Z', { duration: null, averageCVAngle: null }),
  ];
  const progress: CalibrationProgressItem[] = [
    { id: 'c1', createdAt: '2026-03-03T10:00:00Z', initialPostureScore: 70, cranialVertebralAngle: 47 },
  ];

  it('labels types, durations and links', () => {
    expect(sessionTypeLabel('active')).toBe('Real-Time Session');
    expect(sessionTypeLabel('passive')).toBe('Passive Session');
    expect(formatDurationMinutes(89)).toBe('1m');
    expect(formatDurationMinutes(null)).toBe('N/A');
    const rows = timelineRows(history, progress, 'all');
    expect(rows.map((r) => [r.id, r.type, r.duration, r.detailsLink])).toEqual([
      ['cal-c1', 'Photo Calibration', 'N/A', '/dashboard/calibration'],
      ['s2', 'Passive Session', '1m', '/dashboard/session-report?id=s2'],
      ['s1', 'Real-Time Session', 'N/A', '/dashboard/session-report?id=s1'],
    ]);
  });

  it('filters by the lowercased Session Type value', () => {
    expect(timelineRows(history, progress, 'Active').map((r) => r.id)).toEqual(['s1']);
    expect(timelineRows(history, progress, 'Photo Calibration').map((r) => r.id)).toEqual(['cal-c1']);
  });

  it('keeps only the chosen day when a date is set', () => {
    const day = localDateKey(history[0]?.createdAt ?? '');
    expect(timelineRows(history, progress, 'all', day).map((r) => r.id)).toEqual(['s2']);
    expect(timelineRows(history, progress, 'all', '2001-01-01')).toEqual([]);
  });

  it('charts the 10 most recent non-null values, oldest first', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      session(`s${i}`, new Date(Date.UTC(2026, 0, 20 - i)).toISOString(), {
        averagePostureScore: i === 0 ? null : 100 - i,
      }),
    );
    const rows = timelineRows(many, [], 'all');
    const scores = chartSeries(rows, 'score').map((p) => p.value);
    expect(scores).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99]);
    expect(chartSeries(timelineRows(history, [], 'all'), 'cva').map((p) => p.value)).toEqual([50]);
  });

  it('styles priorities and formats insights', () => {
    expect(priorityStyle('high')).toEqual({ text: 'HIGH PRIORITY', colour: 'red' });
    expect(priorityStyle('medium')).toEqual({ text: 'MEDIUM PRIORITY', colour: 'yellow' });
    expect(priorityStyle('low')).toEqual({ text: 'LOW PRIORITY', colour: 'green' });
    expect(progressIndicatorLabel('averageScoreChange')).toBe('Average Score Change');
    expect(progressIndicatorValue(3.16)).toBe('3.2');
    expect(improvementRateText(12.34)).toBe('+12.3%');
    expect(improvementRateText(-4)).toBe('-4.0%');
  });
});

describe('display rules (5.4, 9)', () => {
  it('colours scores and formats report values', () => {
    expect([95, 90, 85, 80, 75, 70, 69].map(metricsScoreColour)).toEqual([
      'green',
      'green',
      'amber',
      'amber',
      'red',
      'red',
      'grey',
    ]);
    expect([80, 79, 60, 59].map(summaryScoreClass)).toEqual(['good', 'mid', 'mid', 'poor']);
    expect(poorPosturePercent(30, 120)).toBe(25);
    expect(poorPosturePercent(0, 0)).toBe(0);
    expect(formatReportDuration(125)).toBe('2m 5s');
    expect(formatDelta(3)).toBe('▲ +3');
    expect(formatDelta(-2)).toBe('▼ -2');
  });
});

describe('session metrics from the user’s sessions', () => {
  const now = new Date(2026, 10, 19, 12); // a Thursday
  const at = (day: number, hour = 10) => new Date(2026, 10, day, hour).toISOString();

  it('counts the streak, the week’s bars and the reminders', () => {
    const history = [session('a', at(19)), session('b', at(18)), session('c', at(16)), session('d', at(10))];
    expect(streakCount(history, now)).toBe(2);
    expect(weekTrend([session('a', at(17), { averagePostureScore: 60 }), session('b', at(17))], now)).toEqual(
      [0, 70, 0, 0, 0, 0, 0],
    );
    const report = {
      timeline: ['good', 'poor', 'poor', 'good', 'poor'].map((postureStatus) => ({
        timestamp: at(19),
        postureStatus,
      })),
    } as SessionReport;
    expect(correctionsCount(report)).toBe(2);
  });

  it('builds three recent sessions with deltas against the previous one', () => {
    const history = [
      session('a', at(19, 7), { averagePostureScore: 91 }),
      session('b', at(18), { averagePostureScore: 85 }),
      session('c', at(17), { averagePostureScore: 80 }),
      session('d', at(16), { averagePostureScore: 70 }),
    ];
    const data = userMetrics(history, {}, now);
    expect(data.source).toBe('user');
    expect(data.sessions.map((s) => s.overallScore)).toEqual([91, 85, 80]);
    expect(data.sessions[0]?.improvements['Posture Score']).toBe(6);
    expect(data.weeklyCompleted).toBe(4);
    expect(data.xp).toBe(100);
    const earned = data.achievements.filter((a) => a.earned).map((a) => a.name);
    expect(earned).toEqual(['Early Bird', 'Steady Progress']);
  });
});
