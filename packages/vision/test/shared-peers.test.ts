// Two vision instances on one Redis (REDIS_URL) hold live peers together: a peer's results socket on the other
// instance gets its frames, calibration reaches the holding instance, the peer cap and the anonymous Free Tier
// count across instances, and a draining instance tells its peers to reconnect (1012) and reports not ready.
// Token checking is replaced by a stand-in (the token names its user): tokens are tested in live-sockets.
import { randomBytes } from 'node:crypto';
import { ensureRedis, REDIS_URL } from '@posture-vision/testkit/services';
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
  messages: { status?: string }[];
  closed: Promise<{ code: number; reason: string }>;
}

function open(base: string, path: string, user?: string): Promise<Opened> {
  const ws = new WebSocket(base + path, ['posture-vision.v1', ...(user ? [`access_token.${user}`] : [])]);
  const messages: { status?: string }[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
  });
}

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** A 64x48 mid-grey I420 frame, as the video sink hands them over. */
const greyFrame = () => {
  const width = 64;
  const height = 48;
  return { width, height, data: new Uint8Array(width * height * 1.5).fill(128) };
};

describe('two vision instances on one Redis', () => {
  it("deliver a peer's frames to its results socket on the other instance", async () => {
    const offer = await open(a.ws, '/combined-realtime/offer/510001', 'user-1');
    await until(() => a.peers.has('510001'));
    const results = await open(b.ws, '/combined-realtime/results/510001', 'user-1');
    expect(b.peers.has('510001')).toBe(false);
    const peer = a.peers.get('510001') as Peer;
    // Frames keep coming until one crosses (the subscription is in place once the socket is open).
    const feeder = setInterval(() => peer.pushFrame(greyFrame()), 100);
    try {
      await until(() => results.messages.length > 0, 30_000);
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
    await until(() => a.peers.has('520003') && b.peers.has('520002'));
    const fourth = await open(b.ws, '/combined-realtime/offer/520004', 'user-1');
    expect((await fourth.closed).code).toBe(4029);
    held[0]?.ws.close();
    await until(() => !a.peers.has('520001'));
    const fifth = await open(b.ws, '/combined-realtime/offer/520005', 'user-1');
    await until(() => b.peers.has('520005'));
    for (const s of [...held, fifth]) s.ws.close();
    await until(() => a.peers.size === 0 && b.peers.size === 0);
  });

  it('keep one anonymous Free Tier clock per peer across instances', async () => {
    const first = await open(a.ws, '/combined-realtime/offer/530001');
    expect((await first.closed).code).toBe(4002);
    const again = await open(b.ws, '/combined-realtime/offer/530001');
    expect((await again.closed).code).toBe(4002);
  });

  it('drain: peers are told to reconnect (1012), readiness turns 503, new peers go elsewhere', async () => {
    expect((await fetch(`${a.http}/health/ready`)).status).toBe(200);
    const offer = await open(a.ws, '/combined-realtime/offer/540001', 'user-1');
    await until(() => a.peers.has('540001'));
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
    await until(() => b.peers.has('540001'));
    moved.ws.close();
    expect((await fetch(`${b.http}/health/ready`)).status).toBe(200);
    expect((await fetch(`${a.http}/health/live`)).status).toBe(200);
  });
});
