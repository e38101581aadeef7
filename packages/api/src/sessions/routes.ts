// Sessions: start, end, feedback ingest, report, history and exports, computed
// from the stored feedback. Analytics, trends and insights are the analytics plugin's.
import { emptyResponse } from '@posture-vision/core/http';
import { exportQuery } from '@posture-vision/core/profile';
import {
  CALIBRATION_REQUIRED,
  feedbackRequest,
  type SessionHistoryItem,
  sessionActiveResponse,
  sessionEndRequest,
  sessionEndResponse,
  sessionExportStatsResponse,
  sessionHistoryQuery,
  sessionHistoryResponse,
  sessionReportResponse,
  sessionStartRequest,
  sessionStartResponse,
  sessionsExportResponse,
} from '@posture-vision/core/sessions';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../context.ts';
import { calibrations, postureFeedback, postureSessions } from '../db/schema.ts';
import { toCsv } from '../http/csv.ts';
import { ApiError, answers, ok, parse } from '../http/envelope.ts';
import { isUuid, uuidParam } from '../http/fields.ts';
import { feedbackStore } from './feedback-store.ts';
import { type PostureStatus, STATUS_SCORE } from './report.ts';
import {
  discardSession,
  endAbandoned,
  endSessionAt,
  ownSession as findOwnSession,
  lastReportAt,
  reportOf,
  type SessionRow,
  withCurrentFigures,
} from './service.ts';

/** Score of one feedback: details.score when the client sends a 0–100 number, else by status. */
export function feedbackScore(status: PostureStatus, details: Record<string, unknown> | undefined): number {
  const s = details?.score;
  return typeof s === 'number' && Number.isFinite(s) && s >= 0 && s <= 100 ? s : STATUS_SCORE[status];
}

function historyItem(s: SessionRow): SessionHistoryItem {
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
  const storeFeedback = feedbackStore(ctx.db);

  const ownSession = (userId: string, id: string) => findOwnSession(ctx.db, userId, id);

  /** Ends a session now, or at its last feedback when asked (`at: 'lastFeedback'`): a session offered back
   * after a reload and ended there had nobody watching since its last feedback, which is not posture time. */
  async function endSession(session: SessionRow, at: 'now' | 'lastFeedback' = 'now'): Promise<SessionRow> {
    if (session.endTime) return session;
    const now = new Date();
    return endSessionAt(ctx.db, session, at === 'now' ? now : await lastReportAt(ctx.db, session, now));
  }

  app.post('/sessions/start', { ...auth, ...answers(sessionStartResponse, 201) }, async (request, reply) => {
    const body = parse(sessionStartRequest, request.body);
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
    // One running session per user: a new start ends the previous one (at its last feedback when nobody
    // reports on it any more).
    await endAbandoned(ctx.db, userId);
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

  app.post('/sessions/:id/end', { ...auth, ...answers(sessionEndResponse) }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const { at, keep } = parse(sessionEndRequest, request.body ?? {});
    const ended = await endSession(await ownSession(request.user.userId, id), at);
    if (keep === 'judged' && !ended.goodTime && !ended.poorTime) {
      await discardSession(ctx.db, ended);
      return ok({ ...historyItem(ended), kept: false }, 'Session not kept: none of its time was judged.');
    }
    return ok({ ...historyItem(ended), kept: true }, 'Session ended.');
  });

  app.get('/sessions/active', { ...auth, ...answers(sessionActiveResponse) }, async (request) => {
    await endAbandoned(ctx.db, request.user.userId);
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

  app.post('/sessions/:id/feedback', { ...auth, ...answers(emptyResponse, 201) }, async (request, reply) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const body = parse(feedbackRequest, request.body);
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

  app.get('/sessions/:id/report', { ...auth, ...answers(sessionReportResponse) }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    const session = await ownSession(request.user.userId, id);
    return ok(await reportOf(ctx.db, session), 'Session report');
  });

  app.get('/sessions/history', { ...auth, ...answers(sessionHistoryResponse) }, async (request) => {
    const { limit } = parse(sessionHistoryQuery, request.query, 'query');
    await endAbandoned(ctx.db, request.user.userId);
    const rows = await ctx.db
      .select()
      .from(postureSessions)
      .where(eq(postureSessions.userId, request.user.userId))
      .orderBy(desc(postureSessions.startTime))
      .limit(limit);
    return ok((await withCurrentFigures(ctx.db, rows)).map(historyItem), 'Session history');
  });

  app.get('/sessions/export', { ...auth, ...answers(sessionsExportResponse) }, async (request) => {
    const { format } = parse(exportQuery, request.query, 'query');
    const { userId } = request.user;
    await endAbandoned(ctx.db, userId);
    const rows = await ctx.db
      .select()
      .from(postureSessions)
      .where(eq(postureSessions.userId, userId))
      .orderBy(desc(postureSessions.startTime));
    const items = (await withCurrentFigures(ctx.db, rows)).map(historyItem);
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

  app.get('/sessions/export/stats', { ...auth, ...answers(sessionExportStatsResponse) }, async (request) => {
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
