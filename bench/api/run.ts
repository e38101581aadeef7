// API benchmark: requests/s and p50/p99 latency for login, profile read, feedback ingest and analytics over a
// user with 10,000 feedback rows. The API runs as its own process (production argon2 cost); autocannon loads it
// on loopback. `node --import tsx bench/api/run.ts [pglite|postgres]` from the repository root.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { startApi } from '../../packages/testkit/src/services.ts';

const require = createRequire(new URL('../../packages/api/package.json', import.meta.url));
// The API package's own dependencies (the bench folder has no node_modules).
const postgres = require('postgres') as (url: string, options: Record<string, unknown>) => PgClient;
interface PgClient {
  unsafe(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const FEEDBACK_ROWS = 10_000;
const PASSWORD = 'Bench!Passw0rd';

async function call(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const dataDir = mkdtempSync(join(tmpdir(), 'pv-api-bench-'));
let dropDatabase: (() => Promise<void>) | undefined;
const env: Record<string, string> = { RATE_LIMIT_MAX: '1000000', API_LOG: 'off' };
if (kind === 'postgres') {
  const name = `pv_api_bench_${process.pid}`;
  const admin = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${name}`;
  dropDatabase = async () => {
    const sql = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, onnotice: () => {} });
    await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await sql.end();
  };
}

const api = await startApi(env, dataDir);
const rows: string[] = [];
try {
  const base = api.url;
  const email = 'bench@example.com';
  await call(`${base}/auth/register`, 'POST', {
    firstName: 'Bench',
    lastName: 'User',
    birthday: '1990-01-01',
    countryCode: '+1',
    contactNo: '5551234567',
    phone: '+15551234567',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const outbox = join(dataDir, 'outbox');
  const mail = JSON.parse(readFileSync(join(outbox, readdirSync(outbox)[0] as string), 'utf8'));
  await fetch(mail.links[0], { redirect: 'manual' });
  const login = await call(`${base}/auth/login`, 'POST', { email, password: PASSWORD });
  const token = login.accessToken as string;
  const jpeg = `data:image/jpeg;base64,${Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.alloc(2000, 0x11),
    Buffer.from([0xff, 0xd9]),
  ]).toString('base64')}`;
  const calibration = await call(
    `${base}/calibration`,
    'POST',
    {
      photos: ['front', 'left', 'right'].map((viewType) => ({ viewType, photoUrl: jpeg })),
      processWithML: false,
      mlAnalysis: { overall_score: 70 },
    },
    token,
  );

  // 10,000 feedback rows over 20 sessions, sent through the API itself (and measured as the first ingest run).
  const sessions: string[] = [];
  const statuses = ['good', 'good', 'neutral', 'poor'];
  const seedStart = Date.now();
  for (let s = 0; s < 20; s++) {
    const session = await call(
      `${base}/sessions/start`,
      'POST',
      { mode: 'active', calibrationId: calibration.data.id },
      token,
    );
    sessions.push(session.data.id);
    const t0 = Date.now() - (20 - s) * 86_400_000;
    let i = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (i < FEEDBACK_ROWS / 20) {
          const n = i++;
          await call(
            `${base}/sessions/${session.data.id}/feedback`,
            'POST',
            {
              postureStatus: statuses[(n + s) % 4],
              timestamp: new Date(t0 + n * 500).toISOString(),
              details: n % 4 === 3 ? { type: 'posture', issue: 'forward_head' } : { type: 'posture' },
            },
            token,
          );
        }
      }),
    );
    await call(`${base}/sessions/${session.data.id}/end`, 'POST', {}, token);
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  console.log(`seeded ${FEEDBACK_ROWS} feedback rows in ${seedSeconds.toFixed(1)} s (8 concurrent clients)`);
  const active = await call(
    `${base}/sessions/start`,
    'POST',
    { mode: 'active', calibrationId: calibration.data.id },
    token,
  );

  const auth = { authorization: `Bearer ${token}` };
  const scenarios: [string, Record<string, unknown>][] = [
    [
      'POST /auth/login (argon2id 19 MiB, t=2)',
      {
        url: `${base}/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      },
    ],
    ['GET /profile', { url: `${base}/profile`, headers: auth }],
    [
      'POST /sessions/{id}/feedback',
      {
        url: `${base}/sessions/${active.data.id}/feedback`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          postureStatus: 'poor',
          timestamp: new Date().toISOString(),
          details: { type: 'posture', issue: 'tilt' },
        }),
      },
    ],
    ['GET /sessions/analytics (10,000 rows)', { url: `${base}/sessions/analytics`, headers: auth }],
    [
      'GET /analytics/posture-trends?timeframe=30d',
      { url: `${base}/analytics/posture-trends?timeframe=30d`, headers: auth },
    ],
  ];
  for (const [name, options] of scenarios) {
    const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
    const row = `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} |`;
    rows.push(row);
    console.log(row);
  }
  console.log(
    `\n${kind}, ${CONNECTIONS} connections, ${DURATION_S} s each; ${cpus().length} cores (${cpus()[0]?.model}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log('| call | requests/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await api.stop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
}
