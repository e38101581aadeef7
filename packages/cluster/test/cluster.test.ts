// The cluster as `npm run start:cluster` runs it: 2 API and 2 vision processes on a fresh PostgreSQL database and
// Redis, behind a real HAProxy, each instance with its own data directory (as on its own host). Sign-in state,
// login limits, the signing key, uploaded files and live streams hold across instances; a draining vision
// instance hands its stream over with its calibration reference; a killed API instance loses no acknowledged
// event and drops out.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DetectionFrame } from '@posture-vision/core/detection';
import {
  createLiveLink,
  type LiveLink,
  type PeerConnectionConstructor,
  type WebSocketConstructor,
} from '@posture-vision/core/live';
import { lastMailIn, registration, TEST_PASSWORD } from '@posture-vision/testkit/accounts';
import { syntheticCamera } from '@posture-vision/testkit/answering-peer';
import { personFrame } from '@posture-vision/testkit/media';
import { createPostgresDatabase, type TestDatabase } from '@posture-vision/testkit/postgres';
import { ensureRedis, freePort, REDIS_URL } from '@posture-vision/testkit/services';
import { waitUntil as until } from '@posture-vision/testkit/wait';
import wrtc from '@roamhq/wrtc';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Cluster, startCluster } from '../src/cluster.ts';

const PASSWORD = TEST_PASSWORD;
let database: TestDatabase;
let cluster: Cluster;
let dataDir: string;

beforeAll(async () => {
  await ensureRedis();
  database = await createPostgresDatabase('pv_cluster_test');
  dataDir = mkdtempSync(join(tmpdir(), 'pv-cluster-'));
  const ports = await Promise.all(Array.from({ length: 7 }, () => freePort()));
  cluster = await startCluster({
    apis: 2,
    visions: 2,
    apiPort: ports[0] as number,
    visionPort: ports[1] as number,
    statsPort: ports[2] as number,
    apiPorts: ports.slice(3, 5),
    visionPorts: ports.slice(5, 7),
    dataDir,
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    redisPrefix: `pv-test-${randomBytes(4).toString('hex')}:`,
    visionWorkers: 1,
    // Cheap password hashing for tests (production cost in the API's config.ts); the default limits stay.
    env: {
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      API_LOG: 'off',
      VISION_DRAIN_TIMEOUT_MS: '5000',
    },
  });
});

afterAll(async () => {
  await cluster?.stop();
  await database?.drop().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  userAgent?: string,
) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer shapes
  const json: any = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
  return { status: res.status, body: json, servedBy: res.headers.get('x-served-by') };
}

let user: { email: string; accessToken: string; refreshToken: string };

/** Registers through the balancer, follows the mailed link, signs in on one API instance. */
async function signUp(): Promise<typeof user> {
  const email = `cluster.${randomBytes(4).toString('hex')}@example.com`;
  const reg = await call(cluster.apiUrl, 'POST', '/auth/register', registration(email));
  expect(reg.status).toBe(201);
  // Each API instance writes its own outbox (no SMTP here): the mail is in whichever took the registration.
  const mail = lastMailIn(
    cluster.apis.map((api) => join(dataDir, api.name, 'outbox')),
    email,
  );
  expect((await fetch(mail?.links[0] as string, { redirect: 'manual' })).status).toBe(302);
  const login = await call(cluster.apis[0]?.url as string, 'POST', '/auth/login', {
    email,
    password: PASSWORD,
  });
  expect(login.status).toBe(200);
  return { email, accessToken: login.body.accessToken, refreshToken: login.body.refreshToken };
}

describe('API instances behind HAProxy', () => {
  it('sign in through one instance, refresh and read through the other', async () => {
    user = await signUp();
    const [a, b] = cluster.apis.map((i) => i.url) as [string, string];
    const refreshed = await call(b, 'POST', '/auth/refresh', { refresh_token: user.refreshToken });
    expect(refreshed.status).toBe(200);
    const access = refreshed.body.data.access_token as string;
    expect((await call(a, 'GET', '/profile', undefined, access)).body.data.email).toBe(user.email);
    // The rotation is in the database every instance reads: a second tab of the same browser presenting the
    // used token a moment later gets the same successor from the other instance (two tabs) …
    const tab = await call(a, 'POST', '/auth/refresh', { refresh_token: user.refreshToken });
    expect(tab.status).toBe(200);
    expect(tab.body.data.refresh_token).toBe(refreshed.body.data.refresh_token);
    // … and from another device it is reuse, which logs that device session out on every instance.
    const stolen = await call(
      a,
      'POST',
      '/auth/refresh',
      { refresh_token: user.refreshToken },
      undefined,
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    );
    expect(stolen.status).toBe(401);
    expect((await call(b, 'GET', '/profile', undefined, access)).status).toBe(401);
    const again = await call(cluster.apiUrl, 'POST', '/auth/login', {
      email: user.email,
      password: PASSWORD,
    });
    user = { ...user, accessToken: again.body.accessToken, refreshToken: again.body.refreshToken };
  });

  it('count login attempts across instances: the 11th is 429 whichever instance takes it', async () => {
    const email = `nobody.${randomBytes(4).toString('hex')}@example.com`;
    const served = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const answer = await call(cluster.apiUrl, 'POST', '/auth/login', { email, password: 'Wrong!Passw0rd' });
      expect(answer.status).toBe(401);
      served.add(answer.servedBy as string);
    }
    expect([...served].sort()).toEqual(['api1', 'api2']);
    for (const instance of cluster.apis) {
      const eleventh = await call(instance.url, 'POST', '/auth/login', { email, password: 'Wrong!Passw0rd' });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error.message).toMatch(/^Too many requests/);
    }
  });
});

