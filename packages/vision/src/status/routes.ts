// Model status and health.
import type { FastifyPluginAsync } from 'fastify';
import type { EnginePool } from '../engine/pool.ts';

export const statusRoutes: FastifyPluginAsync<{ pool: EnginePool }> = async (app, { pool }) => {
  app.get('/model/realtime/health-check', async () => ({ status: 'ok' }));
  app.get('/model/realtime/face-direction-identifier', async (_request, reply) => {
    // The message is shown to visitors: it says what they wait for, never how the server is built (the
    // worker count goes to the log); the loading figures let the live tool draw its progress.
    if (pool.state === 'ready') return { model_status: 'ready', message: 'Posture detection is ready' };
    if (pool.state === 'loading')
      return {
        model_status: 'loading',
        message: 'Loading the pose models',
        progress: { done: pool.loadedWorkers, total: pool.size },
        loading_seconds: Math.round((Date.now() - pool.loadingSince) / 1000),
      };
    return reply.code(503).send({ model_status: 'error', message: `Models failed to load: ${pool.failure}` });
  });
};
