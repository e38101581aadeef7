// Several API instances on one REDIS_URL share every limit, and each answers liveness and readiness for the
// load balancer (database and Redis reachable).
import { randomBytes } from 'node:crypto';
import { ensureRedis, REDIS_URL } from '@posture-vision/testkit/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, uniqueEmail } from './harness.ts';

describe('two API instances on one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    await ensureRedis();
    // One key prefix for both instances, fresh per run so earlier runs' counts do not leak in.
    const env = {
      REDIS_URL,
      REDIS_PREFIX: `pv-test-${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_MAX: '10',
    };
    [a, b] = await Promise.all([startTestServer('pglite', env), startTestServer('pglite', env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('count login attempts together: the 11th is 429 on either instance', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const server = i % 2 ? b : a;
      statuses.push((await server.http.post('/auth/login', { email, password: 'wrong-Passw0rd' })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await b.http.post('/auth/login', { email, password: 'wrong-Passw0rd' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.message).toMatch(/^Too many requests/);
    expect((await a.http.post('/auth/login', { email, password: 'wrong-Passw0rd' })).status).toBe(429);
  });

  it('are live and ready, with the database and Redis checked', async () => {
    expect((await a.http.get('/health/live')).status).toBe(200);
    const ready = await a.http.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.checks).toEqual({ database: 'ok', redis: 'ok' });
  });
});

describe('an API instance whose Redis is unreachable', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, connections are refused at once.
    server = await startTestServer('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is live but not ready, and says Redis is why', async () => {
    expect((await server.http.get('/health/live')).status).toBe(200);
    const ready = await server.http.get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.success).toBe(false);
    expect(ready.body.error.details.map((d: { field: string }) => d.field)).toEqual(['redis']);
  });
});
