// Model status and health (document 2, section 7.1).
import type { FastifyPluginAsync } from 'fastify';
import type { EnginePool } from '../engine/pool.ts';

export const statusRoutes: FastifyPluginAsync<{ pool: EnginePool }> = async (app, { pool }) => {
  app.get('/model/realtime/health-check', async () => ({ status: 'ok' }));
  app.get('/model/realtime/face-direction-identifier', async (_request, reply) => {
    if (pool.state === 'ready')
      return { model_status: 'ready', message: `Models loaded in ${pool.size} worker(s)` };
    if (pool.state === 'loading') return { model_status: 'loading', message: 'Models are loading' };
    return reply.code(503).send({ model_status: 'error', message: `Models failed to load: ${pool.failure}` });
  });
};