describe('state that no instance keeps on its own disk', () => {
  it('a token signed by one API instance is verified by the other and by both vision instances', async () => {
    const [a, b] = cluster.apis.map((i) => i.url) as [string, string];
    const login = await call(a, 'POST', '/auth/login', { email: user.email, password: PASSWORD });
    const token = login.body.accessToken as string;
    expect((await call(b, 'GET', '/profile', undefined, token)).body.data.email).toBe(user.email);
    const jwks = await Promise.all(
      [a, b].map(async (url) => (await call(url, 'GET', '/.well-known/jwks.json')).body),
    );
    expect(jwks[1]).toEqual(jwks[0]);
    // The vision instances fetch the key through the balancer: a valid token reaches the (absent) peer, a
    // forged one is refused.
    for (const vision of cluster.visions) {
      const valid = await call(vision.url, 'GET', '/model/realtime/calibrate/700001', undefined, token);
      expect(valid.status).toBe(200);
      expect(valid.body.success).toBe(false);
      const forged = await call(
        vision.url,
        'GET',
        '/model/realtime/calibrate/700001',
        undefined,
        `${token}x`,
      );
      expect(forged.status).toBe(401);
    }
    for (const api of cluster.apis) expect(existsSync(join(dataDir, api.name, 'keys'))).toBe(false);
  });

  it('an avatar uploaded through one API instance is served by the other', async () => {
    const [a, b] = cluster.apis.map((i) => i.url) as [string, string];
    // A real PNG: the 1x1 image every browser can show.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const up = await fetch(`${a}/profile/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const path = new URL(((await up.json()) as { data: { profilePicture: string } }).data.profilePicture)
      .pathname;
    const served = await fetch(b + path);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(existsSync(join(dataDir, 'api1', 'avatars'))).toBe(false);
  });
});

describe('vision instances behind HAProxy', () => {
  const links: LiveLink[] = [];
  // A real person (testkit's media), 320x240 at 10 fps: sitting upright until the test says otherwise.
  const upright = personFrame('upright', { width: 320, height: 240 });
  const slouched = personFrame('slouched', { width: 320, height: 240 });
  const camera = syntheticCamera(upright);
  afterAll(() => {
    for (const link of links) link.stop();
    camera.stop();
  });

  function link(
    visionWsUrl: string,
    WS: WebSocketConstructor = WebSocket as unknown as WebSocketConstructor,
  ) {
    const peerId = String(100000 + Math.floor(Math.random() * 900000));
    const live = createLiveLink({
      stream: camera.stream,
      peerId,
      visionWsUrl,
      visionHttpUrl: cluster.visionUrl,
      getAccessToken: () => user.accessToken,
      WebSocket: WS,
      RTCPeerConnection: wrtc.RTCPeerConnection as unknown as PeerConnectionConstructor,
    });
    const frames: DetectionFrame[] = [];
    const states: string[] = [];
    live.on('frame', ({ frame }) => frames.push(frame));
    live.on('state', (s) => states.push(s));
    links.push(live);
    return { live, frames, states };
  }

  it('a stream whose results socket reaches the other instance gets its frames', async () => {
    const [first, second] = cluster.visions as [Cluster['visions'][0], Cluster['visions'][0]];
    // Sockets as a balancer could place them: the offer on the first instance, the results on the second.
    class Split extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        const [, role, rest] = /\/combined-realtime\/(offer|results)\/(.*)$/.exec(url) ?? [];
        const base = (role === 'offer' ? first.url : second.url).replace('http', 'ws');
        super(`${base}/combined-realtime/${role}/${rest}`, protocols);
      }
    }
    const { live, frames } = link('ws://split.invalid', Split as unknown as WebSocketConstructor);
    live.start();
    await until(() => frames.length >= 3, 'frames through the other instance', 90_000);
    const held = await Promise.all(
      [first, second].map(async (v) => (await call(v.url, 'GET', '/health/ready')).body.data.peers),
    );
    expect(held).toEqual([1, 0]);
    live.stop();
  });

  it('SIGTERM to the instance holding a calibrated stream: the link reconnects, frames resume with the same reference', async () => {
    camera.show(upright);
    const { live, frames, states } = link(cluster.visionWsUrl);
    live.start();
    await until(
      () => frames.some((f) => f.hns.poses.length > 0),
      'frames of the person through the balancer',
      90_000,
    );
    // The balancer may send the call to the other instance, which asks the holder over Redis and gives up after
    // 15 s (then answers 'no data'); should a loaded machine take that long, the user would press Calibrate
    // again, as here.
    await until(async () => (await live.calibrate()).ok, 'a calibration', 90_000);
    // Slouching after calibrating: judged against the reference (without one, the service says to calibrate).
    camera.show(slouched);
    const poorAgainstReference = (f: DetectionFrame) =>
      f.temporal_posture_data !== null && f.posture_verdict?.status === 'poor';
    await until(() => frames.some(poorAgainstReference), 'the slouch judged against the reference', 90_000);
    const verdict = frames.findLast(poorAgainstReference)?.posture_verdict;

    let holder: Cluster['visions'][0] | undefined;
    await until(async () => {
      for (const v of cluster.visions)
        if ((await call(v.url, 'GET', '/health/ready')).body?.data?.peers === 1) holder = v;
      return Boolean(holder);
    }, 'the holding instance');
    const draining = holder as Cluster['visions'][0];
    const other = cluster.visions.find((v) => v !== draining) as Cluster['visions'][0];
    process.kill(draining.process.pid as number, 'SIGTERM');
    await until(() => states.includes('retrying'), 'the link told to reconnect');
    const resumedAfter = frames.length;
    // Core's retry budget: three attempts, two seconds apart.
    await until(
      () => live.connected && frames.length > resumedAfter + 2,
      'frames after reconnecting',
      60_000,
    );
    expect(states).not.toContain('failed');
    expect((await call(other.url, 'GET', '/health/ready')).body.data.peers).toBe(1);
    // The other instance goes on with the reference taken before the drain: the same slouch, the same verdict.
    await until(
      () => frames.slice(resumedAfter).some(poorAgainstReference),
      'the same verdict on the other instance',
      90_000,
    );
    expect(frames.findLast(poorAgainstReference)?.posture_verdict).toEqual(verdict);
    expect(
      frames.slice(resumedAfter).every((f) => f.body_status !== 'Calibrate to start posture analysis'),
    ).toBe(true);
    expect(await draining.exited).toBe(0);
    await cluster.waitForStates({ [`vision/${draining.name}`]: 'DOWN' });
    live.stop();
  }, 400_000);
});

