import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_INSIGHT_TEXTS,
  averageScore,
  bestDay,
  consistencyScore,
  dailyAggregates,
  dashboardFigures,
  deskDaysOf,
  deskFigures,
  improvementRate,
  insightsOf,
  MIN_RATE_SESSIONS,
  MIN_SESSION_WEIGHT_S,
  type ScoredSession,
  STEADY_RATE_PERCENT,
  sessionWeight,
  trendsOf,
  weekOf,
} from '../../src/analytics';

/** A session on a January 2026 day at `hour`, tracked `tracked` seconds (all good unless told). */
function session(
  day: number,
  score: number | null,
  tracked: number,
  options: { hour?: number; poor?: number; stability?: number | null } = {},
): ScoredSession {
  const poor = options.poor ?? 0;
  return {
    id: `s${day}-${options.hour ?? 10}-${tracked}`,
    startTime: new Date(Date.UTC(2026, 0, day, options.hour ?? 10)),
    duration: tracked,
    score,
    stabilityIndex: options.stability ?? null,
    times: { good: tracked - poor, neutral: 0, poor },
  };
}

const noIssues = { issueShares: [], issueLabel: (i: string) => i, issueAdvice: () => undefined };

describe('the average score of several sessions', () => {
  it('weighs each session by its tracked time', () => {
    // 6 s at 100 and 22 s at 90: (600 + 1980) / 28, not the plain mean 95.
    expect(averageScore([session(5, 100, 6), session(5, 90, 22)])).toBe(92.1);
    expect(averageScore([session(5, 60, 60), session(5, 90, 60)])).toBe(75);
  });

  it('leaves out sessions without a score and has none without any', () => {
    expect(averageScore([session(5, 80, 10), session(5, null, 100)])).toBe(80);
    expect(averageScore([session(5, null, 100)])).toBeNull();
    expect(averageScore([])).toBeNull();
  });

  it('counts a scored session with no tracked time as MIN_SESSION_WEIGHT_S, and one with more by its time', () => {
    expect(sessionWeight(session(5, 80, 0))).toBe(MIN_SESSION_WEIGHT_S);
    expect(sessionWeight(session(5, 80, MIN_SESSION_WEIGHT_S + 1))).toBe(MIN_SESSION_WEIGHT_S + 1);
    // The untracked session still counts (one second against nine).
    expect(averageScore([session(5, 100, 0), session(5, 50, 9)])).toBe(55);
  });
});

describe('the improvement rate', () => {
  it('compares the later half of the scored sessions with the earlier half, by the same average', () => {
    expect(improvementRate([])).toBe(0);
    expect(improvementRate([session(5, 50, 60)])).toBe(0);
    expect(improvementRate([session(5, 50, 60), session(6, 60, 60)])).toBe(20);
    // The order sessions started, whatever order they are given in.
    expect(improvementRate([session(6, 60, 60), session(5, 50, 60)])).toBe(20);
    // Odd count: the middle one belongs to neither half.
    expect(improvementRate([session(5, 80, 60), session(6, 10, 60), session(7, 40, 60)])).toBe(-50);
    // Each half weighed by time: (100 × 10 + 50 × 30) / 40 = 62.5 earlier against 75 later.
    expect(
      improvementRate([
        session(5, 100, 10),
        session(5, 50, 30, { hour: 11 }),
        session(6, 75, 60),
        session(6, 75, 60, { hour: 11 }),
      ]),
    ).toBe(20);
  });

  it('is not 0 for sessions of one day, since it compares sessions and not days', () => {
    const oneDay = [session(5, 70, 60, { hour: 9 }), session(5, 84, 60, { hour: 15 })];
    expect(trendsOf(oneDay, 30).improvementRate).toBe(20);
  });
});

describe('days, weeks, best day and consistency', () => {
  it('groups by day and ISO week, each by the average rule', () => {
    expect(weekOf(new Date(Date.UTC(2026, 0, 11)))).toBe('2026-01-05'); // a Sunday belongs to Monday 5th's week
    const data = dashboardFigures([
      session(5, 60, 30),
      session(5, 90, 60, { hour: 12 }),
      session(12, 90, 60),
      session(13, null, 0),
    ]);
    expect(data).toMatchObject({
      total_sessions: 4,
      total_time: 150,
      // (60 × 30 + 90 × 60 + 90 × 60) / 150
      average_posture_score: 84,
      last_session_date: '2026-01-13T10:00:00.000Z',
      posture_distribution: { good: 150, fair: 0, poor: 0 },
      scoreTrend: [60, 90, 90],
    });
    expect(data.daily_averages).toEqual([
      { date: '2026-01-05', averageScore: 80, sessionCount: 2 },
      { date: '2026-01-12', averageScore: 90, sessionCount: 1 },
      { date: '2026-01-13', averageScore: null, sessionCount: 1 },
    ]);
    expect(data.weekly_trends).toEqual([
      { week: '2026-01-05', averageScore: 80, sessionCount: 2 },
      { week: '2026-01-12', averageScore: 90, sessionCount: 2 },
    ]);
  });

  it('finds the best day, the first of equal ones, and none without scores', () => {
    expect(
      bestDay([
        { date: 'a', averageScore: 70 },
        { date: 'b', averageScore: 90 },
        { date: 'c', averageScore: 90 },
        { date: 'd', averageScore: null },
      ]),
    ).toEqual({ date: 'b', score: 90 });
    expect(bestDay([{ date: 'a', averageScore: null }])).toBeNull();
  });

  it('scores consistency from regular days and steady averages', () => {
    expect(consistencyScore([], 7)).toBe(0);
    expect(consistencyScore(Array(7).fill({ averageScore: 80 }), 7)).toBe(100);
    // Regularity 2/7; spread 25 points: steadiness 0.
    expect(consistencyScore([{ averageScore: 50 }, { averageScore: 100 }], 7)).toBe(14.3);
  });
});

