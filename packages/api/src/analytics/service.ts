// Analytics queries (document 2, sections 3.6 and 7.6): sessions with their scores, and insights, computed
// from the stored sessions and feedback.
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { ISSUE_ADVICE, issueLabel } from '../calibration/rules.ts';
import type { Database } from '../db/index.ts';
import { postureFeedback, postureSessions } from '../db/schema.ts';
import { ownSession, recentIssueShares, reportOf } from '../sessions/service.ts';
import { improvementRate, insights, type ScoredSession } from './rules.ts';

/**
 * Sessions with their score and feedback counts: stored ones once ended, else aggregated from the feedback so far
 * (only running sessions are scanned, so analytics cost grows with sessions, not with feedback rows).
 */
export async function scoredSessions(
  db: Database,
  userId: string,
  from?: Date,
  to?: Date,
): Promise<ScoredSession[]> {
  const counted = (status: string) =>
    sql<number>`count(*) filter (where ${postureFeedback.postureStatus} = ${status})::int`;
  const live = db
    .select({
      sessionId: postureFeedback.sessionId,
      score: sql<number>`avg(${postureFeedback.score})`.as('live_score'),
      good: counted('good').as('live_good'),
      neutral: counted('neutral').as('live_neutral'),
      poor: counted('poor').as('live_poor'),
    })
    .from(postureFeedback)
    .innerJoin(
      postureSessions,
      and(eq(postureSessions.id, postureFeedback.sessionId), isNull(postureSessions.endTime)),
    )
    .where(eq(postureFeedback.userId, userId))
    .groupBy(postureFeedback.sessionId)
    .as('live');
  const conditions = [eq(postureSessions.userId, userId)];
  if (from) conditions.push(gte(postureSessions.startTime, from));
  if (to) conditions.push(lte(postureSessions.startTime, to));
  const rows = await db
    .select({
      session: postureSessions,
      liveScore: live.score,
      liveGood: live.good,
      liveNeutral: live.neutral,
      livePoor: live.poor,
    })
    .from(postureSessions)
    .leftJoin(live, eq(live.sessionId, postureSessions.id))
    .where(and(...conditions))
    .orderBy(asc(postureSessions.startTime));
  const now = Date.now();
  return rows.map(({ session: s, ...l }) => ({
    id: s.id,
    startTime: s.startTime,
    duration: s.duration ?? Math.round((now - s.startTime.getTime()) / 1000),
    score: s.endTime
      ? s.averageScore
      : l.liveScore === null
        ? null
        : Math.round(Number(l.liveScore) * 10) / 10,
    stabilityIndex: s.stabilityIndex,
    counts: s.endTime
      ? { good: s.goodCount ?? 0, neutral: s.neutralCount ?? 0, poor: s.poorCount ?? 0 }
      : { good: Number(l.liveGood ?? 0), neutral: Number(l.liveNeutral ?? 0), poor: Number(l.livePoor ?? 0) },
  }));
}

/** Insights of one session, or of the user's last 30 days. */
export async function sessionInsights(db: Database, userId: string, sessionId?: string) {
  const scope = sessionId
    ? and(eq(postureFeedback.userId, userId), eq(postureFeedback.sessionId, sessionId))
    : and(
        eq(postureFeedback.userId, userId),
        gte(postureFeedback.timestamp, new Date(Date.now() - 30 * 86_400_000)),
      );
  const [agg] = await db
    .select({
      total: sql<number>`count(*)::int`,
      good: sql<number>`count(*) filter (where ${postureFeedback.postureStatus} = 'good')::int`,
      avg: sql<number | null>`avg(${postureFeedback.score})`,
    })
    .from(postureFeedback)
    .where(scope);
  const total = Number(agg?.total ?? 0);
  let sessions: ScoredSession[];
  let stability: number;
  if (sessionId) {
    const report = await reportOf(db, await ownSession(db, userId, sessionId));
    stability = report.stabilityIndex;
    sessions = [];
  } else {
    sessions = await scoredSessions(db, userId, new Date(Date.now() - 30 * 86_400_000));
    const stabilities = sessions.flatMap((s) => (s.stabilityIndex === null ? [] : [s.stabilityIndex]));
    stability = stabilities.length ? stabilities.reduce((a, b) => a + b, 0) / stabilities.length : 0;
  }
  return insights({
    sessionCount: sessionId ? 1 : sessions.length,
    averageScore: agg?.avg === null || agg?.avg === undefined ? 0 : Number(agg.avg),
    goodShare: total ? Number(agg?.good ?? 0) / total : 0,
    stabilityIndex: stability,
    improvementRate: improvementRate(sessions.flatMap((s) => (s.score === null ? [] : [s.score]))),
    issueShares: await recentIssueShares(db, userId, sessionId),
    issueLabel,
    issueAdvice: (issue) => ISSUE_ADVICE[issue],
  });
}
