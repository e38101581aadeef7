// The live sockets (/combined-realtime/offer|results/{peerId}) and the calibration call. Tokens ride in
// the subprotocol list; invalid or expired closes 4001, admin tokens or another user's peer 4003, and
// anonymous peers are cut at the Free Tier's 120 s with 4002. A new peer beyond the live-peer cap closes
// 4029, so an overloaded service refuses clearly instead of slowing every stream.

import { LIVE_CLOSE, tokenFromProtocols } from '@posture-vision/core/live';
import { parseShows } from '@posture-vision/detector';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { type Claims, tokenFromAuthorization, type Verify } from '../auth/tokens.ts';
import type { EnginePool } from '../engine/pool.ts';
import { sendError } from '../errors.ts';
import { CALIBRATION_NONE, CALIBRATION_OK, frameDataUrl, outline } from './calibration.ts';
import { Peer, type Signal } from './peer.ts';

export const FREE_TIER_MS = 120_000;
/** Live peers at once. Two cores carry about 2-3 full-rate streams; beyond that every stream's frame rate
 * drops (only the newest frame is kept, nothing queues), which degrades more gently than refusing, so the
 * default leaves room above the bench figure. VISION_MAX_PEERS sets it per machine. */
export const MAX_PEERS = 8;
/** The close codes and reasons are the live-socket contract in core. */
const CLOSE = LIVE_CLOSE;

const PeerParams = z.object({
  peerId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'peerId must be 1-64 letters or digits'),
});

/** `?show=face,hands,emotion` (any subset, possibly empty): what the client shows from the frames, so the
 * peer runs those models only as often as they are needed (see the detector's schedule). */
const ShowQuery = z.object({ show: z.string().max(100).optional() });

const SignalMessage = z.object({
  type: z.enum(['offer', 'answer', 'candidate']),
  sdp: z.string().max(60_000).optional(),
  candidate: z
    .object({
      candidate: z.string().max(2_000),
      sdpMLineIndex: z.number().int().nullable().optional(),
      sdpMid: z.string().max(100).nullable().optional(),
    })
    .optional(),
});

export interface LiveOptions {
  pool: EnginePool;
  verify: Verify;
  freeTierMs?: number;
  /** Live peers at once (default MAX_PEERS); sockets of further peer ids close 4029. */
  maxPeers?: number;
  /** Peers by id, shared with the benchmark and tests. */
  peers?: Map<string, Peer>;
}

interface PeerEntry {
  peer: Peer;
  sockets: Set<WebSocket>;
  anonymousTimer?: NodeJS.Timeout;
}

