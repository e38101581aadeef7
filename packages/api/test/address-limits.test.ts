// Registration, forgot-password and resend-verification are limited per address even when
// the e-mail changes every time; a sign-in for an e-mail without an account costs the same argon2
// verification as one with an account, so its timing does not tell them apart.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  outbox,
  postFrom,
  registration,
  signUp,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './harness.ts';

// The edge under test is "an argon2 verification happened": count calls to the real library.
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2Calls.verify += 1;
      return real.verify(...args);
    },
  };
});

describe('limits per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RATE_LIMIT_REGISTER_ADDRESS_MAX: '3',
      RATE_LIMIT_MAIL_ADDRESS_MAX: '4',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stops one address creating accounts with ever new e-mails; another address still registers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await postFrom(`${server.url}/auth/register`, '127.0.1.2', registration(uniqueEmail()))).status,
      );
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await postFrom(`${server.url}/auth/register`, '127.0.1.2', registration(uniqueEmail()));
    expect(refused.body).toMatchObject({
      success: false,
      error: { message: expect.stringMatching(/^Too many requests/) },
    });
    expect(
      (await postFrom(`${server.url}/auth/register`, '127.0.1.3', registration(uniqueEmail()))).status,
    ).toBe(201);
  });

  it('counts forgot-password and resend-verification together per address, whatever the e-mail; no mail goes out past it', async () => {
    const user = await signUp(server);
    const unverified = uniqueEmail();
    await postFrom(`${server.url}/auth/register`, '127.0.1.9', registration(unverified));
    const before = outbox(server.dataDir).length;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const path = i % 2 ? '/auth/resend-verification' : '/password/forgot-password';
      statuses.push((await postFrom(`${server.url}${path}`, '127.0.1.4', { email: uniqueEmail() })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const mailsBefore = outbox(server.dataDir).length;
    expect(mailsBefore).toBe(before);
    // Over the limit: even a real account's reset or a real pending verification is refused, and not mailed.
    expect(
      (await postFrom(`${server.url}/password/forgot-password`, '127.0.1.4', { email: user.email })).status,
    ).toBe(429);
    expect(
      (await postFrom(`${server.url}/auth/resend-verification`, '127.0.1.4', { email: unverified })).status,
    ).toBe(429);
    expect(outbox(server.dataDir).length).toBe(mailsBefore);
    expect(
      (await postFrom(`${server.url}/password/forgot-password`, '127.0.1.5', { email: user.email })).status,
    ).toBe(200);
    expect(outbox(server.dataDir).length).toBe(mailsBefore + 1);
  });

  it('runs one argon2 verification for a sign-in whether or not the e-mail has an account', async () => {
    const user = await signUp(server);
    const count = async (email: string) => {
      const before = argon2Calls.verify;
      const res = await server.http.post('/auth/login', { email, password: 'Wr0ng!Password' });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('Incorrect email or password.');
      return argon2Calls.verify - before;
    };
    expect(await count(user.email)).toBe(1);
    expect(await count(uniqueEmail('nobody'))).toBe(1);
    const admin = async (email: string) => {
      const before = argon2Calls.verify;
      expect(
        (await server.http.post('/auth/admin/login', { email, password: 'Wr0ng!Password' })).status,
      ).toBe(401);
      return argon2Calls.verify - before;
    };
    expect(await admin(uniqueEmail('no-admin'))).toBe(1);
  });
});
