// Sessions and analytics (document 2, sections 3.4, 3.6 and 7.4): start, end, feedback ingest, report, history,
// analytics, posture trends, insights and exports — all computed from the stored feedback.
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dashboardAnalytics,
  improvementRate,
  insights,
  postureTrends,
  type ScoredSession,
  TIMEFRAME_DAYS,
} from '../analytics/rules.ts';
import { recentIssueShares } from '../calibration/routes.ts';
import { ISSUE_ADVICE, issueLabel } from '../calibration/rules.ts';
import { requireUser } from '../context.ts';
import type { Database } from '../db/index.ts';
import { calibrations, postureFeedback, postureSessions } from '../db/schema.ts';
import { toCsv } from '../http/csv.ts';
import { ApiError, ok, parse } from '../http/envelope.ts';
import { dateRangeQuery, isUuid } from '../http/fields.ts';
import { feedbackStore } from './feedback-store.ts';
import { buildReport, type PostureStatus, STATUS_SCORE } from './report.ts';

export const CALIBRATION_REQUIRED = 'Calibration required before starting session.';

const startBody = z.object({
  mode: z.enum(['active', 'passive'], { error: 'mode must be active or passive.' }),
  calibrationId: z.string({ error: CALIBRATION_REQUIRED }).trim().min(1, CALIBRATION_REQUIRED).max(100),
});

const feedbackBody = z.object({
  postureStatus: z.enum(['good', 'poor', 'neutral'], {
    error: 'postureStatus must be good, poor or neutral.',
  }),
  timestamp: z.iso.datetime({ offset: true, error: 'timestamp must be an ISO date-time.' }),
  details: z
    .record(z.string(), z.unknown())
    .refine((d) => JSON.stringify(d).length <= 4096, 'details must be at most 4 KB.')
    .optional(),
});

const idParams = z.object({ id: z.string().max(100) });
const historyQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });
const exportQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });
const trendsQuery = z.object({ timeframe: z.enum(['7d', '30d', '90d', '1y']).default('30d') });

type SessionRow = typeof postureSessions.$inferSelect;

/** Score of one feedback: details.score when the client sends a 0–100 number, else by status. */
export function feedbackScore(status: PostureStatus, details: Record<string, unknown> | undefined): number {
  const s = details?.score;
  return typeof s === 'number' && Number.isFinite(s) && s >= 0 && s <= 100 ? s : STATUS_SCORE[status];
}

async function feedbackOf(db: Database, sessionId: string) {
  return db
    .select({
      timestamp: postureFeedback.timestamp,
      postureStatus: postureFeedback.postureStatus,
      score: postureFeedback.score,
      issue: postureFeedback.issue,
    })
    .from(postureFeedback)
    .where(eq(postureFeedback.sessionId, sessionId))
    .orderBy(asc(postureFeedback.timestamp), asc(postureFeedback.id));
}

async function reportOf(db: Database, session: SessionRow) {
  return buildReport({
    session,
    feedback: await feedbackOf(db, session.id),
    issueLabel,
    issueAdvice: (issue) => ISSUE_ADVICE[issue],
  });
}

/**
 * Sessions with their score and feedback counts: stored ones once ended, else aggregated from the feedback so far
 * (only running sessions are scanned, so analytics cost grows with sessions, not with feedback rows).
 */
