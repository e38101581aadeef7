import { sessionHistoryItem } from '@posture-vision/testkit/sessions';
import { describe, expect, it } from 'vitest';
import {
  analyticsCharts,
  analyticsRows,
  CHART_POINT_KEY,
  calibrationEntry,
  chartPointKey,
  chartSeries,
  consistencyBarPercent,
  dateFilterRange,
  filterSessionsByMode,
  formatDuration,
  formatImprovementRate,
  indicatorLabel,
  indicatorValue,
  priorityStyle,
  progressIndicators,
  recommendationCategory,
  SESSION_TYPE_OPTIONS,
  type SessionEntry,
  sessionEntry,
  sessionTypeLabel,
  TREND_TIMEFRAMES,
} from '../../src/analytics';
import type { SessionHistoryItem } from '../../src/clients/api/types';

const session = (id: string, mode: string, over: Partial<SessionHistoryItem> = {}): SessionHistoryItem =>
  sessionHistoryItem({ id, mode, createdAt: '2026-03-04T10:00:00.000Z', ...over });

describe('session entries', () => {
  it('derive id, locale date, type, duration, score, cva and link', () => {
    expect(sessionEntry(session('s1', 'active', { duration: 1529 }), 'en-US')).toEqual({
      id: 's1',
      source: 'session',
      date: new Date('2026-03-04T10:00:00.000Z').toLocaleDateString('en-US'),
      at: '2026-03-04T10:00:00.000Z',
      type: 'Real-Time Session',
      duration: '25m',
      score: 80,
      cva: 50,
      detailsLink: '/dashboard/session-report?id=s1',
    });
  });

  it.each([
    ['active', 'Real-Time Session'],
    ['passive', 'Passive Session'],
    ['other', 'Passive Session'],
  ])('mode %s → %s', (mode, label) => {
    expect(sessionTypeLabel(mode)).toBe(label);
  });

  it.each([
    [null, 'N/A'],
    [undefined, 'N/A'],
    [0, '0s'],
    [6, '6s'],
    [22, '22s'],
    [59.4, '59s'],
    [59.6, '1m'], // 60 s is a minute
    [60, '1m'],
    [90, '2m'], // rounded: 1.5 → 2
    [3600, '60m'],
  ])('duration %j s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('calibrations get a cal- id, Photo Calibration, N/A and the calibration link', () => {
    expect(
      calibrationEntry(
        {
          id: '9',
          createdAt: '2026-03-05T00:00:00.000Z',
          initialPostureScore: 72,
          cranialVertebralAngle: 47.5,
        },
        'en-GB',
      ),
    ).toEqual({
      id: 'cal-9',
      source: 'calibration',
      date: new Date('2026-03-05T00:00:00.000Z').toLocaleDateString('en-GB'),
      at: '2026-03-05T00:00:00.000Z',
      type: 'Photo Calibration',
      duration: 'N/A',
      score: 72,
      cva: 47.5,
      detailsLink: '/dashboard/calibration',
    });
  });
});

describe('mode filter', () => {
  const sessions = [session('a', 'active'), session('p', 'passive'), session('a2', 'active')];

  it.each([
    ['all', ['a', 'p', 'a2']],
    ['', ['a', 'p', 'a2']],
    ['active', ['a', 'a2']],
    ['ACTIVE', ['a', 'a2']],
    ['Passive', ['p']],
    ['calibration', []],
  ])('%j keeps %j', (filter, ids) => {
    expect(filterSessionsByMode(sessions, filter).map((s) => s.id)).toEqual(ids);
  });

  it('rows are the filtered sessions followed by the calibrations', () => {
    const rows = analyticsRows(
      sessions,
      [{ id: '1', createdAt: '2026-03-01T00:00:00Z', initialPostureScore: 70, cranialVertebralAngle: 49 }],
      'passive',
    );
    expect(rows.map((r) => r.id)).toEqual(['p', 'cal-1']);
  });

  it('lists every session until a type is chosen, and offers the session types and trend timeframes', () => {
    expect(analyticsRows(sessions, []).map((r) => r.id)).toEqual(['a', 'p', 'a2']);
    expect(SESSION_TYPE_OPTIONS.map((o) => o.label)).toEqual([
      'All',
      'Real-Time Session',
      'Photo Calibration',
    ]);
    expect(TREND_TIMEFRAMES).toEqual([
      { value: '7d', label: 'Last 7 Days' },
      { value: '30d', label: 'Last 30 Days' },
      { value: '90d', label: 'Last 3 Months' },
      { value: '1y', label: 'Last Year' },
    ]);
  });
});

