// Analytics rules: aggregates, trends, consistency and insights, computed from
// the user's own sessions and feedback. Every number here is derived, none is random.
import type { DashboardAnalytics, PostureTrends, SessionInsights } from '@posture-vision/core/analytics';

export interface ScoredSession {
  id: string;
  startTime: Date;
  /** Seconds. */
  duration: number;
  /** Mean feedback score of the session, null when it has no feedback. */
  score: number | null;
  stabilityIndex: number | null;
  /** Seconds in each status: the report's keyFindings, by the session-time rule of sessions/report.ts (each
   * feedback holds until the next one, at most FEEDBACK_GAP_CAP_S). Sessions ended before times were stored are
   * recomputed by that rule when read (sessions/service.ts withCurrentFigures), so every session has them. */
  times: { good: number; neutral: number; poor: number };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Monday (UTC) of the date's ISO week. */
export function weekOf(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return dayOf(d);
}

/**
 * Improvement rate in percent: the mean of the later half of the scores against the mean of the earlier half
 * (chronological order; with an odd count the middle one belongs to neither). Fewer than two scores: 0.
 */
export function improvementRate(scores: number[]): number {
  if (scores.length < 2) return 0;
  const half = Math.floor(scores.length / 2);
  const earlier = mean(scores.slice(0, half));
  const later = mean(scores.slice(scores.length - half));
  return earlier === 0 ? 0 : round1(((later - earlier) / earlier) * 100);
}

function groupScores(sessions: ScoredSession[], key: (d: Date) => string) {
  const groups = new Map<string, { scores: number[]; count: number }>();
  for (const s of sessions) {
    const k = key(s.startTime);
    const g = groups.get(k) ?? { scores: [], count: 0 };
    g.count++;
    if (s.score !== null) g.scores.push(s.score);
    groups.set(k, g);
  }
  return [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

/** A day or week whose sessions have no feedback has averageScore null: no score is better than an invented 0. */
export function dailyAggregates(sessions: ScoredSession[]) {
  return groupScores(sessions, dayOf).map(([date, g]) => ({
    date,
    averageScore: g.scores.length ? round1(mean(g.scores)) : null,
    sessionCount: g.count,
  }));
}

export function weeklyTrends(sessions: ScoredSession[]) {
  return groupScores(sessions, weekOf).map(([week, g]) => ({
    week,
    averageScore: g.scores.length ? round1(mean(g.scores)) : null,
    sessionCount: g.count,
  }));
}

export function bestDay(daily: { date: string; averageScore: number | null }[]) {
  let best: { date: string; score: number } | null = null;
  for (const d of daily)
    if (d.averageScore !== null && (!best || d.averageScore > best.score))
      best = { date: d.date, score: d.averageScore };
  return best;
}

/**
 * Consistency score (0–100): half regularity, half steadiness. Regularity is the share of days in the timeframe
 * with at least one session; steadiness is 100 minus 4 points per point of standard deviation of the daily
 * average scores (a spread of 25 points or more gives 0). No sessions: 0.
 */
export function consistencyScore(daily: { averageScore: number | null }[], timeframeDays: number): number {
  const scored = daily.flatMap((d) => (d.averageScore === null ? [] : [d.averageScore]));
  if (!scored.length) return 0;
  const regularity = Math.min(1, scored.length / timeframeDays) * 100;
  const m = mean(scored);
  const sd = Math.sqrt(mean(scored.map((x) => (x - m) ** 2)));
  const steadiness = Math.max(0, 100 - 4 * sd);
  return round1((regularity + steadiness) / 2);
}

/**
 * The dashboard analytics. The posture distribution is time, in seconds: each session's good, neutral (shown as
 * fair) and poor time by the report's timestamp rule (ScoredSession.times), summed. It used to count feedback
 * rows, which weighs a heartbeating client's steady minute as 12 and a change-only client's as 1, and makes an
 * hour of good posture with a few short slips read as mostly poor.
 */
export function dashboardAnalytics(sessions: ScoredSession[]): DashboardAnalytics {
  const chronological = [...sessions].sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const scores = chronological.flatMap((s) => (s.score === null ? [] : [s.score]));
  const last = chronological.at(-1);
  return {
    total_sessions: sessions.length,
    total_time: chronological.reduce((s, x) => s + x.duration, 0),
    average_posture_score: round1(mean(scores)),
    improvement_rate: improvementRate(scores),
    last_session_date: last ? last.startTime.toISOString() : null,
    daily_averages: dailyAggregates(chronological),
    weekly_trends: weeklyTrends(chronological),
    posture_distribution: {
      good: Math.round(sessions.reduce((n, s) => n + s.times.good, 0)),
      fair: Math.round(sessions.reduce((n, s) => n + s.times.neutral, 0)),
      poor: Math.round(sessions.reduce((n, s) => n + s.times.poor, 0)),
    },
    scoreTrend: scores.slice(-10).map(round1),
  };
}

/**
 * Figures over several sessions, weighted by time as a session's own figures are: the average score and the
 * stability index are means of the sessions' figures weighted by each session's tracked posture time (a 30-minute
 * session counts 30 times a 1-minute one); goodShare is good time over tracked time. Sessions with no feedback
 * are left out; none: zeros.
 */
export function timeWeightedFigures(sessions: ScoredSession[]) {
  let tracked = 0;
  let good = 0;
  let scoreSum = 0;
  let scoreWeight = 0;
  let stabilitySum = 0;
  let stabilityWeight = 0;
  for (const s of sessions) {
    const t = s.times;
    const w = t.good + t.neutral + t.poor;
    tracked += w;
    good += t.good;
    if (s.score !== null) {
      scoreSum += s.score * w;
      scoreWeight += w;
    }
    if (s.stabilityIndex !== null) {
      stabilitySum += s.stabilityIndex * w;
      stabilityWeight += w;
    }
  }
  return {
    averageScore: scoreWeight ? round1(scoreSum / scoreWeight) : 0,
    goodShare: tracked ? good / tracked : 0,
    stabilityIndex: stabilityWeight ? round1(stabilitySum / stabilityWeight) : 0,
  };
}

export function postureTrends(
  sessions: ScoredSession[],
  timeframeDays: number,
): Omit<PostureTrends, 'timeframe'> {
  const daily = dailyAggregates(sessions);
  return {
    dailyAggregates: daily,
    improvementRate: improvementRate(daily.flatMap((d) => (d.averageScore === null ? [] : [d.averageScore]))),
    bestDay: bestDay(daily),
    consistencyScore: consistencyScore(daily, timeframeDays),
  };
}

/**
 * Insights text, from rules:
 * - no feedback: say so and suggest a first session;
 * - otherwise: sessions, average score and share of good posture; the most frequent issue if any; and the trend —
 *   improving above +5 %, declining below −5 %, else steady.
 */
export function insights(input: {
  sessionCount: number;
  averageScore: number;
  goodShare: number;
  stabilityIndex: number;
  improvementRate: number;
  issueShares: [string, number][];
  issueLabel: (issue: string) => string;
  issueAdvice: (issue: string) => string | undefined;
}): SessionInsights {
  const progressIndicators = {
    sessionCount: input.sessionCount,
    averageScore: round1(input.averageScore),
    goodPosturePercentage: round1(input.goodShare * 100),
    stabilityIndex: round1(input.stabilityIndex),
    improvementRate: round1(input.improvementRate),
  };
  if (input.sessionCount === 0 || (input.averageScore === 0 && input.goodShare === 0))
    return {
      overallPatterns:
        'No posture feedback recorded yet. Start a real-time session to see your posture patterns.',
      improvementAreas: [] as string[],
      progressIndicators,
    };
  const parts = [
    `Across ${input.sessionCount} session${input.sessionCount === 1 ? '' : 's'} your average posture score is ${round1(input.averageScore)}, with good posture ${Math.round(input.goodShare * 100)}% of the time.`,
  ];
  const top = input.issueShares[0];
  if (top)
    parts.push(
      `Your most frequent issue is ${input.issueLabel(top[0]).toLowerCase()} (${Math.round(top[1] * 100)}% of feedback).`,
    );
  if (input.improvementRate > 5)
    parts.push(`Your scores are improving (+${round1(input.improvementRate)}%).`);
  else if (input.improvementRate < -5)
    parts.push(`Your scores are declining (${round1(input.improvementRate)}%).`);
  else parts.push('Your scores are steady.');
  return {
    overallPatterns: parts.join(' '),
    improvementAreas: input.issueShares
      .filter(([, share]) => share >= 0.05)
      .map(([issue]) => input.issueAdvice(issue) ?? `Work on ${input.issueLabel(issue).toLowerCase()}.`),
    progressIndicators,
  };
}
