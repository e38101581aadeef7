// Scale-out benchmark: feedback ingest through HAProxy to 1 and then 2 API instances on PostgreSQL and Redis
// (packages/cluster, as `npm run start:cluster` runs them), in one run, each next to a reference (GET /health/live
// through the same balancer); then analytics over the stored feedback.
// `node --import tsx bench/api/scale.ts` from the repository root (about 2 minutes). BENCH_SECONDS (default 10)
// per load; BENCH_CONNECTIONS (default 32) concurrent clients.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../../packages/cluster/src/cluster.ts';
import { createPostgresDatabase } from '../../packages/testkit/src/postgres.ts';
import { freePort } from '../../packages/testkit/src/services.ts';
import { type AutocannonResult, autocannon, benchUser, call, machineLine, resultRow } from './setup.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** BENCH_CPU_PROF=<dir>: each API instance writes a V8 CPU profile there when it stops (node --cpu-prof). */
const CPU_PROF = process.env.BENCH_CPU_PROF;

const rows: string[] = [];
const row = (name: string, r: AutocannonResult) => {
  const line = resultRow(name, r);
  rows.push(line);
  console.log(line);
};

for (const apis of [1, 2]) {
  const database = await createPostgresDatabase(`pv_api_scale_bench_${apis}`);
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
    databaseUrl: database.url,
    redisUrl: 'redis://127.0.0.1:6379',
    redisPrefix: `pv-bench-${randomBytes(4).toString('hex')}:`,
    env: {
      RATE_LIMIT_MAX: '1000000',
      API_LOG: 'off',
    },
    apiNodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, `${apis}-api`)}`] : [],
  });
  if (CPU_PROF) mkdirSync(join(CPU_PROF, `${apis}-api`), { recursive: true });
  try {
    const base = cluster.apiUrl;
    const user = await benchUser(
      base,
      cluster.apis.map((api) => join(dataDir, api.name, 'outbox')),
    );
    const { token } = user;
    const start = async () => ({ data: { id: await user.startSession() } });
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
    // The reference measured in the same run, under the same machine load: the cheapest answer the same
    // balancer and instances give (no database, no token). Feedback ingest as a share of it says how much of
    // the HTTP path's ceiling on this machine the database work and the checks take.
    row(
      `GET /health/live (reference), ${apis} API instance(s)`,
      await autocannon({ url: `${base}/health/live`, connections: CONNECTIONS, duration: DURATION_S / 2 }),
    );

    if (apis === 1) {
      // Analytics once the feedback is in ended sessions (how a user's history looks): end the loaded session,
      // and one more running session with a minute of feedback (live aggregation).
      // At least 10,000 feedback rows (the analytics goal's size): top up through the API when the load stored fewer.
      const countRows = async () =>
        Number((await database.sql('select count(*)::int as n from posture_feedback'))[0]?.n ?? 0);
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
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\nPostgreSQL, HAProxy, ${CONNECTIONS} connections, ${DURATION_S} s per load; ${machineLine()}`);
console.log('| load | requests/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
for (const line of rows) console.log(line);
