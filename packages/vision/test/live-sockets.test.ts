// The live sockets and calls at their edges: tokens (signed here against a JWKS served by a tiny HTTP
// server standing in for the API), close codes, the anonymous Free Tier cap, and bad input of every kind.

import { startTokenIssuer, type TokenIssuer } from '@posture-vision/testkit/tokens';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { EnginePool } from '../src/engine/pool.ts';
import type { Peer } from '../src/live/peer.ts';
import { buildServer } from '../src/server.ts';

let app: FastifyInstance;
let issuer: TokenIssuer;
let base: string;
let sign: (claims: Record<string, unknown>, exp?: string) => Promise<string>;
let initialStatus: string;
let pool: EnginePool;

beforeAll(async () => {
  issuer = await startTokenIssuer();
  const apiUrl = issuer.url;
  sign = issuer.sign;
  const built = await buildServer({ apiUrl, workers: 1, freeTierMs: 2_000 });
  app = built.app;
  pool = built.pool;
  initialStatus = (
    await app.inject({ method: 'GET', url: '/model/realtime/face-direction-identifier' })
  ).json().model_status;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await built.pool.ready;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

interface Opened {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}

function open(path: string, token?: string, server = base): Promise<Opened> {
  const protocols = ['posture-vision.v1', ...(token ? [`access_token.${token}`] : [])];
  const ws = new WebSocket(server + path, protocols);
  const messages: unknown[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('error', reject);
  });
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const alive = async () =>
  (await app.inject({ method: 'GET', url: '/model/realtime/health-check' })).statusCode === 200;

describe('model status', () => {
  it('says loading before the models are in, ready after', async () => {
    expect(initialStatus).toBe('loading');
    const res = await app.inject({ method: 'GET', url: '/model/realtime/face-direction-identifier' });
    expect(res.json()).toMatchObject({ model_status: 'ready' });
  });
});

describe('cross-origin calls', () => {
  it('answers the browser preflight of the calibration call with its Authorization header', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/model/realtime/calibrate/123456',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-headers']).toMatch(/authorization/);
  });
});

