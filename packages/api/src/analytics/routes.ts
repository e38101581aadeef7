// Analytics: the dashboard's analytics, posture trends and
// insights, all computed from the stored sessions and feedback.
import {
  dashboardAnalyticsResponse,
  postureTrendsQuery,
  postureTrendsResponse,
  sessionInsightsResponse,
  TIMEFRAME_DAYS,
} from '@posture-vision/core/analytics';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../context.ts';
import { answers, ok, parse } from '../http/envelope.ts';
import { dateRangeQuery, uuidParam } from '../http/fields.ts';
import { ownSession } from '../sessions/service.ts';
import { dashboardAnalytics, postureTrends } from './rules.ts';
import { scoredSessions, sessionInsights } from './service.ts';

export default async function analyticsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = { preHandler: requireUser(app) };

  app.get('/sessions/analytics', { ...auth, ...answers(dashboardAnalyticsResponse) }, async (request) => {
    const { from, to } = parse(dateRangeQuery, request.query, 'query');
    const sessions = await scoredSessions(ctx.db, request.user.userId, from, to);
    return ok(dashboardAnalytics(sessions), 'Analytics');
  });

  app.get('/analytics/posture-trends', { ...auth, ...answers(postureTrendsResponse) }, async (request) => {
    const { timeframe } = parse(postureTrendsQuery, request.query, 'query');
    const days = TIMEFRAME_DAYS[timeframe];
    const sessions = await scoredSessions(
      ctx.db,
      request.user.userId,
      new Date(Date.now() - days * 86_400_000),
    );
    return ok({ timeframe, ...postureTrends(sessions, days) }, 'Posture trends');
  });

  app.get('/sessions/insights', { ...auth, ...answers(sessionInsightsResponse) }, async (request) =>
    ok(await sessionInsights(ctx.db, request.user.userId), 'Insights'),
  );

  app.get('/sessions/:id/insights', { ...auth, ...answers(sessionInsightsResponse) }, async (request) => {
    const { id } = parse(uuidParam, request.params, 'params');
    await ownSession(ctx.db, request.user.userId, id);
    return ok(await sessionInsights(ctx.db, request.user.userId, id), 'Session insights');
  });
}