describe('chart series', () => {
  const row = (i: number, score: number | null, cva: number | null): SessionEntry => ({
    id: String(i),
    source: 'session',
    date: `d${i}`,
    at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    type: 'Real-Time Session',
    duration: '1m',
    score,
    cva,
    detailsLink: '#',
  });

  it('keeps non-null values, the 10 newest, oldest to newest', () => {
    const rows = Array.from({ length: 14 }, (_, i) => row(i, i % 4 === 0 ? null : i * 10, i));
    const score = chartSeries(rows, 'score');
    // Non-null scores: 1,2,3,5,6,7,9,10,11,13 (10 of them after dropping 0,4,8,12).
    expect(score.labels).toEqual(['d1', 'd2', 'd3', 'd5', 'd6', 'd7', 'd9', 'd10', 'd11', 'd13']);
    expect(score.data).toEqual([10, 20, 30, 50, 60, 70, 90, 100, 110, 130]);
    const cva = chartSeries(rows, 'cva');
    expect(cva.data).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('sorts by date first: 15 sessions (newest first) and 3 calibrations (oldest first) plot the 10 newest', () => {
    // History answers newest first, calibration progress oldest first; calibrations on days 0, 7 and 14.
    const sessions = Array.from({ length: 15 }, (_, k) => row(15 - k, 50 + (15 - k), null));
    const calibrations = [0, 7, 14].map((d) => ({
      ...row(d, 90, 48),
      id: `cal-${d}`,
      source: 'calibration' as const,
    }));
    const score = chartSeries([...sessions, ...calibrations], 'score');
    expect(score.labels).toEqual(['d7', 'd8', 'd9', 'd10', 'd11', 'd12', 'd13', 'd14', 'd14', 'd15']);
    const times = score.labels.map((l) => Number(l.slice(1)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(score.data.at(-1)).toBe(65);
    // Each point keeps its source: the calibration of day 14 is the 8th point, beside day 14's session.
    expect(score.sources).toEqual([...Array(7).fill('session'), 'calibration', 'session', 'session']);
    expect(score.data[7]).toBe(90);
  });

  it('a chart whose points come from both sources gets the point key; one source alone does not', () => {
    const calibration = { ...row(3, 100, 48.6), id: 'cal-3', source: 'calibration' as const };
    const mixed = chartSeries([row(4, 78, 48.6), calibration], 'score');
    expect(mixed.sources).toEqual(['calibration', 'session']);
    expect(chartPointKey(mixed, 'score')).toBe(CHART_POINT_KEY.score);
    expect(chartPointKey(chartSeries([row(4, 78, 48.6), row(5, 80, 48.6)], 'score'), 'score')).toBeNull();
    expect(chartPointKey(chartSeries([calibration], 'cva'), 'cva')).toBeNull();
    expect(chartPointKey(chartSeries([row(4, 78, 48.6), calibration], 'cva'), 'cva')).toBe(
      CHART_POINT_KEY.cva,
    );
  });

  it('fewer than 10 points: all of them, oldest first', () => {
    expect(chartSeries([row(1, 5, null), row(2, 6, 40)], 'cva')).toEqual({
      labels: ['d2'],
      data: [40],
      sources: ['session'],
    });
  });

  it('both charts are cleared without rows', () => {
    expect(analyticsCharts([])).toEqual({
      score: { labels: [], data: [], sources: [] },
      cva: { labels: [], data: [], sources: [] },
    });
    expect(analyticsCharts([row(1, 50, 45)]).score.data).toEqual([50]);
  });

  it('the date filter is sent as both start and end date', () => {
    expect(dateFilterRange('2026-02-03')).toEqual({ startDate: '2026-02-03', endDate: '2026-02-03' });
    expect(dateFilterRange('')).toBeUndefined();
    expect(dateFilterRange(null)).toBeUndefined();
  });
});

describe('insights and recommendations', () => {
  it.each([
    ['high', 'HIGH PRIORITY', 'red'],
    ['medium', 'MEDIUM PRIORITY', 'yellow'],
    ['low', 'LOW PRIORITY', 'green'],
    ['urgent', 'URGENT PRIORITY', 'green'],
  ])('priority %s → %s in %s', (priority, label, colour) => {
    expect(priorityStyle(priority)).toEqual({ label, colour });
  });

  it("category defaults to 'General'", () => {
    expect(recommendationCategory(undefined)).toBe('General');
    expect(recommendationCategory('')).toBe('General');
    expect(recommendationCategory('Ergonomics')).toBe('Ergonomics');
  });

  it.each([
    ['averageScore', 'Average Score'],
    ['improvementRateLastWeek', 'Improvement Rate Last Week'],
    ['cvaChange', 'Cva Change'],
    ['score', 'Score'],
  ])('key %s → %s', (key, label) => {
    expect(indicatorLabel(key)).toBe(label);
  });

  it('numbers to 1 decimal, counts as whole numbers', () => {
    expect(indicatorValue(3)).toBe('3.0');
    expect(indicatorValue(2.345)).toBe('2.3');
    expect(indicatorValue(-1.25)).toBe('-1.3');
    expect(indicatorValue(1, 'sessionCount')).toBe('1');
    expect(indicatorValue(12, 'totalSessions')).toBe('12');
    expect(indicatorValue(100, 'stabilityIndex')).toBe('100.0');
    expect(indicatorValue(2, 'accountCountry')).toBe('2.0');
    // Rates as the Improvement Summary writes them, shares with their sign.
    expect(indicatorValue(18.1, 'improvementRate')).toBe(formatImprovementRate(18.1));
    expect(indicatorValue(-3, 'improvementRate')).toBe('-3%');
    expect(indicatorValue(78.25, 'goodPosturePercentage')).toBe('78.3%');
    expect(progressIndicators({ averageScore: 81.26, sessionCount: 4 })).toEqual([
      { key: 'averageScore', label: 'Average Score', value: '81.3' },
      { key: 'sessionCount', label: 'Session Count', value: '4' },
    ]);
    expect(progressIndicators(null)).toEqual([]);
  });

  it.each([
    [12.34, '+12.3%'],
    [0, '0%'],
    [-4.5, '-4.5%'],
    [0.04, '0%'],
  ])('improvement rate %f → %s', (rate, text) => {
    expect(formatImprovementRate(rate)).toBe(text);
  });

  it('consistency bar within 0..100', () => {
    expect([consistencyBarPercent(-5), consistencyBarPercent(64), consistencyBarPercent(130)]).toEqual([
      0, 64, 100,
    ]);
  });
});
