// Scale-out benchmark: feedback ingest through HAProxy to 1 and then 2 API instances on PostgreSQL and Redis
// (packages/cluster, as `npm run start:cluster` runs them), in one run; then analytics over the stored feedback.
// `node --import tsx bench/api/scale.ts` from the repository root (about 2 minutes). BENCH_SECONDS (default 10)
// per load; BENCH_CONNECTIONS (default 32) concurrent clients.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, startCluster } from '../../packages/cluster/src/cluster.ts';
import { freePort } from '../../packages/testkit/src/services.ts';

const require = createRequire(new URL('../../packages/api/package.json', import.meta.url));
const postgres = require('postgres') as (
  url: string,
  options: Record<string, unknown>,
) => {
  unsafe(q: string): Promise<{ n: number }[]>;
  end(): Promise<void>;
};
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
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

const rows: string[] = [];
const row = (name: string, r: AutocannonResult) => {
  const line = `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
  rows.push(line);
  console.log(line);
};

for (const apis of [1, 2]) {
  const database = `pv_api_scale_bench_${process.pid}_${apis}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-api-scale-bench-'));
  const ports = await Promise.all(Array.from({ length: 3 + apis }, () => freePort()));
  const cluster = await startCluster({
    apis,
    visions: 0,
    apiPort: ports[0] as number,
    visionPort: ports[1] as number,
    statsPort: ports[2] as number,
    apiPorts: ports.slice(3),
    visionPorts: [],
    dataDir,
    database,
    postgresAdminUrl: ADMIN_URL,
    redisUrl: 'redis://127.0.0.1:6379',
    redisPrefix: `pv-bench-${randomBytes(4).toString('hex')}:`,
    env: { RATE_LIMIT_MAX: '1000000', API_LOG: 'off' },
  });
  try {
    const base = cluster.apiUrl;
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
    const token = (await call(`${base}/auth/login`, 'POST', { email, password: PASSWORD }))
      .accessToken as string;
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
    const start = () =>
      call(`${base}/sessions/start`, 'POST', { mode: 'active', calibrationId: calibration.data.id }, token);
    const session = await start();
    const auth = { authorization: `Bearer ${token}` };
    const feedback = {
      url: `${base}/sessions/${session.data.id}/feedback`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        postureStatus: 'poor',
        timestamp: new Date().toISOString(),
        details: { kind: 'change', issue: 'forward_head', score: 40 },
      }),
    };
    // A short warm-up (JIT, connection pools), then the measured load.
    await autocannon({ ...feedback, connections: CONNECTIONS, duration: 2 });
    row(
      `POST /sessions/{id}/feedback, ${apis} API instance(s)`,
      await autocannon({ ...feedback, connections: CONNECTIONS, duration: DURATION_S }),
    );

    if (apis === 1) {
      // Analytics once the feedback is in ended sessions (how a user's history looks): end the loaded session,
      // and one more running session with a minute of feedback (live aggregation).
      // At least 10,000 feedback rows (the analytics goal's size): top up through the API when the load stored fewer.
      const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
      const countRows = async () =>
        (await sql.unsafe('select count(*)::int as n from posture_feedback'))[0]?.n ?? 0;
      const missing = 10_000 - (await countRows());
      if (missing > 0) await autocannon({ ...feedback, connections: CONNECTIONS, amount: missing });
      await call(`${base}/sessions/${session.data.id}/end`, 'POST', {}, token);
      const running = await start();
      for (let i = 0; i < 60; i++)
        await call(
          `${base}/sessions/${running.data.id}/feedback`,
          'POST',
          { postureStatus: 'good', timestamp: new Date(Date.now() + i * 1000).toISOString() },
          token,
        );
      console.log(`analytics over ${await countRows()} feedback rows`);
      await sql.end();
      for (const connections of [1, 10])
        row(
          `GET /sessions/analytics, ${connections} connection(s)`,
          await autocannon({
            url: `${base}/sessions/analytics`,
            headers: auth,
            connections,
            duration: DURATION_S / 2,
          }),
        );
    }
  } finally {
    await cluster.stop();
    await dropDatabase(ADMIN_URL, database);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\nPostgreSQL, HAProxy, ${CONNECTIONS} connections, ${DURATION_S} s per load; ${cpus().length} cores (${cpus()[0]?.model}), ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}, ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
console.log('| load | requests/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
for (const line of rows) console.log(line);
