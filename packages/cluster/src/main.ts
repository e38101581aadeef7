// `npm run start:cluster`: N API and M vision instances (CLUSTER_APIS / CLUSTER_VISIONS, default 2 and 2) on
// PostgreSQL (DATABASE_URL, or the database `posture_vision` created on 127.0.0.1:5432) and Redis (REDIS_URL,
// default redis://127.0.0.1:6379), HAProxy in front (API on API_PORT 8000, vision on VISION_PORT 8001, stats on
// CLUSTER_STATS_PORT 8404), and the web app on WEB_PORT 5173 pointed at the balancer. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { type Cluster, repoRoot, startCluster } from './cluster.ts';

const int = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return process.env[name] && Number.isInteger(n) && n > 0 ? n : fallback;
};
const apis = int('CLUSTER_APIS', 2);
const visions = int('CLUSTER_VISIONS', 2);
const apiPort = int('API_PORT', 8000);
const visionPort = int('VISION_PORT', 8001);
const webPort = int('WEB_PORT', 5173);
const range = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);

const log = (name: string, line: string) => console.log(`[${name}] ${line}`);
console.log(`Starting ${apis} API and ${visions} vision instance(s) behind HAProxy …`);
let cluster: Cluster | undefined;
let stopping = false;
const web = { child: null as ReturnType<typeof spawn> | null };
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (web.child?.pid) {
    try {
      process.kill(-web.child.pid, 'SIGTERM');
    } catch {}
  }
  await cluster?.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

try {
  cluster = await startCluster({
    apis,
    visions,
    apiPort,
    visionPort,
    statsPort: int('CLUSTER_STATS_PORT', 8404),
    apiPorts: range(int('CLUSTER_API_PORT_BASE', 8100), apis),
    visionPorts: range(int('CLUSTER_VISION_PORT_BASE', 8200), visions),
    dataDir: process.env.DATA_DIR ?? join(repoRoot, 'data', 'cluster'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    env: { WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://localhost:${webPort}` },
    log,
  });
} catch (error) {
  console.error((error as Error).message);
  await stop(1);
}
const started = cluster as Cluster;
for (const instance of [...started.apis, ...started.visions, started.haproxy])
  void instance.exited.then((code) => {
    if (!stopping) log(instance.name, `exited with ${code}`);
  });

// The web app's dev server, built against the balancer's fronts.
web.child = spawn(
  process.execPath,
  [join(repoRoot, 'scripts', 'pnpm.mjs'), '--filter', '@posture-vision/web', 'run', 'start'],
  {
    cwd: repoRoot,
    env: {
      ...process.env,
      WEB_PORT: String(webPort),
      VITE_API_URL: `http://localhost:${apiPort}`,
      VITE_VISION_URL: `http://localhost:${visionPort}`,
      VITE_VISION_WS_URL: `ws://localhost:${visionPort}`,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
for (const stream of [web.child.stdout, web.child.stderr]) {
  let rest = '';
  stream?.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    // Once we stop it, what pnpm prints about the dev server being stopped (ERR_PNPM_… SIGTERM) is not a
    // crash: keep it off the terminal, as `npm start` does.
    if (stopping) return;
    for (const line of lines) log('web', line);
  });
}
web.child.on('exit', (code) => {
  if (!stopping) log('web', `exited with ${code}`);
});

console.log(`
Posture Vision cluster:
  web app  http://localhost:${webPort}
  API      http://localhost:${apiPort}  (HAProxy, round robin over ${started.apis.map((a) => a.port).join(', ')})
  vision   http://localhost:${visionPort}  (HAProxy, least connections over ${started.visions.map((v) => v.port).join(', ')})
  stats    ${started.statsUrl}
  database ${started.databaseUrl.replace(/\/\/[^@]*@/, '//')}
  data     ${started.dataDir}  (one folder per instance)${
    process.env.SMTP_URL
      ? ''
      : `\n  mail     ${started.apis.map((a) => join(started.dataDir, a.name, 'outbox')).join(', ')} (no SMTP_URL)`
  }
Press Ctrl-C to stop everything.
`);