describe('every figure over the same sessions agrees', () => {
  // Sessions of varied length (6 s to 40 min) and score over three days.
  const varied = [
    session(5, 100, 6, { hour: 9 }),
    session(5, 78, 22, { hour: 10, poor: 8 }),
    session(5, 91, 1800, { hour: 14, stability: 80 }),
    session(6, 62, 300, { hour: 9, poor: 200, stability: 40 }),
    session(6, null, 0, { hour: 11 }),
    session(7, 88, 2400, { hour: 16, poor: 100, stability: 90 }),
  ];

  it('one day: the average, the best day and the daily average are one number', () => {
    const day = varied.filter((s) => s.startTime.getUTCDate() === 5);
    const trends = trendsOf(day, 30);
    const insight = insightsOf(day, noIssues).progressIndicators;
    const overview = dashboardFigures(day);
    expect(trends.bestDay?.score).toBe(insight.averageScore);
    expect(overview.average_posture_score).toBe(insight.averageScore);
    expect(trends.dailyAggregates[0]?.averageScore).toBe(insight.averageScore);
    expect(trends.improvementRate).toBe(insight.improvementRate);
    expect(overview.improvement_rate).toBe(insight.improvementRate);
  });

  it('several days: the average lies between the worst and the best day, and the rates are one', () => {
    const trends = trendsOf(varied, 30);
    const insight = insightsOf(varied, noIssues).progressIndicators;
    const overview = dashboardFigures(varied);
    const days = dailyAggregates(varied).flatMap((d) => (d.averageScore === null ? [] : [d.averageScore]));
    expect(insight.averageScore).toBeLessThanOrEqual(trends.bestDay?.score as number);
    expect(insight.averageScore).toBeGreaterThanOrEqual(Math.min(...days));
    expect(overview.average_posture_score).toBe(insight.averageScore);
    expect(trends.improvementRate).toBe(insight.improvementRate);
    expect(overview.improvement_rate).toBe(insight.improvementRate);
    expect(insight.sessionCount).toBe(varied.length);
    expect(trends.dailyAggregates.reduce((n, d) => n + d.sessionCount, 0)).toBe(varied.length);
    // Good share over tracked time; stability weighed like the score.
    const tracked = varied.reduce((n, s) => n + s.times.good + s.times.neutral + s.times.poor, 0);
    const good = varied.reduce((n, s) => n + s.times.good, 0);
    expect(insight.goodPosturePercentage).toBe(Math.round((1000 * good) / tracked) / 10);
    // (80 × 1800 + 40 × 300 + 90 × 2400) / 4500
    expect(insight.stabilityIndex).toBe(82.7);
  });
});

