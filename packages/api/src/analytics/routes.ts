// Analytics: the dashboard's analytics, posture trends and
// insights, all computed from the stored sessions and feedback.
import {
  dashboardAnalyticsResponse,
  dashboardFigures,
  deskDaysQuery,
  deskDaysResponse,
  deskFigures,
  postureTrendsQuery,
  postureTrendsResponse,
  sessionInsightsQuery,
  sessionInsightsResponse,
  TIMEFRAME_DAYS,
  trendsOf,
} from '@posture-vision/core/analytics';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../context.ts';
import { answers, ok, parse } from '../http/envelope.ts';
import { dateRangeQuery, uuidParam } from '../http/fields.ts';
import { ownSession } from '../sessions/service.ts';
import { scoredSessions, sessionInsights } from './service.ts';

export default async function analyticsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = { preHandler: requireUser(app) };

  app.get('/sessions/analytics', { ...auth, ...answers(dashboardAnalyticsResponse) }, async (request) => {
    const { from, to } = parse(dateRangeQuery, request.query, 'query');
    const sessions = await scoredSessions(ctx.db, request.user.userId, from, to);
    return ok(dashboardFigures(sessions), 'Analytics');
  });

  app.get('/analytics/posture-trends', { ...auth, ...answers(postureTrendsResponse) }, async (request) => {
    const { timeframe } = parse(postureTrendsQuery, request.query, 'query');
    const days = TIMEFRAME_DAYS[timeframe];
    const sessions = await scoredSessions(
      ctx.db,
      request.user.userId,
      new Date(Date.now() - days * 86_400_000),
    );
    return ok({ timeframe, ...trendsOf(sessions, days) }, 'Posture trends');
  });

  // The extension popup's desk days: today (sessions started since the asker's local midnight, which the API cannot
  // know) and the last 7 days, the same sessions the trends and insights of the '7d' timeframe read, so the popup's
  // good-posture share is the analytics screen's.
  app.get('/analytics/desk-days', { ...auth, ...answers(deskDaysResponse) }, async (request) => {
    const { todayFrom } = parse(deskDaysQuery, request.query, 'query');
    const week = await scoredSessions(
      ctx.db,
      request.user.userId,
      new Date(Date.now() - TIMEFRAME_DAYS['7d'] * 86_400_000),
    );
    const from = new Date(todayFrom).getTime();
    const today = week.filter((s) => s.startTime.getTime() >= from);
    return ok({ today: deskFigures(today), last7Days: deskFigures(week) }, 'Desk days');
  });

  // Over the same days as the trends of the timeframe asked for (30 days by default), so the analytics screen's
  // insights and trends are figures of the same sessions.
  app.get('/sessions/insights', { ...auth, ...answers(sessionInsightsResponse) }, async (request) => {
    const { timeframe } = parse(sessionInsightsQuery, request.query, 'query');
    return ok(
      await sessionInsights(ctx.db, request.user.userId, undefined, TIMEFRAME_DAYS[timeframe]),
      'Insights',
    );
  });

  app.get('/sessions/:id/insights', { ...auth, ...answers(sessionInsightsResponse) }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    await ownSession(ctx.db, request.user.userId, id);
    return ok(await sessionInsights(ctx.db, request.user.userId, id), 'Session insights');
  });
}
