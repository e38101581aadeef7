// The cluster as `npm run start:cluster` runs it: 2 API and 2 vision processes on a fresh PostgreSQL database and
// Redis, behind a real HAProxy. Sign-in state, login limits and live streams hold across instances; a draining
// vision instance hands its stream over; a killed API instance loses no acknowledged event and drops out.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLiveLink,
  type LiveLink,
  type PeerConnectionConstructor,
  type WebSocketConstructor,
} from '@posture-vision/core/live';
import {
  ensurePostgres,
  ensureRedis,
  freePort,
  POSTGRES_ADMIN_URL,
  REDIS_URL,
} from '@posture-vision/testkit/services';
import wrtc from '@roamhq/wrtc';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Cluster, dropDatabase, startCluster } from '../src/cluster.ts';

const PASSWORD = 'Str0ng!Pass';
const database = `pv_cluster_test_${process.pid}_${randomBytes(3).toString('hex')}`;
let cluster: Cluster;
let dataDir: string;

beforeAll(async () => {
  await Promise.all([ensureRedis(), ensurePostgres()]);
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
    database,
    postgresAdminUrl: POSTGRES_ADMIN_URL,
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
  await dropDatabase(POSTGRES_ADMIN_URL, database).catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer shapes
  const json: any = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
  return { status: res.status, body: json, servedBy: res.headers.get('x-served-by') };
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

let user: { email: string; accessToken: string; refreshToken: string };

/** Registers through the balancer, follows the mailed link, signs in on one API instance. */
async function signUp(): Promise<typeof user> {
  const email = `cluster.${randomBytes(4).toString('hex')}@example.com`;
  const reg = await call(cluster.apiUrl, 'POST', '/auth/register', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthday: '1990-12-10',
    countryCode: '+1',
    contactNo: '5551234567',
    phone: '+15551234567',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reg.status).toBe(201);
  const outbox = join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; links: string[] })
    .find((m) => m.to === email);
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
    // The used refresh token is spent on every instance (presenting it again logs that device out).
    expect((await call(a, 'POST', '/auth/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
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

/** A camera of grey frames at 10 fps, as wrtc's video source sends them. */
function syntheticCamera() {
  const source = new wrtc.nonstandard.RTCVideoSource();
  const track = source.createTrack();
  const frame = { width: 160, height: 120, data: new Uint8Array(160 * 120 * 1.5).fill(128) };
  const timer = setInterval(() => source.onFrame(frame), 100);
  return {
    stream: new wrtc.MediaStream([track]) as unknown as MediaStream,
    stop() {
      clearInterval(timer);
      track.stop();
    },
  };
}

describe('vision instances behind HAProxy', () => {
  const links: LiveLink[] = [];
  const camera = syntheticCamera();
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
    const frames: number[] = [];
    const states: string[] = [];
    live.on('frame', () => frames.push(Date.now()));
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
    await until(() => frames.length >= 3, 'frames through the other instance', 60_000);
    const held = await Promise.all(
      [first, second].map(async (v) => (await call(v.url, 'GET', '/health/ready')).body.data.peers),
    );
    expect(held).toEqual([1, 0]);
    live.stop();
  });

  it('SIGTERM to the instance holding a stream: the link reconnects and frames resume', async () => {
    const { live, frames, states } = link(cluster.visionWsUrl);
    live.start();
    await until(() => frames.length >= 3, 'frames through the balancer', 60_000);
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
      30_000,
    );
    expect(states).not.toContain('failed');
    expect((await call(other.url, 'GET', '/health/ready')).body.data.peers).toBe(1);
    expect(await draining.exited).toBe(0);
    await cluster.waitForStates({ [`vision/${draining.name}`]: 'DOWN' });
    live.stop();
  });
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
        processWithML: false,
        mlAnalysis: { overall_score: 70 },
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
