// Sessions and analytics (document 2, sections 3.4, 3.6 and 7.4): start, end, feedback ingest, report, history,
// analytics, posture trends, insights and exports — all computed from the stored feedback.
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dashboardAnalytics,
  improvementRate,
  insights,
  postureTrends,
  type ScoredSession,
  TIMEFRAME_DAYS,
  timeWeightedFigures,
} from '../analytics/rules.ts';
import { recentIssueShares } from '../calibration/routes.ts';
import { ISSUE_ADVICE, issueLabel } from '../calibration/rules.ts';
import { requireUser } from '../context.ts';
import type { Database } from '../db/index.ts';
import { calibrations, postureFeedback, postureSessions } from '../db/schema.ts';
import { toCsv } from '../http/csv.ts';
import { ApiError, ok, parse } from '../http/envelope.ts';
import { dateRangeQuery, isUuid } from '../http/fields.ts';
import { buildReport, type FeedbackPoint, type PostureStatus, STATUS_SCORE } from './report.ts';

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

/**
 * The CVA a feedback carried: `details.cva` (older clients: `details.cranialVertebralAngle`) when it is a number of
 * degrees within 0–180 (an angle between two lines, so anything else is not a CVA); else none.
 */
export function feedbackCva(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 180 ? value : null;
}

/** Score of one feedback: details.score when the client sends a 0–100 number, else by status. */
export function feedbackScore(status: PostureStatus, details: Record<string, unknown> | undefined): number {
  const s = details?.score;
  return typeof s === 'number' && Number.isFinite(s) && s >= 0 && s <= 100 ? s : STATUS_SCORE[status];
}

async function feedbackOf(db: Database, sessionId: string): Promise<FeedbackPoint[]> {
  const rows = await db
    .select({
      timestamp: postureFeedback.timestamp,
      postureStatus: postureFeedback.postureStatus,
      score: postureFeedback.score,
      issue: postureFeedback.issue,
      cva: sql<unknown>`coalesce(${postureFeedback.details}->'cva', ${postureFeedback.details}->'cranialVertebralAngle')`,
    })
    .from(postureFeedback)
    .where(eq(postureFeedback.sessionId, sessionId))
    .orderBy(asc(postureFeedback.timestamp), asc(postureFeedback.id));
  return rows.map((r) => ({ ...r, cva: feedbackCva(r.cva) }));
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
 * Sessions with their figures: as stored once ended (the report computed at the end), else the report of the
 * feedback so far — the same rules, so a running session's analytics agree with its report. Only running
 * sessions are scanned (one per user), so analytics cost grows with sessions, not with feedback rows.
 */
async function scoredSessions(
  db: Database,
  userId: string,
  from?: Date,
  to?: Date,
): Promise<ScoredSession[]> {
  const conditions = [eq(postureSessions.userId, userId)];
  if (from) conditions.push(gte(postureSessions.startTime, from));
  if (to) conditions.push(lte(postureSessions.startTime, to));
  const rows = await db
    .select()
    .from(postureSessions)
    .where(and(...conditions))
    .orderBy(asc(postureSessions.startTime));
  return Promise.all(
    rows.map(async (s): Promise<ScoredSession> => {
      if (s.endTime)
        return {
          id: s.id,
          startTime: s.startTime,
          duration: s.duration ?? 0,
          score: s.averageScore,
          stabilityIndex: s.stabilityIndex,
          counts: { good: s.goodCount ?? 0, neutral: s.neutralCount ?? 0, poor: s.poorCount ?? 0 },
          times:
            s.goodTime === null
              ? null
              : { good: s.goodTime, neutral: s.neutralTime ?? 0, poor: s.poorTime ?? 0 },
        };
      const r = await reportOf(db, s);
      return {
        id: s.id,
        startTime: s.startTime,
        duration: r.duration,
        score: r.feedbackCount ? r.averageScore : null,
        stabilityIndex: r.feedbackCount ? r.stabilityIndex : null,
        counts: r.statusCounts,
        times: {
          good: r.keyFindings.goodPostureTime,
          neutral: r.keyFindings.neutralPostureTime,
          poor: r.keyFindings.poorPostureTime,
        },
      };
    }),
  );
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
    goodPostureTime: s.goodTime,
    neutralPostureTime: s.neutralTime,
    poorPostureTime: s.poorTime,
    calibrationId: s.calibrationId,
  };
}

export default async function sessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = { preHandler: requireUser(app) };

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
    const [ended] = await ctx.db
      .update(postureSessions)
      .set({
        endTime,
        duration: report.duration,
        averageScore: report.feedbackCount ? report.averageScore : null,
        stabilityIndex: report.feedbackCount ? report.stabilityIndex : null,
        averageCvAngle: report.averageCVAngle,
        goodTime: report.keyFindings.goodPostureTime,
        neutralTime: report.keyFindings.neutralPostureTime,
        poorTime: report.keyFindings.poorPostureTime,
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
    const [session] = isUuid(id)
      ? await ctx.db
          .select({ endTime: postureSessions.endTime })
          .from(postureSessions)
          .where(and(eq(postureSessions.id, id), eq(postureSessions.userId, userId)))
      : [];
    if (!session) throw new ApiError(404, 'Session not found.');
    if (session.endTime) throw new ApiError(409, 'This session has already ended.');
    const issue = typeof body.details?.issue === 'string' ? body.details.issue.slice(0, 50) : null;
    await ctx.db.insert(postureFeedback).values({
      sessionId: id,
      userId,
      postureStatus: body.postureStatus,
      score: feedbackScore(body.postureStatus, body.details),
      issue,
      details: body.details ?? null,
      timestamp: new Date(body.timestamp),
    });
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

  /** Insights from the same figures as the reports: one session's report, or the last 30 days' sessions
   * weighted by their time (analytics/rules.ts, timeWeightedFigures). */
  async function sessionInsights(userId: string, sessionId?: string) {
    let sessions: ScoredSession[];
    let figures: { averageScore: number; goodShare: number; stabilityIndex: number };
    if (sessionId) {
      const report = await reportOf(ctx.db, await ownSession(userId, sessionId));
      const k = report.keyFindings;
      const tracked = k.goodPostureTime + k.neutralPostureTime + k.poorPostureTime;
      figures = {
        averageScore: report.averageScore,
        goodShare: tracked ? k.goodPostureTime / tracked : 0,
        stabilityIndex: report.stabilityIndex,
      };
      sessions = [];
    } else {
      sessions = await scoredSessions(ctx.db, userId, new Date(Date.now() - 30 * 86_400_000));
      figures = timeWeightedFigures(sessions);
    }
    return insights({
      sessionCount: sessionId ? 1 : sessions.length,
      ...figures,
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
          'goodPostureTime',
          'neutralPostureTime',
          'poorPostureTime',
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
