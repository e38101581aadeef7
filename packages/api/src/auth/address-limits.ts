// Limits per client address alone, on top of each route's own limit (auth/routes.ts), which counts per address
// and e-mail so one user's typos do not lock out others behind the same address. Alone, that key lets one
// address rotate e-mails without end: try many accounts (login), create accounts (register), or make the
// service send mail to many addresses (forgot-password, resend-verification, the demo's sample report). These
// limits close that. They run on @fastify/rate-limit's store, so a shared store (Redis) makes them hold across
// instances too.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { RateLimitConfig } from '../config.ts';
import { errorBody } from '../http/envelope.ts';

export interface AddressLimits {
  /** POST /auth/login, any account. */
  login: RateLimitConfig;
  /** POST /auth/register: accounts created from one address. */
  register: RateLimitConfig;
  /** POST /password/forgot-password, /auth/resend-verification and /demo/sample-report together: mails asked
   * for from one address. */
  mail: RateLimitConfig;
}

const LIMITED: Record<string, keyof AddressLimits> = {
  '/auth/login': 'login',
  '/auth/register': 'register',
  '/password/forgot-password': 'mail',
  '/auth/resend-verification': 'mail',
  '/demo/sample-report': 'mail',
};

export function addressLimits(app: FastifyInstance, limits: AddressLimits): onRequestAsyncHookHandler {
  const counters = Object.fromEntries(
    (Object.keys(limits) as (keyof AddressLimits)[]).map((name) => [
      name,
      app.createRateLimit({
        max: limits[name].max,
        timeWindow: limits[name].windowMs,
        // Named, so counters of different limits never share a key in a shared store.
        keyGenerator: (request) => `address:${name}:${request.ip}`,
      }),
    ]),
  ) as Record<keyof AddressLimits, ReturnType<FastifyInstance['createRateLimit']>>;
  return async (request, reply) => {
    const name = request.method === 'POST' ? LIMITED[request.routeOptions.url ?? ''] : undefined;
    if (!name) return;
    const result = await counters[name](request);
    if (result.isAllowed || !result.isExceeded) return;
    reply
      .code(429)
      .header('retry-after', result.ttlInSeconds)
      .send(errorBody(`Too many requests. Please try again in ${result.ttlInSeconds} seconds.`));
    return reply;
  };
}
