// Liveness and readiness for load balancers: live = the process answers; ready = models loaded, Redis (when
// shared) reachable, and not draining, so a balancer stops sending new peers to a draining instance.
import type { FastifyPluginAsync } from 'fastify';
import type { EnginePool } from '../engine/pool.ts';
import { sendError } from '../errors.ts';
import type { LiveRegistry } from '../live/registry.ts';
import type { LiveControl } from '../live/routes.ts';

/** A dependency slower than this counts as down. */
const CHECK_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsync<{
  pool: EnginePool;
  registry: LiveRegistry;
  live: LiveControl;
}> = async (app, { pool, registry, live }) => {
  app.get('/health/live', async () => ({ success: true, data: { status: 'live' } }));
  app.get('/health/ready', async (_request, reply) => {
    const down: { field: string; message: string }[] = [];
    if (pool.state !== 'ready')
      down.push({ field: 'models', message: pool.state === 'loading' ? 'loading' : pool.failure });
    if (registry.shared) {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref(),
      );
      await Promise.race([registry.ping(), timeout]).catch((error: Error) =>
        down.push({ field: 'redis', message: error.message }),
      );
    }
    if (live.draining()) down.push({ field: 'live', message: 'draining' });
    if (down.length) return sendError(reply, 503, 'Not ready', down);
    return { success: true, data: { status: 'ready', workers: pool.size, peers: live.peers() } };
  });
};
