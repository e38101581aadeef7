// buildServer(config): the whole API as a Fastify instance, used by main.ts, the tests and the bench.

import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { JWKS_PATH } from '@posture-vision/core/auth';
import { healthResponse } from '@posture-vision/core/http';
import Fastify, { type FastifyInstance } from 'fastify';
import analyticsRoutes from './analytics/routes.ts';
import { addressLimits } from './auth/address-limits.ts';
import googleRoutes from './auth/google.ts';
import { loadSigningKeys } from './auth/keys.ts';
import authRoutes from './auth/routes.ts';
import calibrationRoutes from './calibration/routes.ts';
import type { ApiConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import demoRoutes from './demo/routes.ts';
import healthRoutes from './health/routes.ts';
import {
  ApiError,
  answers,
  frameworkErrorOptions,
  installErrorHandling,
  installResponseContracts,
  ok,
} from './http/envelope.ts';
import { createMailer } from './mail/mailer.ts';
import profileRoutes from './profile/routes.ts';
import { openRedis } from './redis.ts';
import securityRoutes from './security/routes.ts';
import sessionRoutes from './sessions/routes.ts';

export async function buildServer(config: ApiConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger
      ? {
          level: 'info',
          // Query strings can carry tokens (verification link, OAuth callback): log paths only.
          serializers: { req: (req) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }) },
        }
      : false,
    bodyLimit: config.bodyLimit,
    ...frameworkErrorOptions,
    // Behind a load balancer the client's address comes from X-Forwarded-For, believed only from these hops.
    trustProxy: config.trustProxy?.length ? config.trustProxy : false,
  });
  const database = await openDatabase(config);
  const keys = await loadSigningKeys({
    signingKey: config.signingKey,
    db: database.db,
    dataDir: config.dataDir,
  });
  app.decorate('ctx', { config, db: database.db, keys, mailer: createMailer({ ...config, log: app.log }) });
  app.decorateRequest('user', null as never);
  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  // ioredis reconnects by itself (backing off to 2 s); say why requests fail meanwhile.
  redis?.on('error', (error: Error) => app.log.warn(`redis: ${error.message}`));
  app.addHook('onClose', async () => {
    await database.close();
    await redis?.quit();
  });

  installErrorHandling(app);
  installResponseContracts(app);
  await app.register(helmet, { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(cors, {
    origin: (origin, done) => done(null, !origin || config.webOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  await app.register(cookie);
  // Every limit (the routes' own and the login-address limit) counts in Redis when REDIS_URL is set, so all
  // instances share one count; otherwise in this process's memory.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}api:rate:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  app.addHook('onRequest', addressLimits(app, config.addressLimits));
  await app.register(multipart, { limits: { fileSize: config.avatarMaxBytes, files: 1, fields: 5 } });

  app.get('/health', answers(healthResponse), async () =>
    ok({ status: 'ok' as const, database: database.kind }),
  );
  await app.register(healthRoutes, { redis });
  app.get(JWKS_PATH, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: [keys.publicJwk] };
  });
  await app.register(authRoutes);
  await app.register(googleRoutes);
  await app.register(profileRoutes);
  await app.register(securityRoutes);
  await app.register(calibrationRoutes);
  await app.register(sessionRoutes);
  await app.register(analyticsRoutes);
  await app.register(demoRoutes);
  return app;
}