async function scoredSessions(
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
    // Only the running sessions' feedback, reached through the session index (posture_sessions_open_idx finds
    // them), never the user's whole feedback history.
    .where(
      inArray(
        postureFeedback.sessionId,
        db
          .select({ id: postureSessions.id })
          .from(postureSessions)
          .where(and(eq(postureSessions.userId, userId), isNull(postureSessions.endTime))),
      ),
    )
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

function historyItem(s: SessionRow) {
  return {
    id: s.id,
    createdAt: s.startTime.toISOString(),
    startTime: s.startTime.toISOString(),
    endTime: s.endTime?.toISOString() ?? null,
    mode: s.mode,
    duration: s.duration,
    averagePostureScore: s.averageScore,
    averageScore: s.averageScore,
    stabilityIndex: s.stabilityIndex,
    averageCVAngle: s.averageCvAngle,
    calibrationId: s.calibrationId,
  };
}

export default async function sessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = { preHandler: requireUser(app) };
  const storeFeedback = feedbackStore(ctx.db);

  async function ownSession(userId: string, id: string): Promise<SessionRow> {
    const [row] = isUuid(id)
      ? await ctx.db
          .select()
          .from(postureSessions)
          .where(and(eq(postureSessions.id, id), eq(postureSessions.userId, userId)))
      : [];
    if (!row) throw new ApiError(404, 'Session not found.');
    return row;
  }

  /** Ends a session: stores its duration, score, stability and CVA from the feedback. Ending twice changes nothing. */
  async function endSession(session: SessionRow): Promise<SessionRow> {
    if (session.endTime) return session;
    const endTime = new Date();
    const report = await reportOf(ctx.db, { ...session, endTime });
    const [cva] = await ctx.db
      .select({
        avg: sql<
          number | null
        >`avg(coalesce((${postureFeedback.details}->>'cva')::float8, (${postureFeedback.details}->>'cranialVertebralAngle')::float8))`,
      })
      .from(postureFeedback)
      .where(
        and(
          eq(postureFeedback.sessionId, session.id),
          sql`jsonb_typeof(coalesce(${postureFeedback.details}->'cva', ${postureFeedback.details}->'cranialVertebralAngle')) = 'number'`,
        ),
      );
    const [ended] = await ctx.db
      .update(postureSessions)
      .set({
        endTime,
        duration: report.duration,
        averageScore: report.feedbackCount ? report.averageScore : null,
        stabilityIndex: report.feedbackCount ? report.stabilityIndex : null,
        averageCvAngle:
          cva?.avg === null || cva?.avg === undefined ? null : Math.round(Number(cva.avg) * 10) / 10,
        goodCount: report.statusCounts.good,
        neutralCount: report.statusCounts.neutral,
        poorCount: report.statusCounts.poor,
      })
      .where(and(eq(postureSessions.id, session.id), isNull(postureSessions.endTime)))
      .returning();
    // A concurrent end won the race: answer with what it stored.
    return ended ?? (await ownSession(session.userId, session.id));
  }

  app.post('/sessions/start', auth, async (request, reply) => {
    const body = parse(startBody, request.body);
    const { userId } = request.user;
    const [calibration] = isUuid(body.calibrationId)
      ? await ctx.db
          .select({ id: calibrations.id })
          .from(calibrations)
          .where(and(eq(calibrations.id, body.calibrationId), eq(calibrations.userId, userId)))
      : [];
    if (!calibration)
      throw new ApiError(404, 'Calibration not found. Calibration required before starting session.', [
        { field: 'calibrationId', message: CALIBRATION_REQUIRED },
      ]);
    // One running session per user: a new start ends the previous one.
    const running = await ctx.db
      .select()
      .from(postureSessions)
      .where(and(eq(postureSessions.userId, userId), isNull(postureSessions.endTime)));
    for (const s of running) await endSession(s);
    const [session] = await ctx.db
      .insert(postureSessions)
      .values({ userId, calibrationId: calibration.id, mode: body.mode })
      .returning();
    if (!session) throw new Error('session not created');
    return reply
      .status(201)
      .send(
        ok(
          { id: session.id, mode: session.mode, startTime: session.startTime.toISOString() },
          'Session started.',
        ),
      );
  });

  app.post('/sessions/:id/end', auth, async (request) => {
    const { id } = parse(idParams, request.params, 'params');
    const ended = await endSession(await ownSession(request.user.userId, id));
    return ok(historyItem(ended), 'Session ended.');
  });

  app.get('/sessions/active', auth, async (request) => {
    const [s] = await ctx.db
      .select()
      .from(postureSessions)
      .where(and(eq(postureSessions.userId, request.user.userId), isNull(postureSessions.endTime)))
      .orderBy(desc(postureSessions.startTime))
      .limit(1);
    return ok(
      s
        ? { id: s.id, mode: s.mode, startTime: s.startTime.toISOString(), calibrationId: s.calibrationId }
        : null,
      s ? 'Active session' : 'No active session',
    );
  });

  app.post('/sessions/:id/feedback', auth, async (request, reply) => {
    const { id } = parse(idParams, request.params, 'params');
    const body = parse(feedbackBody, request.body);
    const { userId } = request.user;
    if (!isUuid(id)) throw new ApiError(404, 'Session not found.');
    const issue = typeof body.details?.issue === 'string' ? body.details.issue.slice(0, 50) : null;
    const outcome = await storeFeedback({
      sessionId: id,
      userId,
      postureStatus: body.postureStatus,
      score: feedbackScore(body.postureStatus, body.details),
      issue,
      details: body.details ?? null,
      timestamp: new Date(body.timestamp),
    });
    if (outcome === 'not-found') throw new ApiError(404, 'Session not found.');
    if (outcome === 'ended') throw new ApiError(409, 'This session has already ended.');
    return reply.status(201).send(ok({}, 'Feedback recorded.'));
  });

  app.get('/sessions/:id/report', auth, async (request) => {
    const { id } = parse(idParams, request.params, 'params');
    const session = await ownSession(request.user.userId, id);
    return ok(await reportOf(ctx.db, session), 'Session report');
  });

  app.get('/sessions/history', auth, async (request) => {
    const { limit } = parse(historyQuery, request.query, 'query');
    const rows = await ctx.db
      .select()
      .from(postureSessions)
      .where(eq(postureSessions.userId, request.user.userId))
      .orderBy(desc(postureSessions.startTime))
      .limit(limit);
    return ok(rows.map(historyItem), 'Session history');
  });

  app.get('/sessions/analytics', auth, async (request) => {
    const { from, to } = parse(dateRangeQuery, request.query, 'query');
    const { userId } = request.user;
    const sessions = await scoredSessions(ctx.db, userId, from, to);
    return ok(dashboardAnalytics(sessions), 'Analytics');
  });

  app.get('/analytics/posture-trends', auth, async (request) => {
    const { timeframe } = parse(trendsQuery, request.query, 'query');
    const days = TIMEFRAME_DAYS[timeframe];
    const sessions = await scoredSessions(
      ctx.db,
      request.user.userId,
      new Date(Date.now() - days * 86_400_000),
    );
    return ok({ timeframe, ...postureTrends(sessions, days) }, 'Posture trends');
  });

  async function sessionInsights(userId: string, sessionId?: string) {
    const scope = sessionId
      ? and(eq(postureFeedback.userId, userId), eq(postureFeedback.sessionId, sessionId))
      : and(
          eq(postureFeedback.userId, userId),
          gte(postureFeedback.timestamp, new Date(Date.now() - 30 * 86_400_000)),
        );
    const [agg] = await ctx.db
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
      const report = await reportOf(ctx.db, await ownSession(userId, sessionId));
      stability = report.stabilityIndex;
      sessions = [];
    } else {
      sessions = await scoredSessions(ctx.db, userId, new Date(Date.now() - 30 * 86_400_000));
      const stabilities = sessions.flatMap((s) => (s.stabilityIndex === null ? [] : [s.stabilityIndex]));
      stability = stabilities.length ? stabilities.reduce((a, b) => a + b, 0) / stabilities.length : 0;
    }
    return insights({
      sessionCount: sessionId ? 1 : sessions.length,
      averageScore: agg?.avg === null || agg?.avg === undefined ? 0 : Number(agg.avg),
      goodShare: total ? Number(agg?.good ?? 0) / total : 0,
      stabilityIndex: stability,
      improvementRate: improvementRate(sessions.flatMap((s) => (s.score === null ? [] : [s.score]))),
      issueShares: await recentIssueShares(ctx.db, userId, sessionId),
      issueLabel,
      issueAdvice: (issue) => ISSUE_ADVICE[issue],
    });
  }

  app.get('/sessions/insights', auth, async (request) =>
    ok(await sessionInsights(request.user.userId), 'Insights'),
  );

  app.get('/sessions/:id/insights', auth, async (request) => {
    const { id } = parse(idParams, request.params, 'params');
    await ownSession(request.user.userId, id);
    return ok(await sessionInsights(request.user.userId, id), 'Session insights');
  });

  app.get('/sessions/export', auth, async (request) => {
    const { format } = parse(exportQuery, request.query, 'query');
    const { userId } = request.user;
    const rows = await ctx.db
      .select()
      .from(postureSessions)
      .where(eq(postureSessions.userId, userId))
      .orderBy(desc(postureSessions.startTime));
    const items = rows.map(historyItem);
    if (format === 'csv')
      return ok(
        toCsv(items, [
          'id',
          'startTime',
          'endTime',
          'mode',
          'duration',
          'averageScore',
          'stabilityIndex',
          'averageCVAngle',
          'calibrationId',
        ]),
        'Session data exported',
      );
    const feedback = await ctx.db
      .select({
        sessionId: postureFeedback.sessionId,
        timestamp: postureFeedback.timestamp,
        postureStatus: postureFeedback.postureStatus,
        score: postureFeedback.score,
        details: postureFeedback.details,
      })
      .from(postureFeedback)
      .where(eq(postureFeedback.userId, userId))
      .orderBy(asc(postureFeedback.timestamp));
    return ok({ exportedAt: new Date().toISOString(), sessions: items, feedback }, 'Session data exported');
  });

  app.get('/sessions/export/stats', auth, async (request) => {
    const { userId } = request.user;
    const [s] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(postureSessions)
      .where(eq(postureSessions.userId, userId));
    const [f] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(postureFeedback)
      .where(eq(postureFeedback.userId, userId));
    return ok(
      { totalSessions: Number(s?.n ?? 0), totalFeedbackLogs: Number(f?.n ?? 0) },
      'Session export stats',
    );
  });
}
