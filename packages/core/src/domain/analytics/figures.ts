// The analytics figures over several sessions: every number the dashboard and the analytics screen show about more
// than one session (average score, improvement rate, daily and weekly averages, best day, consistency, good-posture
// share, stability) comes from the rules below, and all of them weigh a session the same way (sessionWeight).
// Two rules that weighed sessions differently made one page say "Average Score 87.3" beside "Best day … 92" on a
// single day, and "Improvement Rate 18.1" above "Improvement rate: 0%".
import { ANALYTICS_INSIGHT_TEXTS } from '../../texts/analytics';
import type { DashboardAnalytics, PostureTrends, SessionInsights } from './contract';

export interface ScoredSession {
  id: string;
  startTime: Date;
  /** Seconds. */
  duration: number;
  /** The session's own average score (its report's), null when it has no feedback. */
  score: number | null;
  stabilityIndex: number | null;
  /** Seconds in each status: the report's keyFindings (each feedback holds until the next one, capped). */
  times: { good: number; neutral: number; poor: number };
  /** Seconds of sitting: the report's sitting time (core's sessionSitting); null or absent when its feedback never
   * said who was in view. */
  sittingTime?: number | null;
  /** The session's breaks and its longest sitting stretch in seconds (the report's sitting), null or absent as
   * sittingTime is. */
  breaks?: number | null;
  longestStretch?: number | null;
}

/**
 * The least a scored session weighs, in seconds. A session's weight is its tracked posture time, but one whose
 * only feedback came as it ended has none, and its score would then count for nothing while its row in the
 * table shows it: at least one second keeps every scored session in every average.
 */
export const MIN_SESSION_WEIGHT_S = 1;

/**
 * The improvement rate's "steady" band, in percent: the insights text calls scores improving above +5 % and
 * declining below −5 %; a smaller change is within what a posture score moves from day to day.
 */
export const STEADY_RATE_PERCENT = 5;

/**
 * Consistency: how much one point of standard deviation of the daily averages costs the steadiness half (a spread
 * of 25 points or more between days gives 0).
 */
export const STEADINESS_COST_PER_POINT = 4;

/** An issue needs at least this share of the feedback to be listed as an improvement area (5 %). */
export const IMPROVEMENT_AREA_MIN_SHARE = 0.05;

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/** Seconds of posture the session tracked. */
export function trackedTime(s: Pick<ScoredSession, 'times'>): number {
  return s.times.good + s.times.neutral + s.times.poor;
}

/** How much a session counts in a figure over several sessions: its tracked time, at least MIN_SESSION_WEIGHT_S. */
export function sessionWeight(s: Pick<ScoredSession, 'times'>): number {
  return Math.max(MIN_SESSION_WEIGHT_S, trackedTime(s));
}

/**
 * THE average score of several sessions: each session's score weighted by sessionWeight (a 30-minute session
 * counts 30 times a 1-minute one, as a session's own score weighs its feedback by time). Sessions without a score
 * are left out; none with one: null. To one decimal.
 */
export function averageScore(sessions: readonly ScoredSession[]): number | null {
  let sum = 0;
  let weight = 0;
  for (const s of sessions) {
    if (s.score === null) continue;
    const w = sessionWeight(s);
    sum += s.score * w;
    weight += w;
  }
  return weight ? round1(sum / weight) : null;
}

/** The improvement rate compares two halves of the scored sessions: it needs at least this many. */
export const MIN_RATE_SESSIONS = 2;

/** How many of the sessions have a score (the sessions the improvement rate compares). */
export function scoredCount(sessions: readonly ScoredSession[]): number {
  return sessions.filter((s) => s.score !== null).length;
}

function chronological(sessions: readonly ScoredSession[]): ScoredSession[] {
  return [...sessions].sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}

