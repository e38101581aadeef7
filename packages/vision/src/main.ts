// Process entry: VISION_PORT (default 8001), API_URL (default http://localhost:8000), VISION_WORKERS
// (default one per core), VISION_MAX_PEERS (live peers at once, default 8). The health check answers as soon as the server listens; models load behind it.
import { resolveIceServers } from '@posture-vision/core/live';
import { buildServer } from './server.ts';

const port = Number(process.env.VISION_PORT ?? 8001);
const workers = process.env.VISION_WORKERS ? Number(process.env.VISION_WORKERS) : undefined;
const maxPeers = process.env.VISION_MAX_PEERS ? Number(process.env.VISION_MAX_PEERS) : undefined;
if (maxPeers !== undefined && !(Number.isInteger(maxPeers) && maxPeers > 0))
  throw new Error('VISION_MAX_PEERS must be a positive whole number');
// No STUN/TURN by default: the service answers on its own address; set VISION_ICE_SERVERS behind NAT (README).
const iceServers = resolveIceServers(process.env.VISION_ICE_SERVERS);
const { app, pool } = await buildServer({
  apiUrl: process.env.API_URL,
  workers,
  maxPeers,
  iceServers,
  logger: true,
});
await app.listen({ port, host: process.env.VISION_HOST ?? '0.0.0.0' });
pool.ready.then(
  () => app.log.info(`models loaded in ${pool.size} worker(s)`),
  (error: Error) => app.log.error(`models failed to load: ${error.message}`),
);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