describe('live socket authentication', () => {
  it('accepts a user token and selects the subprotocol', async () => {
    const s = await open(
      '/combined-realtime/offer/123456',
      await sign({ sub: 'u1', sid: 's1', role: 'user' }),
    );
    expect(s.ws.protocol).toBe('posture-vision.v1');
    s.ws.close();
  });

  it('closes 4001 for a forged, expired or garbled token', async () => {
    const forged = await new SignJWT({ sub: 'u1', role: 'user' })
      .setProtectedHeader({ alg: 'ES256', kid: 'test' })
      .setIssuer('posture-vision-api')
      .setAudience('posture-vision')
      .setExpirationTime('15m')
      .sign((await generateKeyPair('ES256')).privateKey);
    const expired = await sign({ sub: 'u1', role: 'user' }, '-1m');
    for (const token of [forged, expired, 'garbage']) {
      const s = await open('/combined-realtime/results/223344', token);
      expect(await s.closed).toEqual({ code: 4001, reason: 'Invalid or expired token' });
    }
  });

  it('closes 4003 for admin tokens and for another user’s peer', async () => {
    const admin = await open('/combined-realtime/offer/323232', await sign({ sub: 'a1', role: 'admin' }));
    expect((await admin.closed).code).toBe(4003);
    const mine = await open('/combined-realtime/offer/424242', await sign({ sub: 'u1', role: 'user' }));
    const theirs = await open('/combined-realtime/results/424242', await sign({ sub: 'u2', role: 'user' }));
    expect((await theirs.closed).code).toBe(4003);
    const calibrate = await app.inject({
      method: 'GET',
      url: '/model/realtime/calibrate/424242',
      headers: { authorization: `Bearer ${await sign({ sub: 'u2', role: 'user' })}` },
    });
    expect(calibrate.statusCode).toBe(403);
    mine.ws.close();
  });

  it('cuts anonymous peers at the Free Tier limit with 4002, also on reconnect', async () => {
    const s = await open('/combined-realtime/results/525252');
    expect(await s.closed).toEqual({ code: 4002, reason: 'Free Tier limit reached' });
    const again = await open('/combined-realtime/offer/525252');
    expect((await again.closed).code).toBe(4002);
  });

  it('does not cut an anonymous visitor whose tool is in Pro (unlimited time); Free restarts the 120 s', async () => {
    const offer = await open('/combined-realtime/offer/626262');
    offer.ws.send(JSON.stringify({ type: 'tier', tier: 'pro' }));
    const results = await open('/combined-realtime/results/626262');
    // A Free peer opened at the same moment is cut at the (test's 2 s) limit; the Pro one is still open then.
    const free = await open('/combined-realtime/results/727272');
    expect((await free.closed).code).toBe(4002);
    expect([offer.ws.readyState, results.ws.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
    // Back to Free: the Free Tier's time runs again from the switch.
    offer.ws.send(JSON.stringify({ type: 'tier', tier: 'free' }));
    expect((await results.closed).code).toBe(4002);
  });
});

describe('bad input never crashes the service', () => {
  it('answers malformed JSON, unknown messages and early candidates with an error and keeps the socket', async () => {
    const s = await open('/combined-realtime/offer/626262', await sign({ sub: 'u3', role: 'user' }));
    s.ws.send('{not json');
    s.ws.send(JSON.stringify({ type: 'hello' }));
    s.ws.send(
      JSON.stringify({
        type: 'candidate',
        candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' },
      }),
    );
    s.ws.send(JSON.stringify({ type: 'offer', sdp: 'v=0 nonsense' }));
    await until(() => s.messages.length >= 4);
    expect(s.messages[0]).toEqual({ type: 'error', message: 'Malformed JSON' });
    expect(s.messages[1]).toEqual({ type: 'error', message: 'Invalid signal message' });
    expect(s.messages[2]).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/candidate before offer/),
    });
    expect(s.messages[3]).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/^Signalling failed/),
    });
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.close();
    expect(await alive()).toBe(true);
  });

  it('takes a reference of record on the offer socket, and answers an unusable or malformed one with an error', async () => {
    const s = await open('/combined-realtime/offer/828282', await sign({ sub: 'u5', role: 'user' }));
    const frame = { width: 640, height: 480 };
    // A front-facing upright body (nose, eyes, ears, shoulders) in the frame's pixels.
    const upright = [
      [320, 150],
      [305, 140],
      [335, 140],
      [290, 145],
      [350, 145],
      [250, 240],
      [390, 240],
    ].map(([x, y]) => ({ x, y, score: 0.9 }));
    s.ws.send(JSON.stringify({ type: 'reference', reference: { keypoints: upright, frame } }));
    s.ws.send(JSON.stringify({ type: 'reference', reference: null }));
    // Head only: no shoulders to measure against.
    s.ws.send(JSON.stringify({ type: 'reference', reference: { keypoints: upright.slice(0, 5), frame } }));
    s.ws.send(JSON.stringify({ type: 'reference', reference: { keypoints: 'all of them', frame } }));
    await until(() => s.messages.length >= 2);
    expect(s.messages).toEqual([
      { type: 'error', message: 'Unusable reference: head and both shoulders are needed' },
      { type: 'error', message: 'Invalid signal message' },
    ]);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.close();
  });

  it('closes a socket that sends an oversized message, and keeps serving', async () => {
    const s = await open('/combined-realtime/offer/727272', await sign({ sub: 'u4', role: 'user' }));
    s.ws.send(JSON.stringify({ type: 'offer', sdp: 'x'.repeat(200_000) }));
    expect((await s.closed).code).toBe(1009);
    expect(await alive()).toBe(true);
  });

  it('refuses bad peer ids and bad bearer tokens on the calibration call', async () => {
    const bad = await app.inject({ method: 'GET', url: '/model/realtime/calibrate/..%2F..' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    const token = await app.inject({
      method: 'GET',
      url: '/model/realtime/calibrate/123456',
      headers: { authorization: 'Bearer nope' },
    });
    expect(token.statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/model/realtime/calibrate/818181' });
    expect(unknown.json()).toMatchObject({ message: 'No calibration data found', success: false });
    const badPath = await open('/combined-realtime/offer/bad%20id');
    expect((await badPath.closed).code).toBe(1008);
  });
});

describe('live-peer cap', () => {
  let busy: FastifyInstance;
  let busyBase: string;
  const peers = new Map<string, Peer>();

  beforeAll(async () => {
    busy = (await buildServer({ apiUrl: issuer.url, workers: 1, maxPeers: 2, peers })).app;
    await busy.listen({ port: 0, host: '127.0.0.1' });
    const a = busy.server.address();
    busyBase = `ws://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    await busy?.close();
  });

  it('closes a peer beyond the cap with 4029, keeps the others, and frees a slot when a peer leaves', async () => {
    const token = await sign({ sub: 'u5', role: 'user' });
    const first = await open('/combined-realtime/offer/900001', token, busyBase);
    const firstResults = await open('/combined-realtime/results/900001', token, busyBase);
    const second = await open('/combined-realtime/offer/900002', undefined, busyBase);
    const third = await open('/combined-realtime/offer/900003', token, busyBase);
    expect(await third.closed).toEqual({ code: 4029, reason: 'Server busy: too many live sessions' });

    // Earlier peers keep their sockets and are still answered; the service stays healthy.
    first.ws.send('{not json');
    await until(() => first.messages.length >= 1);
    expect(first.messages[0]).toEqual({ type: 'error', message: 'Malformed JSON' });
    for (const s of [first, firstResults, second]) expect(s.ws.readyState).toBe(WebSocket.OPEN);
    const health = await busy.inject({ method: 'GET', url: '/model/realtime/health-check' });
    expect(health.statusCode).toBe(200);

    // A peer that leaves frees its slot.
    second.ws.close();
    await until(() => !peers.has('900002'));
    const fourth = await open('/combined-realtime/offer/900004', token, busyBase);
    fourth.ws.send('{not json');
    await until(() => fourth.messages.length >= 1);
    expect(fourth.ws.readyState).toBe(WebSocket.OPEN);
    expect([...peers.keys()].sort()).toEqual(['900001', '900004']);
    for (const s of [first, firstResults, fourth]) s.ws.close();
  });

  it('runs the face, hand and emotion models only as often as the client says it shows them', async () => {
    const token = await sign({ sub: 'u6', role: 'user' });
    const passive = await open('/combined-realtime/results/900005?show=', token, busyBase);
    const pro = await open('/combined-realtime/results/900006?show=face,hands', token, busyBase);
    await until(() => peers.has('900005') && peers.has('900006'));
    // Posture only: no face mesh, hands or emotion at all.
    expect(peers.get('900005')?.rates).toEqual({ face: null, hands: null, emotion: null });
    expect(peers.get('900006')?.rates).toEqual({ face: 100, hands: 200, emotion: null });
    for (const s of [passive, pro]) s.ws.close();
    await until(() => !peers.has('900005') && !peers.has('900006'));
    // A client that does not say gets face signals and a low rate of hands and emotion.
    const older = await open('/combined-realtime/results/900007', token, busyBase);
    await until(() => peers.has('900007'));
    expect(peers.get('900007')?.rates).toEqual({ face: 100, hands: 2000, emotion: 2000 });
    older.ws.close();
  });
});

describe('calibration image', () => {
  it('is encoded in a worker as a JPEG of the frame, and the peer keeps its frame', async () => {
    // A 64x48 I420 frame: mid grey (Y 126 ⇒ RGB about 128) with neutral chroma.
    const width = 64;
    const height = 48;
    const data = new Uint8Array(width * height * 1.5).fill(128);
    data.fill(126, 0, width * height);
    const encoded = await pool.encodeJpeg({ data, width, height });
    const image = await sharp(encoded).raw().toBuffer({ resolveWithObject: true });
    expect(image.info.format).toBe('raw');
    expect([image.info.width, image.info.height]).toEqual([width, height]);
    expect(Math.abs((image.data[0] as number) - 128)).toBeLessThan(6);
    expect(data.length).toBe(width * height * 1.5);
    expect(data[0]).toBe(126);
  });
});