/**
 * Improvement rate in percent: the average score (averageScore) of the later half of the scored sessions against
 * that of the earlier half, in the order they started; with an odd count the middle one belongs to neither. Fewer
 * than two scored sessions: 0. The same sessions give the same rate wherever it is shown (the trends' summary,
 * the insights, the dashboard).
 */
export function improvementRate(sessions: readonly ScoredSession[]): number {
  const scored = chronological(sessions).filter((s) => s.score !== null);
  if (scored.length < MIN_RATE_SESSIONS) return 0;
  const half = Math.floor(scored.length / 2);
  const earlier = averageScore(scored.slice(0, half));
  const later = averageScore(scored.slice(scored.length - half));
  if (earlier === null || later === null || earlier === 0) return 0;
  return round1(((later - earlier) / earlier) * 100);
}

/** The UTC day of a date, yyyy-mm-dd. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Monday (UTC) of the date's ISO week. */
export function weekOf(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return dayOf(d);
}

function groups(sessions: readonly ScoredSession[], key: (d: Date) => string) {
  const byKey = new Map<string, ScoredSession[]>();
  for (const s of sessions) {
    const k = key(s.startTime);
    byKey.set(k, [...(byKey.get(k) ?? []), s]);
  }
  return [...byKey.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

/** Each day's average score (averageScore of its sessions; null when none has feedback) and session count. */
export function dailyAggregates(sessions: readonly ScoredSession[]) {
  return groups(sessions, dayOf).map(([date, day]) => ({
    date,
    averageScore: averageScore(day),
    sessionCount: day.length,
  }));
}

/** Each ISO week's average score and session count, by the same rule as the days. */
export function weeklyTrends(sessions: readonly ScoredSession[]) {
  return groups(sessions, weekOf).map(([week, days]) => ({
    week,
    averageScore: averageScore(days),
    sessionCount: days.length,
  }));
}

/** The day with the highest average score (the first of equal ones); null when no day has one. Since the overall
 * average is a weighted mean of the days', it is never above the best day's. */
export function bestDay(daily: readonly { date: string; averageScore: number | null }[]) {
  let best: { date: string; score: number } | null = null;
  for (const d of daily)
    if (d.averageScore !== null && (!best || d.averageScore > best.score))
      best = { date: d.date, score: d.averageScore };
  return best;
}

/**
 * Consistency score (0–100): half regularity, half steadiness. Regularity is the share of days in the timeframe
 * with a scored session; steadiness is 100 minus STEADINESS_COST_PER_POINT per point of standard deviation of the
 * daily average scores. No scored day: 0.
 */
export function consistencyScore(
  daily: readonly { averageScore: number | null }[],
  timeframeDays: number,
): number {
  const scored = daily.flatMap((d) => (d.averageScore === null ? [] : [d.averageScore]));
  if (!scored.length) return 0;
  const regularity = Math.min(1, scored.length / timeframeDays) * 100;
  const m = mean(scored);
  const sd = Math.sqrt(mean(scored.map((x) => (x - m) ** 2)));
  const steadiness = Math.max(0, 100 - STEADINESS_COST_PER_POINT * sd);
  return round1((regularity + steadiness) / 2);
}

/**
 * Good posture's share of the tracked time, and the stability index weighted like the score (sessionWeight).
 * No tracked time or no stability: 0.
 */
export function timeWeightedFigures(sessions: readonly ScoredSession[]) {
  let tracked = 0;
  let good = 0;
  let stabilitySum = 0;
  let stabilityWeight = 0;
  for (const s of sessions) {
    tracked += trackedTime(s);
    good += s.times.good;
    if (s.stabilityIndex !== null) {
      stabilitySum += s.stabilityIndex * sessionWeight(s);
      stabilityWeight += sessionWeight(s);
    }
  }
  return {
    averageScore: averageScore(sessions) ?? 0,
    goodShare: tracked ? good / tracked : 0,
    stabilityIndex: stabilityWeight ? round1(stabilitySum / stabilityWeight) : 0,
  };
}

/** The dashboard's analytics (GET /sessions/analytics). The posture distribution is seconds in each status. */
export function dashboardFigures(sessions: readonly ScoredSession[]): DashboardAnalytics {
  const ordered = chronological(sessions);
  const scores = ordered.flatMap((s) => (s.score === null ? [] : [s.score]));
  const last = ordered.at(-1);
  return {
    total_sessions: sessions.length,
    total_time: ordered.reduce((s, x) => s + x.duration, 0),
    average_posture_score: averageScore(ordered) ?? 0,
    improvement_rate: improvementRate(ordered),
    last_session_date: last ? last.startTime.toISOString() : null,
    daily_averages: dailyAggregates(ordered),
    weekly_trends: weeklyTrends(ordered),
    posture_distribution: {
      good: Math.round(sessions.reduce((n, s) => n + s.times.good, 0)),
      fair: Math.round(sessions.reduce((n, s) => n + s.times.neutral, 0)),
      poor: Math.round(sessions.reduce((n, s) => n + s.times.poor, 0)),
    },
    scoreTrend: scores.slice(-10).map(round1),
  };
}

/** The posture trends of the sessions in a timeframe (GET /analytics/posture-trends). */
export function trendsOf(
  sessions: readonly ScoredSession[],
  timeframeDays: number,
): Omit<PostureTrends, 'timeframe'> {
  const daily = dailyAggregates(chronological(sessions));
  return {
    dailyAggregates: daily,
    improvementRate: improvementRate(sessions),
    comparedSessions: scoredCount(sessions),
    bestDay: bestDay(daily),
    consistencyScore: consistencyScore(daily, timeframeDays),
    deskDays: deskDaysOf(sessions),
  };
}

/** The insights' inputs besides the sessions: the most frequent issues and their words. */
export interface InsightIssues {
  /** [issue, share of the feedback], most frequent first. */
  issueShares: [string, number][];
  issueLabel: (issue: string) => string;
  issueAdvice: (issue: string) => string | undefined;
}

/**
 * Insights (GET /sessions/insights) over the same sessions as the trends, by the same rules: the session count,
 * averageScore, good share, stability and improvementRate. The text says the figures, the most frequent issue if
 * any, and the trend (STEADY_RATE_PERCENT). No feedback at all: say so and suggest a first session.
 */
export function insightsOf(sessions: readonly ScoredSession[], issues: InsightIssues): SessionInsights {
  const figures = timeWeightedFigures(sessions);
  return insightsOfFigures(
    {
      sessionCount: sessions.length,
      ...figures,
      improvementRate: scoredCount(sessions) >= MIN_RATE_SESSIONS ? improvementRate(sessions) : null,
    },
    issues,
  );
}

/** Insights from figures already computed (one session's report: its own figures, no rate). An improvement rate of
 * null (fewer than MIN_RATE_SESSIONS scored sessions) is neither an indicator nor a trend: one session's scores were
 * called "steady" and its rate "0%". */
export function insightsOfFigures(
  figures: {
    sessionCount: number;
    averageScore: number;
    goodShare: number;
    stabilityIndex: number;
    improvementRate: number | null;
  },
  issues: InsightIssues,
): SessionInsights {
  const texts = ANALYTICS_INSIGHT_TEXTS;
  const progressIndicators = {
    sessionCount: figures.sessionCount,
    averageScore: round1(figures.averageScore),
    goodPosturePercentage: round1(figures.goodShare * 100),
    stabilityIndex: round1(figures.stabilityIndex),
    ...(figures.improvementRate === null ? {} : { improvementRate: round1(figures.improvementRate) }),
  };
  // Without feedback there is nothing to average: only the count is a figure ("Average Score 0.0" would read as a
  // score).
  if (figures.sessionCount === 0 || (figures.averageScore === 0 && figures.goodShare === 0))
    return {
      overallPatterns: texts.noFeedback,
      improvementAreas: [],
      progressIndicators: { sessionCount: figures.sessionCount },
    };
  const parts = [
    texts.summary(figures.sessionCount, round1(figures.averageScore), Math.round(figures.goodShare * 100)),
  ];
  const top = issues.issueShares[0];
  if (top) parts.push(texts.frequentIssue(issues.issueLabel(top[0]), Math.round(top[1] * 100)));
  const rate = figures.improvementRate === null ? null : round1(figures.improvementRate);
  // Nothing to compare (rate null): no trend is said.
  if (rate !== null && rate > STEADY_RATE_PERCENT) parts.push(texts.improving(rate));
  else if (rate !== null && rate < -STEADY_RATE_PERCENT) parts.push(texts.declining(rate));
  else if (rate !== null) parts.push(texts.steady);
  return {
    overallPatterns: parts.join(' '),
    improvementAreas: issues.issueShares
      .filter(([, share]) => share >= IMPROVEMENT_AREA_MIN_SHARE)
      .map(([issue]) => issues.issueAdvice(issue) ?? texts.workOn(issues.issueLabel(issue))),
    progressIndicators,
  };
}

/** A stretch of days' desk figures (the extension's popup: today, and the last seven days). */
export interface DeskFigures {
  sessionCount: number;
  /** Good posture's share of the tracked time (timeWeightedFigures, the insights' good-posture percentage), in
   * percent to one decimal; null without tracked time. Not-judged time is tracked but never good or poor. */
  goodPosturePercentage: number | null;
  /** Seconds of sitting, the sessions' sitting times added up; null when no session said who was in view. */
  sittingTime: number | null;
}

/**
 * The desk figures of some sessions, by the rules of the analytics screen: the good-posture share is the insights'
 * (timeWeightedFigures over the same sessions gives the same percentage), the sitting time the sessions' own.
 */
export function deskFigures(sessions: readonly ScoredSession[]): DeskFigures {
  const tracked = sessions.reduce((n, s) => n + trackedTime(s), 0);
  const sitting = sessions.flatMap((s) => (typeof s.sittingTime === 'number' ? [s.sittingTime] : []));
  return {
    sessionCount: sessions.length,
    goodPosturePercentage: tracked ? round1(timeWeightedFigures(sessions).goodShare * 100) : null,
    sittingTime: sitting.length ? sitting.reduce((n, x) => n + x, 0) : null,
  };
}

/** One day's sitting at the desk, from the sessions that said who was in view (the analytics' Sitting and Breaks). */
export interface DeskDay {
  /** The UTC day, yyyy-mm-dd, as the trends' days. */
  date: string;
  /** Seconds of sitting, the sessions' sitting times added up. */
  sittingTime: number;
  /** Breaks taken within the sessions (each nobody in view for BREAK_MIN_MS or more). */
  breaks: number;
  /** The longest sitting stretch of one session, in seconds. Stretches are not joined across sessions: the time
   * between two sessions was not watched, so it is neither sitting nor a break. */
  longestStretch: number;
  /** The sessions counted. */
  sessionCount: number;
}

/**
 * Each day's sitting, breaks and longest stretch (by the day a session started, as the trends' days), oldest
 * first; only sessions whose feedback said who was in view count, and a day with none is not listed: time nobody
 * watched is never sitting nor a break.
 */
export function deskDaysOf(sessions: readonly ScoredSession[]): DeskDay[] {
  const seen = sessions.filter((s) => typeof s.sittingTime === 'number');
  return groups(seen, dayOf).map(([date, day]) => ({
    date,
    sittingTime: day.reduce((n, s) => n + (s.sittingTime ?? 0), 0),
    breaks: day.reduce((n, s) => n + (s.breaks ?? 0), 0),
    longestStretch: Math.max(...day.map((s) => s.longestStretch ?? 0)),
    sessionCount: day.length,
  }));
}
