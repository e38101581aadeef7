// The vision service, built by a function so tests create it in-process and main.ts runs it.
import websocket from '@fastify/websocket';
import { LIVE_SUBPROTOCOL } from '@posture-vision/core/live';
import Fastify, { type FastifyInstance } from 'fastify';
import { tokenVerifier, type Verify } from './auth/tokens.ts';
import { EnginePool } from './engine/pool.ts';
import { sendError } from './errors.ts';
import type { Peer } from './live/peer.ts';
import { liveRoutes } from './live/routes.ts';
import { photoRoutes } from './photo/routes.ts';
import { statusRoutes } from './status/routes.ts';

export interface VisionOptions {
  /** Where the API publishes its JWKS (`${apiUrl}/.well-known/jwks.json`). */
  apiUrl?: string;
  /** Inference worker threads; default one per core. */
  workers?: number;
  /** Replaces token verification (tests of the edge). */
  verify?: Verify;
  freeTierMs?: number;
  /** Live peers at once; default MAX_PEERS (live/routes.ts). */
  maxPeers?: number;
  peers?: Map<string, Peer>;
  logger?: boolean;
}

/** Three photos of at most 5 MB each, base64 (4/3) plus JSON around them. */
const BODY_LIMIT = 22 * 1024 * 1024;
/** Signalling messages are SDP and candidates, a few kilobytes. */
const SOCKET_MESSAGE_LIMIT = 64 * 1024;

export async function buildServer(
  options: VisionOptions = {},
): Promise<{ app: FastifyInstance; pool: EnginePool }> {
  const pool = new EnginePool(options.workers);
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: options.logger
      ? { redact: ['req.headers.authorization', 'req.headers["sec-websocket-protocol"]'] }
      : false,
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 413) return sendError(reply, 413, 'Request too large: at most 5 MB per photo.');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(reply, 415, 'Expected a JSON body.');
    if (status === 400) return sendError(reply, 400, `Malformed request: ${error.message}`);
    request.log.error(error);
    return sendError(reply, status, status === 500 ? 'Internal server error' : error.message);
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
  await app.register(statusRoutes, { pool });
  await app.register(photoRoutes, { pool });
  await app.register(liveRoutes, {
    pool,
    verify,
    freeTierMs: options.freeTierMs,
    maxPeers: options.maxPeers,
    peers: options.peers,
  });
  app.addHook('onClose', async () => pool.close());
  return { app, pool };
}
