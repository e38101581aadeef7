// API benchmark: requests/s and p50/p99 latency for login, profile read, feedback ingest and analytics over a
// user with 10,000 feedback rows. The API runs as its own process (production argon2 cost); autocannon loads it
// on loopback. `node --import tsx bench/api/run.ts [pglite|postgres]` from the repository root.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '../../packages/testkit/src/postgres.ts';
import { startApi } from '../../packages/testkit/src/services.ts';
import { autocannon, benchUser, call, machineLine, PASSWORD, resultRow } from './setup.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const FEEDBACK_ROWS = 10_000;

const dataDir = mkdtempSync(join(tmpdir(), 'pv-api-bench-'));
let dropDatabase: (() => Promise<void>) | undefined;
const env: Record<string, string> = { RATE_LIMIT_MAX: '1000000', API_LOG: 'off' };
if (kind === 'postgres') {
  const database = await createPostgresDatabase('pv_api_bench');
  env.DATABASE_URL = database.url;
  dropDatabase = database.drop;
}

const api = await startApi(env, dataDir);
const rows: string[] = [];
try {
  const base = api.url;
  const user = await benchUser(base, [join(dataDir, 'outbox')]);
  const { email, token } = user;

  // 10,000 feedback rows over 20 sessions, sent through the API itself (and measured as the first ingest run).
  const sessions: string[] = [];
  const statuses = ['good', 'good', 'neutral', 'poor'];
  const seedStart = Date.now();
  for (let s = 0; s < 20; s++) {
    const sessionId = await user.startSession();
    sessions.push(sessionId);
    const t0 = Date.now() - (20 - s) * 86_400_000;
    let i = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (i < FEEDBACK_ROWS / 20) {
          const n = i++;
          await call(
            `${base}/sessions/${sessionId}/feedback`,
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
    await call(`${base}/sessions/${sessionId}/end`, 'POST', {}, token);
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  console.log(`seeded ${FEEDBACK_ROWS} feedback rows in ${seedSeconds.toFixed(1)} s (8 concurrent clients)`);
  const activeId = await user.startSession();

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
        url: `${base}/sessions/${activeId}/feedback`,
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
    // The ingest run leaves its session holding every event it sent (thousands); ended before the analytics
    // rows, so those read the 20 seeded sessions' 10,000 rows, not a running session of that size recomputed
    // on every read.
    if (name.startsWith('GET /sessions/analytics'))
      await call(`${base}/sessions/${activeId}/end`, 'POST', {}, token);
    const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
    const row = resultRow(name, result);
    rows.push(row);
    console.log(row);
  }
  console.log(`\n${kind}, ${CONNECTIONS} connections, ${DURATION_S} s each; ${machineLine()}`);
  console.log('| call | requests/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await api.stop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
}
