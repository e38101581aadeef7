// Where live peers are held, shared by every vision instance when REDIS_URL is set (in this process's memory
// otherwise): which instance holds each peer id and for whom, the cluster-wide peer count, each instance's
// load, the anonymous Free Tier clocks and the anonymous share of the cap, each peer's calibration reference (so
// it survives the peer moving to another instance after a drain), and the peer channels. A peer's frames are published on its channel, so
// its results socket may land on any instance; calls for a peer held elsewhere (calibration) go to the holder
// over Redis too.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { PostureReference } from '@posture-vision/core/analysis';
import { Redis } from 'ioredis';

/** A message on a peer's channel: a detection frame (with the peer's owner, so a subscriber of another user
 * is refused) or the peer's end (with the close code its sockets got). */
export type PeerMessage =
  | { kind: 'frame'; owner: string | null; text: string }
  | { kind: 'end'; code: number; reason: string };

export type ClaimResult = 'ok' | 'forbidden' | 'busy';

/** A question for the instance that holds a peer, and its answer (HTTP status and body). */
export interface PeerCall {
  type: 'calibrate';
  user: string | null;
}
export interface PeerAnswer {
  status: number;
  body: unknown;
}

export interface LiveRegistry {
  readonly instanceId: string;
  /** True when other instances share it (Redis): results sockets without a local peer subscribe. */
  readonly shared: boolean;
  /** Holds the peer id here for this owner: 'forbidden' when another user holds it, 'busy' past the cluster cap
   * (or, for an anonymous peer, past the anonymous share of it). */
  claim(id: string, owner: string | null): Promise<ClaimResult>;
  /** Lets the peer id go, unless another instance has taken it over since. */
  release(id: string): Promise<void>;
  /** Who holds the peer id, anywhere. */
  holder(id: string): Promise<{ instance: string; owner: string | null } | null>;
  /** When the anonymous Free Tier clock of this key started (now, the first time it is asked). */
  anonymousStart(key: string, now: number): Promise<number>;
  /** Keeps the peer's calibration reference for its owner (REFERENCE_TTL_MS), wherever the peer is held next. */
  saveReference(id: string, owner: string | null, reference: PostureReference): Promise<void>;
  /** The peer's kept calibration reference, when it was taken by the same owner (null otherwise). */
  reference(id: string, owner: string | null): Promise<PostureReference | null>;
  publish(id: string, message: PeerMessage): void;
  /** How the peer ended, when it ended lately and nobody holds it now (a subscriber that came too late). */
  ended(id: string): Promise<Extract<PeerMessage, { kind: 'end' }> | null>;
  /** Receives the peer's channel; returns the unsubscribe. Resolves once subscribed. */
  subscribe(id: string, handler: (message: PeerMessage) => void): Promise<() => void>;
  /** Answers calls for a peer held here (while held); returns the stop. */
  serve(id: string, answer: (call: PeerCall) => Promise<PeerAnswer>): Promise<() => void>;
  /** Asks the instance holding the peer; null when nobody answers in time. */
  ask(id: string, call: PeerCall): Promise<PeerAnswer | null>;
  /** This instance's load, for operators and balancers reading the registry. */
  reportLoad(load: { peers: number; maxPeers: number; draining: boolean }): void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Anonymous clocks are kept a day, so reconnecting within it does not restart the Free Tier. */
const ANONYMOUS_CLOCK_MS = 86_400_000;
/** A held peer's registration lives this long unless its instance renews it, so a crashed instance's peers
 * stop counting against the cluster cap. */
const PEER_LEASE_MS = 30_000;
export const RENEW_EVERY_MS = 10_000;
/** A peer's calibration reference is kept this long after it was taken: long enough for a working day's session
 * to survive drains and reconnects, short enough that a forgotten peer id leaves nothing behind for long. */
export const REFERENCE_TTL_MS = 12 * 3_600_000;
/** How long a call waits for the holding instance. The holder encodes the calibration JPEG in a worker that the
 * peers' frames also use, behind at most two frames per peer; on a loaded 2-core machine that took over 5 s
 * (seen in the cluster test), after which the caller would have been told there was no calibration data. */
const ASK_TIMEOUT_MS = 15_000;
/** A peer's end is remembered this long for a results socket that subscribes just after it. */
const ENDED_MEMORY_MS = 30_000;

/** One process: everything in memory (`npm start`, tests of one instance). */
export function memoryRegistry(): LiveRegistry {
  const holders = new Map<string, string | null>();
  const clocks = new Map<string, number>();
  const channels = new EventEmitter();
  channels.setMaxListeners(0);
  const servers = new Map<string, (call: PeerCall) => Promise<PeerAnswer>>();
  const references = new Map<string, { owner: string | null; reference: PostureReference; at: number }>();
  return {
    instanceId: 'local',
    shared: false,
    async claim(id, owner) {
      if (holders.has(id) && holders.get(id) !== owner) return 'forbidden';
      holders.set(id, owner);
      return 'ok';
    },
    async release(id) {
      holders.delete(id);
    },
    async holder(id) {
      return holders.has(id) ? { instance: 'local', owner: holders.get(id) ?? null } : null;
    },
    async anonymousStart(key, now) {
      for (const [k, at] of clocks) if (now - at > ANONYMOUS_CLOCK_MS) clocks.delete(k);
      const started = clocks.get(key) ?? now;
      clocks.set(key, started);
      return started;
    },
    async saveReference(id, owner, reference) {
      const now = Date.now();
      for (const [k, kept] of references) if (now - kept.at > REFERENCE_TTL_MS) references.delete(k);
      references.set(id, { owner, reference, at: now });
    },
    async reference(id, owner) {
      const kept = references.get(id);
      return kept && kept.owner === owner && Date.now() - kept.at <= REFERENCE_TTL_MS ? kept.reference : null;
    },
    publish(id, message) {
      channels.emit(id, message);
    },
    async ended() {
      // One process: a results socket finds its peer (or creates it) locally, never too late.
      return null;
    },
    async subscribe(id, handler) {
      channels.on(id, handler);
      return () => channels.off(id, handler);
    },
    async serve(id, answer) {
      servers.set(id, answer);
      return () => {
        if (servers.get(id) === answer) servers.delete(id);
      };
    },
    async ask(id, call) {
      return (await servers.get(id)?.(call)) ?? null;
    },
    reportLoad() {},
    async ping() {},
    async close() {},
  };
}

const CLAIM = `
-- KEYS: peer hash, peers zset, ended key, anonymous peers zset.
-- ARGV: instance, owner ('' anonymous), now, lease expiry, cap (0 none), id, anonymous cap (0 none)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', ARGV[3])
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ARGV[2] then return 'forbidden' end
if not owner and tonumber(ARGV[5]) > 0 and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then
  return 'busy'
end
if not owner and ARGV[2] == '' and tonumber(ARGV[7]) > 0 and redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[7]) then
  return 'busy'
end
redis.call('HSET', KEYS[1], 'instance', ARGV[1], 'owner', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[6])
if ARGV[2] == '' then redis.call('ZADD', KEYS[4], ARGV[4], ARGV[6]) end
redis.call('DEL', KEYS[3])
return 'ok'
`;

const RELEASE = `
-- KEYS: peer hash, peers zset, anonymous peers zset. ARGV: instance, id
if redis.call('HGET', KEYS[1], 'instance') == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[2])
  redis.call('ZREM', KEYS[3], ARGV[2])
end
return 1
`;

type RedisWithScripts = Redis & {
  claimPeer(...args: (string | number)[]): Promise<ClaimResult>;
  releasePeer(...args: (string | number)[]): Promise<number>;
};

/**
 * Several instances on one Redis. `maxPeersTotal` caps live peers across the cluster (0: only each instance's
 * own cap applies), `maxAnonymousTotal` the anonymous ones among them (0: none beyond each instance's share).
 * Two connections: commands, and one in subscriber mode for the channels.
 */
export function redisRegistry(
  url: string,
  options: { prefix: string; maxPeersTotal: number; maxAnonymousTotal?: number },
): LiveRegistry {
  const instanceId = randomUUID();
  const { prefix, maxPeersTotal } = options;
  const maxAnonymousTotal = options.maxAnonymousTotal ?? 0;
  const redis = new Redis(url, { commandTimeout: 2000, maxRetriesPerRequest: 1 }) as RedisWithScripts;
  const sub = new Redis(url, { maxRetriesPerRequest: 1 });
  // ioredis reconnects by itself; readiness reports the outage meanwhile.
  redis.on('error', () => {});
  sub.on('error', () => {});
  redis.defineCommand('claimPeer', { numberOfKeys: 4, lua: CLAIM });
  redis.defineCommand('releasePeer', { numberOfKeys: 3, lua: RELEASE });

  const peerKey = (id: string) => `${prefix}vision:peer:${id}`;
  const peersKey = `${prefix}vision:peers`;
  const anonymousKey = `${prefix}vision:anonymous-peers`;
  const referenceKey = (id: string) => `${prefix}vision:reference:${id}`;
  const endedKey = (id: string) => `${prefix}vision:ended:${id}`;
  const instancesKey = `${prefix}vision:instances`;
  const channel = (id: string) => `${prefix}vision:frames:${id}`;
  const callChannel = (id: string) => `${prefix}vision:calls:${id}`;
  const replyChannel = (request: string) => `${prefix}vision:replies:${request}`;

  const handlers = new Map<string, Set<(text: string) => void>>();
  sub.on('message', (ch: string, text: string) => {
    for (const handler of handlers.get(ch) ?? []) handler(text);
  });
  const listen = async (ch: string, handler: (text: string) => void): Promise<() => void> => {
    let set = handlers.get(ch);
    if (!set) {
      set = new Set();
      handlers.set(ch, set);
      await sub.subscribe(ch);
    }
    set.add(handler);
    return () => {
      const current = handlers.get(ch);
      current?.delete(handler);
      if (current && !current.size) {
        handlers.delete(ch);
        void sub.unsubscribe(ch).catch(() => {});
      }
    };
  };

  // Frames travel as `F<owner>|<frame JSON>`, ends as `E<code>|<reason>`: no re-encoding of the frame.
  const encode = (m: PeerMessage) =>
    m.kind === 'frame' ? `F${m.owner ?? ''}|${m.text}` : `E${m.code}|${m.reason}`;
  const decode = (text: string): PeerMessage | null => {
    const bar = text.indexOf('|');
    if (bar < 1) return null;
    const head = text.slice(1, bar);
    const rest = text.slice(bar + 1);
    if (text[0] === 'F') return { kind: 'frame', owner: head || null, text: rest };
    if (text[0] === 'E') return { kind: 'end', code: Number(head), reason: rest };
    return null;
  };

  /** Peers held here, with their owner (null: anonymous). */
  const held = new Map<string, string | null>();
  const renew = setInterval(() => {
    const expiry = Date.now() + PEER_LEASE_MS;
    const batch = redis.pipeline();
    for (const [id, owner] of held) {
      batch.pexpireat(peerKey(id), expiry);
      batch.zadd(peersKey, expiry, id);
      if (owner === null) batch.zadd(anonymousKey, expiry, id);
    }
    void batch.exec().catch(() => {});
  }, RENEW_EVERY_MS);
  renew.unref();

  return {
    instanceId,
    shared: true,
    async claim(id, owner) {
      const now = Date.now();
      const result = await redis.claimPeer(
        peerKey(id),
        peersKey,
        endedKey(id),
        anonymousKey,
        instanceId,
        owner ?? '',
        now,
        now + PEER_LEASE_MS,
        maxPeersTotal,
        id,
        maxAnonymousTotal,
      );
      if (result === 'ok') held.set(id, owner);
      return result;
    },
    async release(id) {
      held.delete(id);
      await redis.releasePeer(peerKey(id), peersKey, anonymousKey, instanceId, id).catch(() => {});
    },
    async holder(id) {
      const h = await redis.hgetall(peerKey(id));
      return h.instance ? { instance: h.instance, owner: h.owner || null } : null;
    },
    async anonymousStart(key, now) {
      const k = `${prefix}vision:anonymous:${key}`;
      await redis.set(k, String(now), 'PX', ANONYMOUS_CLOCK_MS, 'NX');
      return Number(await redis.get(k)) || now;
    },
    async saveReference(id, owner, reference) {
      await redis.set(
        referenceKey(id),
        JSON.stringify({ owner: owner ?? '', reference }),
        'PX',
        REFERENCE_TTL_MS,
      );
    },
    async reference(id, owner) {
      const text = await redis.get(referenceKey(id));
      if (!text) return null;
      const kept = JSON.parse(text) as { owner: string; reference: PostureReference };
      return kept.owner === (owner ?? '') ? kept.reference : null;
    },
    publish(id, message) {
      const text = encode(message);
      if (message.kind === 'end') void redis.set(endedKey(id), text, 'PX', ENDED_MEMORY_MS).catch(() => {});
      void redis.publish(channel(id), text).catch(() => {});
    },
    async ended(id) {
      const [holder, text] = await Promise.all([
        redis.hget(peerKey(id), 'instance'),
        redis.get(endedKey(id)),
      ]);
      const message = !holder && text ? decode(text) : null;
      return message?.kind === 'end' ? message : null;
    },
    subscribe(id, handler) {
      return listen(channel(id), (text) => {
        const message = decode(text);
        if (message) handler(message);
      });
    },
    serve(id, answer) {
      return listen(callChannel(id), (text) => {
        const { request, call } = JSON.parse(text) as { request: string; call: PeerCall };
        void answer(call).then((reply) => redis.publish(replyChannel(request), JSON.stringify(reply)));
      });
    },
    async ask(id, call) {
      const request = randomUUID();
      let settle: (answer: PeerAnswer | null) => void = () => {};
      const answered = new Promise<PeerAnswer | null>((resolve) => {
        settle = resolve;
      });
      const stop = await listen(replyChannel(request), (text) => settle(JSON.parse(text) as PeerAnswer));
      const timer = setTimeout(() => settle(null), ASK_TIMEOUT_MS);
      try {
        const receivers = await redis.publish(callChannel(id), JSON.stringify({ request, call }));
        if (!receivers) return null;
        return await answered;
      } finally {
        clearTimeout(timer);
        stop();
      }
    },
    reportLoad(load) {
      void redis
        .hset(instancesKey, instanceId, JSON.stringify({ ...load, at: new Date().toISOString() }))
        .catch(() => {});
    },
    async ping() {
      await redis.ping();
      // The subscriber connection takes no PING in subscriber mode with RESP2; its state tells.
      if (sub.status !== 'ready') throw new Error(`subscriber connection ${sub.status}`);
    },
    async close() {
      clearInterval(renew);
      await Promise.all(
        [...held.keys()].map((id) => redis.releasePeer(peerKey(id), peersKey, anonymousKey, instanceId, id)),
      );
      held.clear();
      await redis.hdel(instancesKey, instanceId).catch(() => {});
      await Promise.all([redis.quit().catch(() => {}), sub.quit().catch(() => {})]);
    },
  };
}