export const liveRoutes: FastifyPluginAsync<LiveOptions> = async (app, options) => {
  const { pool, verify } = options;
  const freeTierMs = options.freeTierMs ?? FREE_TIER_MS;
  const maxPeers = options.maxPeers ?? MAX_PEERS;
  const entries = new Map<string, PeerEntry>();
  /** When each anonymous peer id started, so reconnecting does not restart the Free Tier clock. */
  const anonymousStart = new Map<string, number>();

  const endPeer = (id: string, code?: readonly [number, string]) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    options.peers?.delete(id);
    clearTimeout(entry.anonymousTimer);
    entry.peer.close();
    for (const s of entry.sockets) s.close(...(code ?? [1000, 'Peer closed']));
  };

  const authenticate = async (request: FastifyRequest): Promise<Claims | null | 'invalid'> => {
    const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
    if (!token) return null;
    return verify(token).catch(() => 'invalid' as const);
  };

  const attach = async (socket: WebSocket, request: FastifyRequest, role: 'offer' | 'results') => {
    const params = PeerParams.safeParse(request.params);
    if (!params.success) return socket.close(1008, 'Invalid peer id');
    const id = params.data.peerId;
    // Messages that arrive while the token is checked are buffered, not lost.
    const early: string[] = [];
    const onEarly = (data: Buffer) => early.push(data.toString());
    socket.on('message', onEarly);
    const claims = await authenticate(request);
    socket.off('message', onEarly);
    if (socket.readyState !== socket.OPEN) return;
    if (claims === 'invalid') return socket.close(...CLOSE.invalidToken);
    if (claims?.role === 'admin') return socket.close(...CLOSE.forbidden);
    const owner = claims?.sub ?? null;
    if (!owner) {
      // Forget anonymous clocks a day old, so the map does not grow with every peer id ever seen.
      for (const [key, at] of anonymousStart) if (Date.now() - at > 86_400_000) anonymousStart.delete(key);
      const started = anonymousStart.get(id) ?? Date.now();
      anonymousStart.set(id, started);
      if (Date.now() - started >= freeTierMs) return socket.close(...CLOSE.freeTier);
    }
    let entry = entries.get(id);
    if (entry && entry.peer.owner !== owner) return socket.close(...CLOSE.forbidden);
    if (!entry) {
      if (entries.size >= maxPeers) return socket.close(...CLOSE.busy);
      const query = ShowQuery.safeParse(request.query);
      const peer = new Peer(id, owner, pool, parseShows(query.success ? query.data.show : undefined));
      entry = { peer, sockets: new Set() };
      if (!owner) {
        const left = freeTierMs - (Date.now() - (anonymousStart.get(id) ?? Date.now()));
        entry.anonymousTimer = setTimeout(() => endPeer(id, CLOSE.freeTier), left);
      }
      entries.set(id, entry);
      options.peers?.set(id, peer);
    }
    const { peer, sockets } = entry;
    sockets.add(socket);
    const send = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    if (role === 'results') peer.results.add(send);
    else peer.signal = send;

    const handle = async (raw: string) => {
      if (role === 'results') return; // the results channel only sends
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return send(JSON.stringify({ type: 'error', message: 'Malformed JSON' }));
      }
      const parsed = SignalMessage.safeParse(json);
      if (!parsed.success) return send(JSON.stringify({ type: 'error', message: 'Invalid signal message' }));
      try {
        await peer.handleSignal(parsed.data as Signal);
      } catch (error) {
        send(JSON.stringify({ type: 'error', message: `Signalling failed: ${(error as Error).message}` }));
      }
    };
    socket.on('message', (data: Buffer) => void handle(data.toString()));
    socket.on('close', () => {
      sockets.delete(socket);
      peer.results.delete(send);
      if (role === 'offer' && peer.signal === send) peer.signal = null;
      // The peer ends when its last socket goes; its calibration goes with it.
      if (!sockets.size && entries.get(id)?.peer === peer) endPeer(id);
    });
    socket.on('error', () => {});
    for (const raw of early) await handle(raw);
  };

  app.get('/combined-realtime/offer/:peerId', { websocket: true }, (socket, request) =>
    attach(socket, request, 'offer'),
  );
  app.get('/combined-realtime/results/:peerId', { websocket: true }, (socket, request) =>
    attach(socket, request, 'results'),
  );

  app.get('/model/realtime/calibrate/:peerId', async (request, reply) => {
    const params = PeerParams.safeParse(request.params);
    if (!params.success)
      return sendError(reply, 400, 'Invalid peer id', [
        { field: 'peerId', message: 'peerId must be 1-64 letters or digits' },
      ]);
    const token = tokenFromAuthorization(request.headers.authorization);
    const claims = token ? await verify(token).catch(() => null) : null;
    if (token && !claims) return sendError(reply, 401, 'Invalid or expired token');
    const entry = entries.get(params.data.peerId);
    if (entry?.peer.owner && entry.peer.owner !== claims?.sub)
      return sendError(reply, claims ? 403 : 401, claims ? 'Forbidden' : 'Authentication required');
    const taken = entry?.peer.calibrate();
    if (!taken) return { message: CALIBRATION_NONE, image: null, outline: [], success: false };
    const { frame, reference } = taken;
    return {
      message: CALIBRATION_OK,
      image: await frameDataUrl(pool, frame),
      outline: outline(reference.keypoints, frame.width, frame.height),
      frame_size: { width: frame.width, height: frame.height },
      success: true,
    };
  });

  app.addHook('onClose', async () => {
    for (const id of [...entries.keys()]) endPeer(id, [1001, 'Server shutting down']);
  });
};
