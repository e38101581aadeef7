// Liveness and readiness for load balancers: live = the process answers; ready = it can serve a request now
// (database and, when configured, Redis answer). While the server closes, Fastify answers 503 to new requests,
// so a draining instance drops out of the balancer before it stops.
import { liveResponse, readyResponse } from '@posture-vision/core/http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { answers, errorBody, ok } from '../http/envelope.ts';

/** A dependency slower than this counts as down: the balancer should route elsewhere. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

export default async function healthRoutes(app: FastifyInstance, options: { redis: Redis | null }) {
  const { db } = app.ctx;
  app.get('/health/live', answers(liveResponse), async () => ok({ status: 'live' as const }));
  app.get('/health/ready', answers(readyResponse), async (_request, reply) => {
    const checks: Record<string, 'ok' | string> = {};
    await Promise.all([
      within(db.execute(sql`select 1`)).then(
        () => (checks.database = 'ok'),
        (error: Error) => (checks.database = error.message),
      ),
      options.redis
        ? within(options.redis.ping()).then(
            () => (checks.redis = 'ok'),
            (error: Error) => (checks.redis = error.message),
          )
        : null,
    ]);
    const down = Object.entries(checks).filter(([, v]) => v !== 'ok');
    if (!down.length) return ok({ status: 'ready' as const, checks });
    return reply.code(503).send(
      errorBody(
        'Not ready.',
        down.map(([field, message]) => ({ field, message })),
      ),
    );
  });
}