describe('an API instance killed under feedback load', () => {
  it('loses no acknowledged event, and HAProxy stops sending to it', async () => {
    const jpeg = `data:image/jpeg;base64,${Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
      Buffer.alloc(2000, 0x11),
      Buffer.from([0xff, 0xd9]),
    ]).toString('base64')}`;
    const token = user.accessToken;
    const calibration = await call(
      cluster.apiUrl,
      'POST',
      '/calibration',
      {
        photos: ['front', 'left', 'right'].map((viewType) => ({ viewType, photoUrl: jpeg })),
        // Stored without figures: the session needs a calibration, not its measurement.
        processWithML: false,
      },
      token,
    );
    expect(calibration.status).toBe(201);
    const session = await call(
      cluster.apiUrl,
      'POST',
      '/sessions/start',
      { mode: 'active', calibrationId: calibration.body.data.id },
      token,
    );
    const sessionId = session.body.data.id as string;

    const victim = cluster.apis[1] as Cluster['apis'][0];
    const acknowledged: number[] = [];
    const servedAfterDown: string[] = [];
    let seq = 0;
    let killed = false;
    let down = false;
    const post = async () => {
      const n = seq++;
      const answer = await call(
        cluster.apiUrl,
        'POST',
        `/sessions/${sessionId}/feedback`,
        { postureStatus: 'good', timestamp: new Date().toISOString(), details: { seq: n } },
        token,
      ).catch(() => null);
      if (answer?.status === 201) acknowledged.push(n);
      if (answer && down) servedAfterDown.push(answer.servedBy as string);
    };
    // Eight clients: the victim dies after 100 acknowledged events; load goes on until HAProxy has taken it
    // out and 100 more requests were answered.
    const deadline = Date.now() + 90_000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (servedAfterDown.length < 100 && Date.now() < deadline) {
          await post();
          if (!killed && acknowledged.length >= 100) {
            killed = true;
            process.kill(-(victim.process.pid as number), 'SIGKILL');
            void cluster.waitForStates({ [`api/${victim.name}`]: 'DOWN' }).then(
              () => {
                down = true;
              },
              () => {},
            );
          }
        }
      }),
    );
    expect(servedAfterDown.length).toBeGreaterThanOrEqual(100);
    expect(new Set(servedAfterDown)).toEqual(new Set(['api1']));

    const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ seq: number }[]>`
        select (details->>'seq')::int as seq from posture_feedback where session_id = ${sessionId}`;
      const stored = new Set(rows.map((r) => r.seq));
      expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(200);
    } finally {
      await sql.end();
    }
  });
});
