// Analytics queries: sessions with their scores, and insights, computed
// from the stored sessions and feedback.

import { insightsOf, insightsOfFigures, type ScoredSession } from '@posture-vision/core/analytics';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { ISSUE_ADVICE, issueLabel } from '../calibration/rules.ts';
import type { Database } from '../db/index.ts';
import { postureSessions } from '../db/schema.ts';
import {
  endAbandoned,
  ownSession,
  recentIssueShares,
  reportOf,
  withCurrentFigures,
} from '../sessions/service.ts';

/**
 * Sessions with their figures: as stored once ended (the report computed at the end; sessions stored under older
 * rules are recomputed first, withCurrentFigures), else the report of the feedback so far — the same rules, so a running session's analytics agree with its report. Only running
 * sessions are scanned (one per user), so analytics cost grows with sessions, not with feedback rows.
 */
export async function scoredSessions(
  db: Database,
  userId: string,
  from?: Date,
  to?: Date,
): Promise<ScoredSession[]> {
  await endAbandoned(db, userId);
  const conditions = [eq(postureSessions.userId, userId)];
  if (from) conditions.push(gte(postureSessions.startTime, from));
  if (to) conditions.push(lte(postureSessions.startTime, to));
  const rows = await db
    .select()
    .from(postureSessions)
    .where(and(...conditions))
    .orderBy(asc(postureSessions.startTime));
  return Promise.all(
    (await withCurrentFigures(db, rows)).map(async (s): Promise<ScoredSession> => {
      if (s.endTime)
        return {
          id: s.id,
          startTime: s.startTime,
          duration: s.duration ?? 0,
          score: s.averageScore,
          stabilityIndex: s.stabilityIndex,
          times: { good: s.goodTime ?? 0, neutral: s.neutralTime ?? 0, poor: s.poorTime ?? 0 },
          sittingTime: s.sittingTime,
          breaks: s.breaks,
          longestStretch: s.longestStretch,
        };
      const r = await reportOf(db, s);
      return {
        id: s.id,
        startTime: s.startTime,
        duration: r.duration,
        score: r.averageScore,
        stabilityIndex: r.feedbackCount ? r.stabilityIndex : null,
        times: {
          good: r.keyFindings.goodPostureTime,
          neutral: r.keyFindings.neutralPostureTime,
          poor: r.keyFindings.poorPostureTime,
        },
        sittingTime: r.sitting?.sittingTime ?? null,
        breaks: r.sitting?.breaks ?? null,
        longestStretch: r.sitting?.longestStretch ?? null,
      };
    }),
  );
}

/** Insights by core's analytics figures (domain/analytics/figures.ts): one session's report, or the sessions of the
 * last `days` days, the same sessions the posture trends of that timeframe read, so the two agree. */
export async function sessionInsights(db: Database, userId: string, sessionId?: string, days = 30) {
  const issues = {
    issueShares: await recentIssueShares(db, userId, sessionId),
    issueLabel,
    issueAdvice: (issue: string) => ISSUE_ADVICE[issue],
  };
  if (!sessionId)
    return insightsOf(await scoredSessions(db, userId, new Date(Date.now() - days * 86_400_000)), issues);
  const report = await reportOf(db, await ownSession(db, userId, sessionId));
  const k = report.keyFindings;
  const tracked = k.goodPostureTime + k.neutralPostureTime + k.poorPostureTime;
  return insightsOfFigures(
    {
      sessionCount: 1,
      averageScore: report.averageScore ?? 0,
      goodShare: tracked ? k.goodPostureTime / tracked : 0,
      stabilityIndex: report.stabilityIndex,
      // One session: nothing to compare, so no rate and no trend (core insightsOfFigures).
      improvementRate: null,
    },
    issues,
  );
}
