// The answers are core's contracts: what the API sends is what the clients' types (inferred from the same
// schemas) say they read, no field more, and a route that breaks its contract fails in the envelope.
import { loginResponse } from '@posture-vision/core/auth';
import { envelope, healthResponse, liveResponse, readyResponse, z } from '@posture-vision/core/http';
import { profileData, profileResponse } from '@posture-vision/core/profile';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, installErrorHandling, installResponseContracts, ok } from '../src/http/envelope.ts';
import { PASSWORD, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';

describe('a route that declares its answer', () => {
  const app = Fastify();
  installErrorHandling(app);
  installResponseContracts(app);
  const contract = envelope(z.object({ id: z.string(), count: z.number() }));
  app.get('/kept', answers(contract), async () => ok({ id: 'a', count: 2, passwordHash: 'secret' }));
  app.get('/broken', answers(contract), async () => ok({ id: 'a' }));
  app.get('/refused', answers(contract), async (_request, reply) =>
    reply.status(404).send({ success: false, error: { message: 'Not here.', details: [] } }),
  );
  afterAll(() => app.close());

  it('sends the contract’s fields and drops any other', async () => {
    const res = await app.inject({ url: '/kept' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'OK', data: { id: 'a', count: 2 } });
  });

  it('answers 500 in the envelope, without the data, when the answer breaks the contract', async () => {
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: { message: 'Internal server error.', details: [] } });
  });

  it('sends error answers as they are', async () => {
    const res = await app.inject({ url: '/refused' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Not here.');
  });
});

describe('the API against core’s contracts', () => {
  let server: TestServer;
  let user: SignedIn;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    user = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs in and reads the profile in the contract’s shape, field for field', async () => {
    const login = await server.http.post('/auth/login', { email: user.email, password: PASSWORD });
    expect(loginResponse.safeParse(login.body).success).toBe(true);
    const profile = await server.http.get('/profile', user.accessToken);
    expect(profileResponse.safeParse(profile.body).success).toBe(true);
    expect(Object.keys(profile.body.data).sort()).toEqual(Object.keys(profileData.shape).sort());
  });

  it('answers health, liveness and readiness in the contracts’ shape', async () => {
    expect(healthResponse.safeParse((await server.http.get('/health')).body).success).toBe(true);
    expect(liveResponse.safeParse((await server.http.get('/health/live')).body).success).toBe(true);
    const ready = await server.http.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(readyResponse.safeParse(ready.body).success).toBe(true);
  });
});
