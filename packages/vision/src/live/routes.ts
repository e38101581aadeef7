// The live sockets (/combined-realtime/offer|results/{peerId}) and the calibration call. Tokens ride in
// the subprotocol list; invalid or expired closes 4001, admin tokens or another user's peer 4003, and
// anonymous peers are cut at the Free Tier's 120 s with 4002 (unless the visitor switched the tool to Pro). A new peer beyond the live-peer cap closes
// 4029, so an overloaded service refuses clearly instead of slowing every stream; the live link retries it, so
// behind a balancer the retry lands on another instance. Peers are held through a registry (registry.ts):
// shared in Redis, a peer's results socket may land on another instance than its offer socket and still gets
// the frames, calibration reaches the holding instance, and the reference it takes is kept in the registry for the
// peer id, so a peer that reconnects elsewhere goes on with it. Draining (SIGTERM) takes no new peers and closes
// the held ones with 1012, on which the link reconnects.

import type { PostureReference } from '@posture-vision/core/analysis';
import {
  parseProfileReference,
  profileReferenceOf,
  referenceFromProfile,
} from '@posture-vision/core/calibration';
import { type IceServer, LIVE_CLOSE, referenceOutline, tokenFromProtocols } from '@posture-vision/core/live';
import { parseShows } from '@posture-vision/detector';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { type Claims, tokenFromAuthorization, type Verify } from '../auth/tokens.ts';
import type { EnginePool } from '../engine/pool.ts';
import { sendError } from '../errors.ts';
import { CALIBRATION_NONE, CALIBRATION_OK, CALIBRATION_PROBLEMS, frameDataUrl } from './calibration.ts';
import { Peer, type Signal } from './peer.ts';
import { type LiveRegistry, memoryRegistry, type PeerAnswer, RENEW_EVERY_MS } from './registry.ts';

export const FREE_TIER_MS = 120_000;
/** Live peers at once. Two cores carry about 2-3 full-rate streams; beyond that every stream's frame rate
 * drops (only the newest frame is kept, nothing queues), which degrades more gently than refusing, so the
 * default leaves room above the bench figure. VISION_MAX_PEERS sets it per machine. */
export const MAX_PEERS = 8;
/** Share of the peer slots anonymous visitors may hold: the rest stays reserved for signed-in users, so
 * anonymous sockets (which anyone can open with ever new peer ids) cannot lock them out. */
export const ANONYMOUS_SHARE = 0.5;
/** An anonymous peer that has received no video frame for this long (no offer, no media, or a stalled
 * stream) gives its slot back: a slot is held only while it streams. */
export const ANONYMOUS_IDLE_MS = 10_000;
/** The close codes and reasons are the live-socket contract in core. */
const CLOSE = LIVE_CLOSE;

const PeerParams = z.object({
  peerId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'peerId must be 1-64 letters or digits'),
});

/** `?show=face,hands,emotion` (any subset, possibly empty): what the client shows from the frames, so the
 * peer runs those models only as often as they are needed (see the detector's schedule). */
const ShowQuery = z.object({ show: z.string().max(100).optional() });

/** A keypoint as JSON carries it: a part the model did not find has null coordinates (JSON has no NaN). */
const ReferenceKeypoint = z.object({
  x: z.number().nullable(),
  y: z.number().nullable(),
  score: z.number().min(0).max(1).optional(),
  name: z.string().max(40).optional(),
});
/** The client's reference of record (core's ReferenceMessage): at most 33 keypoints (every pose model's count
 * fits), in a frame of at most 8K. */
const ReferenceBody = z
  .object({
    keypoints: z.array(ReferenceKeypoint).max(33),
    frame: z.object({
      width: z.number().int().positive().max(8192),
      height: z.number().int().positive().max(8192),
    }),
    /** The light it was taken in (0-1), as this service's calibration answered it. */
    light: z.number().min(0).max(1).optional(),
  })
  .nullable();

