// POST /auth/login is also limited per address alone. The route's own limit (auth/routes.ts) counts per
// address and account, so it does not slow one address that tries many accounts (credential stuffing).
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { errorBody } from '../http/envelope.ts';

export function loginAddressLimit(
  app: FastifyInstance,
  limit: { max: number; windowMs: number },
): onRequestAsyncHookHandler {
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => request.ip,
  });
  return async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/auth/login') return;
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply
      .code(429)
      .header('retry-after', result.ttlInSeconds)
      .send(errorBody(`Too many requests. Please try again in ${result.ttlInSeconds} seconds.`));
    return reply;
  };
}
