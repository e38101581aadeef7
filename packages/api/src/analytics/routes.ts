// Analytics: the dashboard's analytics, posture trends and
// insights, all computed from the stored sessions and feedback.
import {
  dashboardAnalyticsResponse,
  dashboardFigures,
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