const SignalMessage = z.object({
  type: z.enum(['offer', 'answer', 'candidate', 'tier', 'reference']),
  /** With type 'tier': the live tool's Free Tier/Pro toggle. */
  tier: z.enum(['free', 'pro']).optional(),
  /** With type 'reference': what every frame is judged against from now on (null: none). */
  reference: ReferenceBody.optional(),
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
  /** Anonymous peers without video frames are ended after this long (default ANONYMOUS_IDLE_MS). */
  anonymousIdleMs?: number;
  /** Peers by id, shared with the benchmark and tests. */
  peers?: Map<string, Peer>;
  /** STUN/TURN servers of the answering peer connections (VISION_ICE_SERVERS; default none). */
  iceServers?: IceServer[];
  /** Where peers are held; default this process's memory. */
  registry?: LiveRegistry;
  /** Filled in here: the drain, for the process's SIGTERM and the readiness check. */
  control?: LiveControl;
}

export interface LiveControl {
  /** Stops taking new peers, tells held ones to reconnect elsewhere (1012), and resolves when their sockets
   * are gone or after timeoutMs. */
  drain(timeoutMs: number): Promise<void>;
  /** True once draining began (readiness answers 503). */
  draining(): boolean;
  /** Live peers held by this instance (its load). */
  peers(): number;
}

interface PeerEntry {
  peer: Peer;
  sockets: Set<WebSocket>;
  anonymousTimer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
  stopServing?: () => void;
  /** An anonymous peer's Free Tier start (shared across instances through the registry). */
  anonymousStart?: number;
}

export const liveRoutes: FastifyPluginAsync<LiveOptions> = async (app, options) => {
  const { pool, verify } = options;
  const freeTierMs = options.freeTierMs ?? FREE_TIER_MS;
  const maxPeers = options.maxPeers ?? MAX_PEERS;
  const maxAnonymous = Math.max(1, Math.floor(maxPeers * ANONYMOUS_SHARE));
  const anonymousIdleMs = options.anonymousIdleMs ?? ANONYMOUS_IDLE_MS;
  const anonymousPeers = () => [...entries.values()].filter((e) => e.peer.owner === null).length;
  const registry = options.registry ?? memoryRegistry();
  const entries = new Map<string, PeerEntry>();
  /** Sockets of this instance, held peers' or subscribed to a peer held elsewhere (drain waits for them). */
  const open = new Set<WebSocket>();
  let draining = false;
  const reportLoad = () => registry.reportLoad({ peers: entries.size, maxPeers, draining });
  const loadTimer = setInterval(reportLoad, RENEW_EVERY_MS);
  loadTimer.unref();
  /**
   * Anonymous peer ids whose tool is in Pro mode, with when they said so. Pro gives unlimited time and is a local
   * toggle with no server-side check, so the visitor's word is taken: the 120 s cap is
   * the Free Tier's, a backstop for a Free client whose own timer did not stop it. Kept by the instance that
   * holds the peer (the tier message travels on the peer's own socket).
   */
  const proPeers = new Map<string, number>();
  /** When an anonymous peer switched from Pro back to Free: its 120 s count again from then. */
  const freeAgainAt = new Map<string, number>();
  const freeTierStart = (id: string, started: number) => Math.max(started, freeAgainAt.get(id) ?? 0);

  const capAnonymous = (id: string, entry: PeerEntry) => {
    clearTimeout(entry.anonymousTimer);
    entry.anonymousTimer = undefined;
    if (proPeers.has(id)) return;
    const left = freeTierMs - (Date.now() - freeTierStart(id, entry.anonymousStart ?? Date.now()));
    entry.anonymousTimer = setTimeout(() => endPeer(id, CLOSE.freeTier), left);
  };

  /** The tool's tier changed (or was told on connecting): Pro lifts the cap; Free restarts the 120 s. */
  const setTier = (id: string, entry: PeerEntry, tier: 'free' | 'pro') => {
    if (entry.peer.owner) return; // signed-in users are never capped
    if (tier === 'pro') proPeers.set(id, Date.now());
    else if (proPeers.delete(id)) freeAgainAt.set(id, Date.now());
    capAnonymous(id, entry);
  };

  const endPeer = (id: string, code?: readonly [number, string]) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    options.peers?.delete(id);
    clearTimeout(entry.anonymousTimer);
    clearInterval(entry.idleTimer);
    entry.stopServing?.();
    entry.peer.close();
    const [closeCode, reason] = code ?? [1000, 'Peer closed'];
    for (const s of entry.sockets) s.close(closeCode, reason);
    // Results sockets on other instances close with the same code.
    registry.publish(id, { kind: 'end', code: closeCode, reason });
    void registry.release(id);
    reportLoad();
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
      // Forget tier marks a day old, so the maps do not grow with every peer id ever seen.
      for (const clocks of [proPeers, freeAgainAt])
        for (const [key, at] of clocks) if (Date.now() - at > 86_400_000) clocks.delete(key);
    }
    // The anonymous Free Tier clock of a peer id starts once, on whichever instance, and is never restarted.
    const started = owner ? 0 : await registry.anonymousStart(id, Date.now());
    if (!owner && !proPeers.has(id) && Date.now() - freeTierStart(id, started) >= freeTierMs)
      return socket.close(...CLOSE.freeTier);
    if (socket.readyState !== socket.OPEN) return;
    let entry = entries.get(id);
    if (entry && entry.peer.owner !== owner) return socket.close(...CLOSE.forbidden);
    if (!entry && role === 'results' && registry.shared) return attachRemoteResults(socket, id, owner);
    if (!entry) {
      if (draining || entries.size >= maxPeers || (!owner && anonymousPeers() >= maxAnonymous))
        return socket.close(...CLOSE.busy);
      const claim = await registry.claim(id, owner);
      if (claim === 'forbidden') return socket.close(...CLOSE.forbidden);
      if (claim === 'busy') return socket.close(...CLOSE.busy);
      // Another socket of the same peer may have created it while the registry answered.
      entry = entries.get(id);
      if (entry && entry.peer.owner !== owner) return socket.close(...CLOSE.forbidden);
    }
    if (socket.readyState !== socket.OPEN) {
      if (!entry) void registry.release(id);
      return;
    }
    if (!entry) {
      const query = ShowQuery.safeParse(request.query);
      const shows = parseShows(query.success ? query.data.show : undefined);
      const peer = new Peer(id, owner, pool, shows, options.iceServers);
      const created: PeerEntry = { peer, sockets: new Set(), anonymousStart: started };
      entry = created;
      if (!owner) {
        capAnonymous(id, created);
        // An anonymous peer holds its slot only while it streams: no new video frame in anonymousIdleMs ends it.
        let seen = -1;
        created.idleTimer = setInterval(() => {
          if (peer.stats.framesReceived === seen || peer.stats.framesReceived === 0) endPeer(id, CLOSE.idle);
          seen = peer.stats.framesReceived;
        }, anonymousIdleMs);
      }
      // Frames also go to the peer's channel, for its results socket on another instance.
      if (registry.shared) peer.results.add((text) => registry.publish(id, { kind: 'frame', owner, text }));
      entries.set(id, created);
      options.peers?.set(id, peer);
      reportLoad();
      // A peer id calibrated earlier (before a drain moved it here) goes on with the same reference.
      void registry
        .reference(id, owner)
        .then((reference) => {
          if (reference && entries.get(id) === created) peer.restoreReference(reference);
        })
        .catch(() => {});
      void registry
        .serve(id, (call) => calibrate(id, call.user))
        .then((stop) => {
          if (entries.get(id) === created) created.stopServing = stop;
          else stop();
        });
    }
    const { peer, sockets } = entry;
    sockets.add(socket);
    open.add(socket);
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
      if (parsed.data.type === 'tier') {
        const current = entries.get(id);
        if (current && parsed.data.tier) setTier(id, current, parsed.data.tier);
        return;
      }
      if (parsed.data.type === 'reference') return setReference(parsed.data.reference);
      try {
        await peer.handleSignal(parsed.data as Signal);
      } catch (error) {
        send(JSON.stringify({ type: 'error', message: `Signalling failed: ${(error as Error).message}` }));
      }
    };
    /** The client's reference of record: judged against from now on, and kept in the registry so a peer that
     * moves to another instance (drain, restart) goes on with it. A body the analysis cannot measure (no
     * shoulders) is refused with an error message and changes nothing. */
    const setReference = async (sent: z.infer<typeof ReferenceBody> | undefined) => {
      if (sent === undefined)
        return send(JSON.stringify({ type: 'error', message: 'Invalid signal message' }));
      let reference: PostureReference | null = null;
      if (sent) {
        const read = parseProfileReference(sent);
        try {
          reference = read ? referenceFromProfile(read) : null;
        } catch {}
        if (!reference)
          return send(
            JSON.stringify({
              type: 'error',
              message: 'Unusable reference: head and both shoulders are needed',
            }),
          );
      }
      peer.setReference(reference);
      if (reference) await registry.saveReference(id, peer.owner, reference).catch(() => {});
    };
    socket.on('message', (data: Buffer) => void handle(data.toString()));
    socket.on('close', () => {
      open.delete(socket);
      sockets.delete(socket);
      peer.results.delete(send);
      if (role === 'offer' && peer.signal === send) peer.signal = null;
      // The peer ends when its last socket goes; its calibration goes with it.
      if (!sockets.size && entries.get(id)?.peer === peer) endPeer(id);
    });
    socket.on('error', () => {});
    for (const raw of early) await handle(raw);
  };

  /** A results socket for a peer held by another instance: its frames arrive over the registry's channel. */
  const attachRemoteResults = async (socket: WebSocket, id: string, owner: string | null) => {
    const holder = await registry.holder(id);
    if (holder && holder.owner !== owner) return socket.close(...CLOSE.forbidden);
    open.add(socket);
    let unsubscribe = () => {};
    socket.on('close', () => {
      open.delete(socket);
      unsubscribe();
    });
    socket.on('error', () => {});
    const stop = await registry.subscribe(id, (message) => {
      if (socket.readyState !== socket.OPEN) return;
      if (message.kind === 'end') return socket.close(message.code, message.reason);
      // The peer id was taken by another user after this socket subscribed.
      if (message.owner !== owner) return socket.close(...CLOSE.forbidden);
      socket.send(message.text);
    });
    if (socket.readyState !== socket.OPEN) return stop();
    unsubscribe = stop;
    // The peer may have ended while this socket subscribed.
    const end = await registry.ended(id);
    if (end && socket.readyState === socket.OPEN) socket.close(end.code, end.reason);
  };

  /** Takes the calibration reference of a peer held here, for the caller `user` (null: anonymous). */
  const calibrate = async (id: string, user: string | null): Promise<PeerAnswer> => {
    const entry = entries.get(id);
    if (entry?.peer.owner && entry.peer.owner !== user)
      return {
        status: user ? 403 : 401,
        body: {
          success: false,
          error: { message: user ? 'Forbidden' : 'Authentication required', details: [] },
        },
      };
    const taken = entry?.peer.calibrate();
    if (!taken)
      return {
        status: 200,
        body: {
          message: CALIBRATION_NONE,
          reason: entry ? entry.peer.calibrationProblem() : CALIBRATION_PROBLEMS.notConnected,
          image: null,
          outline: [],
          success: false,
        },
      };
    const { frame, reference } = taken;
    // Kept in the registry so the reference survives the peer moving to another instance (drain, restart).
    await registry.saveReference(id, entry?.peer.owner ?? null, reference).catch(() => {});
    return {
      status: 200,
      body: {
        message: CALIBRATION_OK,
        image: await frameDataUrl(pool, frame),
        outline: referenceOutline(reference.keypoints, frame.width, frame.height),
        frame_size: { width: frame.width, height: frame.height },
        // An added field: the reference taken (the median of the last steady second), for the active profile.
        reference: profileReferenceOf(reference),
        success: true,
      },
    };
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
    const id = params.data.peerId;
    const user = claims?.sub ?? null;
    // A peer held here answers at once; one held by another instance answers through the registry.
    const answer =
      entries.has(id) || !registry.shared
        ? await calibrate(id, user)
        : await registry.ask(id, { type: 'calibrate', user });
    const { status, body } = answer ?? (await calibrate(id, user));
    return reply.code(status).send(body);
  });

  const control = options.control ?? ({} as LiveControl);
  control.draining = () => draining;
  control.peers = () => entries.size;
  control.drain = async (timeoutMs: number) => {
    draining = true;
    reportLoad();
    for (const id of [...entries.keys()]) endPeer(id, CLOSE.restart);
    // Results sockets subscribed here to peers held elsewhere reconnect too.
    for (const socket of open) socket.close(...CLOSE.restart);
    const deadline = Date.now() + timeoutMs;
    while (open.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  app.addHook('onClose', async () => {
    clearInterval(loadTimer);
    for (const id of [...entries.keys()]) endPeer(id, [1001, 'Server shutting down']);
    await registry.close();
  });
};
