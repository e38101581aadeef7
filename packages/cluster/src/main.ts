// `npm run start:cluster`: N API and M vision instances (CLUSTER_APIS / CLUSTER_VISIONS, default 2 and 2) on
// PostgreSQL (DATABASE_URL, or the database `posture_vision` created on 127.0.0.1:5432) and Redis (REDIS_URL,
// default redis://127.0.0.1:6379), HAProxy in front (API on API_PORT 8000, vision on VISION_PORT 8001, stats on
// CLUSTER_STATS_PORT 8404), and the web app's production server (instance on CLUSTER_WEB_PORT_BASE 8300) behind
// the balancer on WEB_PORT 5173, serving the build scripts/start-cluster.mjs made for the balancer's fronts in
// DATA_DIR/web. Ctrl-C stops everything.
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
const dataDir = process.env.DATA_DIR ?? join(repoRoot, 'data', 'cluster');
const range = (first: number, n: number) => Array.from({ length: n }, (_, i) => first + i);

const log = (name: string, line: string) => console.log(`[${name}] ${line}`);
console.log(`Starting ${apis} API and ${visions} vision instance(s) behind HAProxy …`);
let cluster: Cluster | undefined;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
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
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    env: { WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://localhost:${webPort}` },
    web: { port: webPort, instancePorts: [int('CLUSTER_WEB_PORT_BASE', 8300)], dist: join(dataDir, 'web') },
    log,
  });
} catch (error) {
  console.error((error as Error).message);
  await stop(1);
}
const started = cluster as Cluster;
for (const instance of [...started.apis, ...started.visions, ...started.webs, started.haproxy])
  void instance.exited.then((code) => {
    if (!stopping) log(instance.name, `exited with ${code}`);
  });

console.log(`
Posture Vision cluster:
  web app  http://localhost:${webPort}  (HAProxy, production build served on ${started.webs.map((w) => w.port).join(', ')})
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