describe('the insights text', () => {
  it('says there is no feedback yet without sessions', () => {
    expect(insightsOf([], noIssues)).toEqual({
      overallPatterns: ANALYTICS_INSIGHT_TEXTS.noFeedback,
      improvementAreas: [],
      progressIndicators: { sessionCount: 0 },
    });
  });

  it('calls scores steady within STEADY_RATE_PERCENT and improving or declining past it', () => {
    const pair = (rate: number) => [session(5, 100, 60), session(6, 100 + rate, 60)];
    expect(insightsOf(pair(STEADY_RATE_PERCENT), noIssues).overallPatterns).toContain(
      ANALYTICS_INSIGHT_TEXTS.steady,
    );
    expect(insightsOf(pair(STEADY_RATE_PERCENT + 0.1), noIssues).overallPatterns).toContain(
      ANALYTICS_INSIGHT_TEXTS.improving(STEADY_RATE_PERCENT + 0.1),
    );
    expect(insightsOf(pair(-STEADY_RATE_PERCENT), noIssues).overallPatterns).toContain(
      ANALYTICS_INSIGHT_TEXTS.steady,
    );
    expect(insightsOf(pair(-STEADY_RATE_PERCENT - 0.1), noIssues).overallPatterns).toContain(
      ANALYTICS_INSIGHT_TEXTS.declining(-STEADY_RATE_PERCENT - 0.1),
    );
  });

  it('names the most frequent issue and lists issues of at least 5 % of the feedback', () => {
    const result = insightsOf([session(5, 80, 60)], {
      issueShares: [
        ['forward_head', 0.4],
        ['tilt', 0.05],
        ['shoulder_asymmetry', 0.04],
      ],
      issueLabel: (i) => (i === 'forward_head' ? 'Forward head posture' : i),
      issueAdvice: (i) => (i === 'forward_head' ? 'Raise the screen.' : undefined),
    });
    expect(result.overallPatterns).toBe(
      'Across 1 session your average posture score is 80, with good posture 100% of the time. Your most frequent issue is forward head posture (40% of feedback).',
    );
    expect(result.improvementAreas).toEqual(['Raise the screen.', 'Work on tilt.']);
  });

  it('with fewer than two scored sessions says no trend and shows no improvement rate: there is nothing to compare', () => {
    // One session's scores were called "steady", its Improvement Rate "0%" (the finish walk's analytics).
    for (const sessions of [[session(5, 80, 60)], [session(5, 80, 60), session(6, null, 60)]]) {
      const result = insightsOf(sessions, noIssues);
      expect(result.overallPatterns).not.toContain(ANALYTICS_INSIGHT_TEXTS.steady);
      expect(result.progressIndicators).not.toHaveProperty('improvementRate');
      expect(trendsOf(sessions, 30).comparedSessions).toBe(1);
    }
    const two = [session(5, 80, 60), session(6, 80, 60)];
    expect(insightsOf(two, noIssues).progressIndicators.improvementRate).toBe(0);
    expect(trendsOf(two, 30).comparedSessions).toBe(MIN_RATE_SESSIONS);
  });
});

describe('the desk figures (the extension popup’s today and last seven days)', () => {
  const withTimes = (
    times: ScoredSession['times'],
    sittingTime: number | null | undefined,
  ): ScoredSession => ({
    ...session(5, 80, 0),
    duration: times.good + times.neutral + times.poor,
    times,
    sittingTime,
  });

  it('gives the insights’ good-posture percentage and adds up the sessions’ sitting time', () => {
    // 30 min good, 10 min poor, 20 min not judged; then 5 min good of 10: 35 of 70 min good.
    const sessions = [
      withTimes({ good: 1800, neutral: 1200, poor: 600 }, 3000),
      withTimes({ good: 300, neutral: 0, poor: 300 }, 540),
    ];
    const desk = deskFigures(sessions);
    expect(desk).toEqual({ sessionCount: 2, goodPosturePercentage: 50, sittingTime: 3540 });
    // The same percentage as the analytics screen's insights over the same sessions.
    expect(insightsOf(sessions, noIssues).progressIndicators.goodPosturePercentage).toBe(
      desk.goodPosturePercentage,
    );
  });

  it('counts not-judged time as neither good nor poor: it is tracked, and only good time is good', () => {
    expect(deskFigures([withTimes({ good: 60, neutral: 140, poor: 0 }, null)]).goodPosturePercentage).toBe(
      30,
    );
  });

  it('leaves out a session that never said who was in view, and says nothing when none did', () => {
    expect(
      deskFigures([
        withTimes({ good: 60, neutral: 0, poor: 0 }, 60),
        withTimes({ good: 60, neutral: 0, poor: 0 }, null),
      ]).sittingTime,
    ).toBe(60);
    expect(deskFigures([withTimes({ good: 60, neutral: 0, poor: 0 }, undefined)]).sittingTime).toBeNull();
    expect(deskFigures([])).toEqual({ sessionCount: 0, goodPosturePercentage: null, sittingTime: null });
  });
});

describe('sitting and breaks per day', () => {
  const seen = (day: number, hour: number, sittingTime: number, breaks: number, longestStretch: number) => ({
    ...session(day, 90, sittingTime, { hour }),
    sittingTime,
    breaks,
    longestStretch,
  });

  it("adds a day's sitting and breaks, keeps its longest stretch, and lists no day nobody watched", () => {
    const days = deskDaysOf([
      seen(5, 9, 1800, 1, 1200),
      session(6, 80, 600), // an older client: never said who was in view
      seen(5, 14, 2400, 2, 1500),
      seen(7, 9, 300, 0, 300),
    ]);
    expect(days).toEqual([
      { date: '2026-01-05', sittingTime: 4200, breaks: 3, longestStretch: 1500, sessionCount: 2 },
      { date: '2026-01-07', sittingTime: 300, breaks: 0, longestStretch: 300, sessionCount: 1 },
    ]);
    expect(trendsOf([session(6, 80, 600)], 7).deskDays).toEqual([]);
  });
});
