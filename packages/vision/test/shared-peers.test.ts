// Two vision instances on one Redis (REDIS_URL) hold live peers together: a peer's results socket on the other
// instance gets its frames, calibration reaches the holding instance, the peer cap, its anonymous share and the
// anonymous Free Tier count across instances, a calibrated peer that moves to the other instance goes on with its
// reference, and a draining instance tells its peers to reconnect (1012) and reports not ready.
// Token checking is replaced by a stand-in (the token names its user): tokens are tested in live-sockets.
import { randomBytes } from 'node:crypto';
import type { DetectionFrame } from '@posture-vision/core/detection';
import { personFrame } from '@posture-vision/testkit/media';
import { ensureRedis, REDIS_URL } from '@posture-vision/testkit/services';
import { waitUntil } from '@posture-vision/testkit/wait';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Peer } from '../src/live/peer.ts';
import { buildServer } from '../src/server.ts';

interface Instance {
  app: FastifyInstance;
  ws: string;
  http: string;
  peers: Map<string, Peer>;
}

let a: Instance;
let b: Instance;

async function start(prefix: string): Promise<Instance> {
  const peers = new Map<string, Peer>();
  const { app, pool } = await buildServer({
    workers: 1,
    peers,
    freeTierMs: 1_500,
    redisUrl: REDIS_URL,
    redisPrefix: prefix,
    maxPeersTotal: 3,
    verify: async (token) => ({ sub: token, role: 'user' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await pool.ready;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, ws: `ws://127.0.0.1:${port}`, http: `http://127.0.0.1:${port}`, peers };
}

beforeAll(async () => {
  await ensureRedis();
  const prefix = `pv-test-${randomBytes(4).toString('hex')}:`;
  [a, b] = await Promise.all([start(prefix), start(prefix)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.app.close(), b?.app.close()]);
});

interface Opened {
  ws: WebSocket;
  messages: Partial<DetectionFrame>[];
  closed: Promise<{ code: number; reason: string }>;
}

function open(base: string, path: string, user?: string): Promise<Opened> {
  const ws = new WebSocket(base + path, ['posture-vision.v1', ...(user ? [`access_token.${user}`] : [])]);
  const messages: Partial<DetectionFrame>[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
  });
}

const until = (check: () => boolean, what: string, ms = 10_000) => waitUntil(check, what, ms);

/** A 64x48 mid-grey I420 frame, as the video sink hands them over. */
const greyFrame = () => {
  const width = 64;
  const height = 48;
  return { width, height, data: new Uint8Array(width * height * 1.5).fill(128) };
};

describe('two vision instances on one Redis', () => {
  it("deliver a peer's frames to its results socket on the other instance", async () => {
    const offer = await open(a.ws, '/combined-realtime/offer/510001', 'user-1');
    await until(() => a.peers.has('510001'), 'peer 510001 held by a');
    const results = await open(b.ws, '/combined-realtime/results/510001', 'user-1');
    expect(b.peers.has('510001')).toBe(false);
    const peer = a.peers.get('510001') as Peer;
    // Frames keep coming until one crosses (the subscription is in place once the socket is open).
    const feeder = setInterval(() => peer.pushFrame(greyFrame()), 100);
    try {
      await until(() => results.messages.length > 0, 'a frame on the other instance', 30_000);
    } finally {
      clearInterval(feeder);
    }
    expect(results.messages[0]?.status).toBe('ok');

    // Another user's results socket for the same peer id is refused on either instance.
    const intruder = await open(b.ws, '/combined-realtime/results/510001', 'user-2');
    expect((await intruder.closed).code).toBe(4003);

    // Calibration asked of the other instance is answered by the holder (which refuses an anonymous caller).
    const anonymous = await fetch(`${b.http}/model/realtime/calibrate/510001`);
    expect(anonymous.status).toBe(401);
    const own = await fetch(`${b.http}/model/realtime/calibrate/510001`, {
      headers: { authorization: 'Bearer user-1' },
    });
    expect(own.status).toBe(200);
    // A grey frame has nobody to take as the reference.
    expect((await own.json()).success).toBe(false);

    // The peer's end closes its results socket on the other instance too.
    offer.ws.close();
    expect((await results.closed).code).toBe(1000);
  });

  it('count the live-peer cap across instances', async () => {
    const held = [
      await open(a.ws, '/combined-realtime/offer/520001', 'user-1'),
      await open(b.ws, '/combined-realtime/offer/520002', 'user-1'),
      await open(a.ws, '/combined-realtime/offer/520003', 'user-1'),
    ];
    await until(() => a.peers.has('520003') && b.peers.has('520002'), 'three peers held');
    const fourth = await open(b.ws, '/combined-realtime/offer/520004', 'user-1');
    expect((await fourth.closed).code).toBe(4029);
    held[0]?.ws.close();
    await until(() => !a.peers.has('520001'), 'peer 520001 gone');
    const fifth = await open(b.ws, '/combined-realtime/offer/520005', 'user-1');
    await until(() => b.peers.has('520005'), 'peer 520005 held by b');
    for (const s of [...held, fifth]) s.ws.close();
    await until(() => a.peers.size === 0 && b.peers.size === 0, 'every peer gone');
  });

  it('keep one anonymous Free Tier clock per peer across instances', async () => {
    const first = await open(a.ws, '/combined-realtime/offer/530001');
    expect((await first.closed).code).toBe(4002);
    const again = await open(b.ws, '/combined-realtime/offer/530001');
    expect((await again.closed).code).toBe(4002);
  });

  it('count the anonymous share of the cap across instances', async () => {
    // maxPeersTotal 3: anonymous visitors may hold one peer of the cluster, whichever instance they reach.
    const first = await open(a.ws, '/combined-realtime/offer/550001');
    // Pro lifts the short Free Tier of this suite, so the first peer is still held when the second asks.
    first.ws.send(JSON.stringify({ type: 'tier', tier: 'pro' }));
    await until(() => a.peers.has('550001'), 'anonymous peer 550001 held by a');
    const second = await open(b.ws, '/combined-realtime/offer/550002');
    expect((await second.closed).code).toBe(4029);
    // A signed-in user still gets a slot on that instance: only the anonymous share is used up.
    const user = await open(b.ws, '/combined-realtime/offer/550003', 'user-1');
    await until(() => b.peers.has('550003'), 'signed-in peer 550003 held by b');
    first.ws.close();
    await until(() => !a.peers.has('550001'), 'anonymous peer 550001 gone');
    const third = await open(b.ws, '/combined-realtime/offer/550004');
    third.ws.send(JSON.stringify({ type: 'tier', tier: 'pro' }));
    await until(() => b.peers.has('550004'), 'anonymous peer 550004 held by b once the slot is free');
    for (const s of [user, third]) s.ws.close();
    await until(() => a.peers.size === 0 && b.peers.size === 0, 'every peer gone');
  });

  it('a calibrated peer that reconnects to the other instance keeps its reference', async () => {
    const upright = personFrame('upright', { width: 320, height: 240 });
    const slouched = personFrame('slouched', { width: 320, height: 240 });
    const poorWithReference = (m: Partial<DetectionFrame>) =>
      m.temporal_posture_data != null && m.posture_verdict?.status === 'poor';

    const offer = await open(a.ws, '/combined-realtime/offer/560001', 'user-1');
    await until(() => a.peers.has('560001'), 'peer 560001 held by a');
    const results = await open(a.ws, '/combined-realtime/results/560001', 'user-1');
    let shown = upright;
    const peerOn = (instance: Instance) => instance.peers.get('560001');
    const feeder = setInterval(() => (peerOn(a) ?? peerOn(b))?.pushFrame(shown), 100);
    try {
      await until(() => results.messages.some((m) => m.hns?.poses.length), 'a frame with the person', 60_000);
      // Asked of the holder (calibration through the other instance is the first test's).
      const calibrated = await fetch(`${a.http}/model/realtime/calibrate/560001`, {
        headers: { authorization: 'Bearer user-1' },
      });
      const answer = await calibrated.json();
      expect(answer, JSON.stringify(results.messages.at(-1)?.body_status)).toMatchObject({ success: true });
      shown = slouched;
      await until(
        () => results.messages.some(poorWithReference),
        'the slouch judged against the reference',
        60_000,
      );

      // The peer ends on a (its sockets close) and comes back on b with the same id, as after a drain.
      offer.ws.close();
      results.ws.close();
      await until(() => !a.peers.has('560001'), 'peer 560001 gone from a');
      const moved = await open(b.ws, '/combined-realtime/offer/560001', 'user-1');
      const movedResults = await open(b.ws, '/combined-realtime/results/560001', 'user-1');
      await until(() => movedResults.messages.some(poorWithReference), 'the same verdict on b', 60_000);
      expect(movedResults.messages.some((m) => m.body_status === 'Calibrate to start posture analysis')).toBe(
        false,
      );

      // The reference is the owner's: another user taking the same peer id later starts uncalibrated.
      moved.ws.close();
      movedResults.ws.close();
      await until(() => !b.peers.has('560001'), 'peer 560001 gone from b');
      const otherOffer = await open(b.ws, '/combined-realtime/offer/560001', 'user-2');
      const other = await open(b.ws, '/combined-realtime/results/560001', 'user-2');
      await until(() => other.messages.some((m) => m.hns?.poses.length), "a frame of user-2's peer", 60_000);
      expect(other.messages.every((m) => m.temporal_posture_data === null)).toBe(true);
      for (const socket of [otherOffer, other]) socket.ws.close();
      await until(() => !b.peers.has('560001'), 'peer 560001 ended');
    } finally {
      clearInterval(feeder);
    }
    // Real inference on a shared machine: each wait above has its own limit; this one only bounds them all.
  }, 300_000);

  it('drain: peers are told to reconnect (1012), readiness turns 503, new peers go elsewhere', async () => {
    expect((await fetch(`${a.http}/health/ready`)).status).toBe(200);
    const offer = await open(a.ws, '/combined-realtime/offer/540001', 'user-1');
    await until(() => a.peers.has('540001'), 'peer 540001 held by a');
    const results = await open(b.ws, '/combined-realtime/results/540001', 'user-1');
    await a.app.live.drain(5_000);
    expect((await offer.closed).code).toBe(1012);
    expect((await results.closed).code).toBe(1012);
    const ready = await fetch(`${a.http}/health/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.details).toEqual([{ field: 'live', message: 'draining' }]);
    const refused = await open(a.ws, '/combined-realtime/offer/540002', 'user-1');
    expect((await refused.closed).code).toBe(4029);
    // The reconnect lands on the other instance, which takes the same peer id.
    const moved = await open(b.ws, '/combined-realtime/offer/540001', 'user-1');
    await until(() => b.peers.has('540001'), 'peer 540001 held by b');
    moved.ws.close();
    expect((await fetch(`${b.http}/health/ready`)).status).toBe(200);
    expect((await fetch(`${a.http}/health/live`)).status).toBe(200);
  });
});
