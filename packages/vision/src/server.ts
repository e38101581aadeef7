// The vision service, built by a function so tests create it in-process and main.ts runs it.
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { frameworkError, rawClientErrorResponse } from '@posture-vision/core/http';
import type { IceServer } from '@posture-vision/core/live';
import { LIVE_SUBPROTOCOL } from '@posture-vision/core/live';
import Fastify, { type FastifyInstance } from 'fastify';
import { measurementKeys } from './auth/measurement-key.ts';
import { tokenVerifier, type Verify } from './auth/tokens.ts';
import { EnginePool } from './engine/pool.ts';
import { sendError } from './errors.ts';
import type { Peer } from './live/peer.ts';
import { memoryRegistry, redisRegistry } from './live/registry.ts';
import { ANONYMOUS_SHARE, type LiveControl, liveRoutes } from './live/routes.ts';
import { type PhotoLimits, photoRoutes } from './photo/routes.ts';
import { healthRoutes } from './status/health.ts';
import { statusRoutes } from './status/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live peers' drain (SIGTERM) and its state. */
    live: LiveControl;
  }
}

export interface VisionOptions {
  /** Where the API publishes its JWKS (`${apiUrl}/.well-known/jwks.json`). */
  apiUrl?: string;
  /** Inference worker threads; default one per core. */
  workers?: number;
  /** Replaces token verification (tests of the edge). */
  verify?: Verify;
  freeTierMs?: number;
  /** STUN/TURN servers of the live peer connections (VISION_ICE_SERVERS). */
  iceServers?: IceServer[];
  /** Live peers at once; default MAX_PEERS (live/routes.ts). */
  maxPeers?: number;
  /** Anonymous peers without video for this long are ended (default ANONYMOUS_IDLE_MS, live/routes.ts). */
  anonymousIdleMs?: number;
  /** Photo calls per minute per address / per account (default DEFAULT_PHOTO_LIMITS, photo/routes.ts). */
  photoLimits?: PhotoLimits;
  peers?: Map<string, Peer>;
  logger?: boolean;
  /** Redis shared by every instance (peer registry, frames fan-out, Free Tier clocks); memory without it. */
  redisUrl?: string;
  /** Prefix of this deployment's Redis keys (default `pv:`). */
  redisPrefix?: string;
  /** Live peers across all instances on one Redis (0 or absent: each instance's own cap only). */
  maxPeersTotal?: number;
  /** Load balancers whose X-Forwarded-For is believed. */
  trustProxy?: string[];
  /** VISION_SIGNING_KEY: the private ES256 JWK photo measurements are signed with (auth/measurement-key.ts). */
  signingKey?: string;
}

/** Three photos of at most 5 MB each, base64 (4/3) plus JSON around them. */
const BODY_LIMIT = 22 * 1024 * 1024;
/** Signalling messages are SDP and candidates, a few kilobytes. */
const SOCKET_MESSAGE_LIMIT = 64 * 1024;

export async function buildServer(
  options: VisionOptions = {},
): Promise<{ app: FastifyInstance; pool: EnginePool }> {
  // Before the workers start: a configured signing key that is not one fails the start.
  const keys = measurementKeys({
    signingKey: options.signingKey,
    redisUrl: options.redisUrl,
    redisPrefix: options.redisPrefix,
  });
  const pool = new EnginePool(options.workers);
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    logger: options.logger
      ? { redact: ['req.headers.authorization', 'req.headers["sec-websocket-protocol"]'] }
      : false,
    // The framework's own errors (bad URL encoding, over-long peer id, oversized headers) in the envelope too.
    frameworkErrors: (error, request, reply) => {
      const { status, message } = frameworkError(error);
      // A socket upgrade refused here never reaches the websocket plugin (which ends refused upgrades): its raw
      // socket would stay half-open for good — one leaked connection per request, and a server that never
      // finishes closing. The answer sent, the socket goes.
      if (request.headers.upgrade) reply.raw.once('finish', () => request.raw.socket?.destroy());
      sendError(reply, status, message);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (socket.writable) socket.end(rawClientErrorResponse(error));
      else socket.destroy(error);
    },
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const { status, message } = frameworkError(error);
    if (status === 413) return sendError(reply, 413, 'Request too large: at most 5 MB per photo.');
    if (status < 500) return sendError(reply, status, message);
    request.log.error({ err: { code: error.code } }, 'unhandled error');
    return sendError(reply, 500, 'Internal server error');
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `Not found: ${request.method} ${request.url.split('?')[0]}`),
  );
  app.addHook('onRequest', async (request, reply) => {
    // The live tool calls from the web app's origin and from the extension.
    reply.header('access-control-allow-origin', request.headers.origin ?? '*');
    reply.header('access-control-allow-headers', 'authorization, content-type');
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('vary', 'origin');
    if (request.method === 'OPTIONS') return reply.code(204).send();
  });
  await app.register(websocket, {
    options: {
      maxPayload: SOCKET_MESSAGE_LIMIT,
      handleProtocols: (protocols: Set<string>) =>
        protocols.has(LIVE_SUBPROTOCOL) ? LIVE_SUBPROTOCOL : false,
    },
  });
  const verify = options.verify ?? tokenVerifier(options.apiUrl ?? 'http://localhost:8000');
  const registry = options.redisUrl
    ? redisRegistry(options.redisUrl, {
        prefix: options.redisPrefix ?? 'pv:',
        maxPeersTotal: options.maxPeersTotal ?? 0,
        // The anonymous share of the cluster cap, as each instance keeps of its own cap.
        maxAnonymousTotal: Math.floor((options.maxPeersTotal ?? 0) * ANONYMOUS_SHARE),
      })
    : memoryRegistry();
  const live = {} as LiveControl;
  app.decorate('live', live);
  await app.register(statusRoutes, { pool });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many photo analyses. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(photoRoutes, { pool, verify, keys, limits: options.photoLimits });
  await app.register(liveRoutes, {
    pool,
    verify,
    freeTierMs: options.freeTierMs,
    iceServers: options.iceServers,
    maxPeers: options.maxPeers,
    anonymousIdleMs: options.anonymousIdleMs,
    peers: options.peers,
    registry,
    control: live,
  });
  await app.register(healthRoutes, { pool, registry, live });
  app.addHook('onClose', async () => pool.close());
  return { app, pool };
}
