// Process entry: VISION_PORT (default 8001), API_URL (default http://localhost:8000), VISION_WORKERS
// (default one per core), VISION_MAX_PEERS (live peers at once, default 8), REDIS_URL / REDIS_PREFIX (share
// peers with other instances), VISION_MAX_PEERS_TOTAL (cap across instances), TRUST_PROXY (balancer
// addresses), VISION_DRAIN_TIMEOUT_MS (SIGTERM: how long peers get to reconnect elsewhere, default 10 s),
// VISION_SIGNING_KEY (private ES256 JWK photo measurements are signed with; else shared in Redis, else per process).
// The health check answers as soon as the server listens; models load behind it (/health/ready says when).
import { resolveIceServers } from '@posture-vision/core/live';
import { buildServer } from './server.ts';

function positive(name: string, fallback?: number): number | undefined {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!(Number.isInteger(n) && n >= 0)) throw new Error(`${name} must be a whole number`);
  return n;
}

const port = Number(process.env.VISION_PORT ?? 8001);
const workers = process.env.VISION_WORKERS ? Number(process.env.VISION_WORKERS) : undefined;
const maxPeers = positive('VISION_MAX_PEERS');
if (maxPeers === 0) throw new Error('VISION_MAX_PEERS must be a positive whole number');
const drainTimeoutMs = positive('VISION_DRAIN_TIMEOUT_MS', 10_000) as number;
// No STUN/TURN by default: the service answers on its own address; set VISION_ICE_SERVERS behind NAT (README).
const iceServers = resolveIceServers(process.env.VISION_ICE_SERVERS);
const { app, pool } = await buildServer({
  apiUrl: process.env.API_URL,
  workers,
  maxPeers,
  logger: true,
  redisUrl: process.env.REDIS_URL || undefined,
  redisPrefix: process.env.REDIS_PREFIX || undefined,
  maxPeersTotal: positive('VISION_MAX_PEERS_TOTAL'),
  trustProxy: process.env.TRUST_PROXY?.split(',')
    .map((a) => a.trim())
    .filter(Boolean),
  iceServers,
  signingKey: process.env.VISION_SIGNING_KEY || undefined,
});
await app.listen({ port, host: process.env.VISION_HOST ?? '0.0.0.0' });
pool.ready.then(
  () => app.log.info(`models loaded in ${pool.size} worker(s)`),
  (error: Error) => app.log.error(`models failed to load: ${error.message}`),
);
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  // Drain: no new peers, held peers told to reconnect (1012) — through the balancer, to another instance.
  app.log.info(`${signal}: draining live peers (at most ${drainTimeoutMs} ms)`);
  await app.live.drain(signal === 'SIGTERM' ? drainTimeoutMs : 0);
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
