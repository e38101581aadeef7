import { createHash } from 'node:crypto';
import { isRecoveryCodeShape, RECOVERY_CODE_COUNT } from '@posture-vision/core/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes } from '../src/db/schema.ts';
import { currentTotp } from '../src/security/totp.ts';
import {
  databases,
  PASSWORD,
  postFrom,
  signUp,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './harness.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe.each(databases)('security on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists device sessions, logs one device out, and logs out everywhere', async () => {
    const user = await signUp(server);
    const second = await server.http.call('POST', '/auth/login', {
      body: { email: user.email, password: PASSWORD },
      headers: { 'user-agent': CHROME },
    });
    const list = await server.http.get('/auth/sessions', user.accessToken);
    expect(list.body.data).toHaveLength(2);
    const chrome = list.body.data.find((s: { browser: string }) => s.browser.startsWith('Chrome'));
    expect(chrome).toMatchObject({ deviceType: 'Desktop (Linux)', ipAddress: '127.0.0.1', current: false });
    expect(list.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const other = await signUp(server);
    expect((await server.http.delete(`/auth/sessions/${chrome.id}`, other.accessToken)).status).toBe(404);
    expect((await server.http.delete('/auth/sessions/not-a-uuid', other.accessToken)).status).toBe(404);
    expect((await server.http.delete(`/auth/sessions/${chrome.id}`, user.accessToken)).status).toBe(200);
    expect((await server.http.get('/profile', second.body.accessToken)).status).toBe(401);

    const third = await server.http.post('/auth/login', { email: user.email, password: PASSWORD });
    const all = await server.http.delete('/auth/sessions/all', user.accessToken);
    expect(all.body).toMatchObject({ success: true, data: { revoked: 2 } });
    expect((await server.http.get('/profile', user.accessToken)).status).toBe(401);
    expect((await server.http.get('/profile', third.body.accessToken)).status).toBe(401);
    expect((await server.http.post('/auth/refresh', { refresh_token: third.body.refreshToken })).status).toBe(
      401,
    );
    expect((await server.http.get('/profile', other.accessToken)).status).toBe(200);
  });

  it('sets up, enables, verifies and disables TOTP 2FA; login then asks for the code', async () => {
    const user = await signUp(server);
    expect((await server.http.get('/auth/2fa/status', user.accessToken)).body.data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await server.http.post('/auth/2fa/enable', { token: '123456' }, user.accessToken)).status).toBe(
      400,
    );
    const setup = await server.http.post('/auth/2fa/setup', {}, user.accessToken);
    expect(setup.status).toBe(200);
    expect(setup.body.data.qrCode).toMatch(/^data:image\/png;base64,/);
    const secret = setup.body.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    const code = await currentTotp(secret);
    const wrongCode = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await server.http.post('/auth/2fa/enable', { token: wrongCode }, user.accessToken);
    expect(wrong.status).toBe(400);
    const short = await server.http.post('/auth/2fa/enable', { token: '12' }, user.accessToken);
    expect(short.body.error.message).toBe('Please enter the 6-digit code from your authenticator app');
    const enabled = await server.http.post('/auth/2fa/enable', { token: code }, user.accessToken);
    expect(enabled.body).toMatchObject({ success: true, message: '2FA has been successfully enabled!' });
    expect(enabled.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await server.http.get('/auth/2fa/status', user.accessToken)).body.data).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect((await server.http.post('/auth/2fa/setup', {}, user.accessToken)).status).toBe(409);

    const needsCode = await server.http.post('/auth/login', { email: user.email, password: PASSWORD });
    expect(needsCode.status).toBe(401);
    expect(needsCode.body.error).toEqual({
      message: 'Two-factor authentication code required.',
      details: [{ field: 'totpCode', message: 'Two-factor authentication code required.' }],
    });
    const badCode = await server.http.post('/auth/login', {
      email: user.email,
      password: PASSWORD,
      totpCode: wrongCode,
    });
    expect(badCode.status).toBe(401);
    const loginCode = await currentTotp(secret);
    const withCode = await server.http.post('/auth/login', {
      email: user.email,
      password: PASSWORD,
      totpCode: loginCode,
    });
    expect(withCode.status).toBe(200);
    expect(withCode.body.accessToken).toBeTruthy();
    // A code signs in once: replaying it fails, the next step's code (clock 30 s ahead) works.
    const replay = await server.http.post('/auth/login', {
      email: user.email,
      password: PASSWORD,
      totpCode: loginCode,
    });
    expect(replay.status).toBe(401);
    const nextStep = await server.http.post('/auth/login', {
      email: user.email,
      password: PASSWORD,
      totpCode: await currentTotp(secret, 30),
    });
    expect(nextStep.status).toBe(200);

    const verify = await server.http.post(
      '/auth/2fa/verify',
      { token: await currentTotp(secret) },
      user.accessToken,
    );
    expect(verify.body.data).toEqual({ valid: true });
    expect((await server.http.post('/auth/2fa/disable', { token: wrongCode }, user.accessToken)).status).toBe(
      400,
    );
    const disabled = await server.http.post(
      '/auth/2fa/disable',
      { token: await currentTotp(secret) },
      user.accessToken,
    );
    expect(disabled.body.message).toBe('2FA has been disabled');
    expect((await server.http.post('/auth/login', { email: user.email, password: PASSWORD })).status).toBe(
      200,
    );
    expect((await server.http.post('/auth/2fa/disable', { token: '000000' }, user.accessToken)).status).toBe(
      400,
    );
  });

  it('recovery codes: shown once at enable, stored hashed, each signs in once, made anew on demand, and turn 2FA off', async () => {
    const user = await signUp(server);
    const setup = await server.http.post('/auth/2fa/setup', {}, user.accessToken);
    const secret = setup.body.data.secret as string;
    const enabled = await server.http.post(
      '/auth/2fa/enable',
      { token: await currentTotp(secret) },
      user.accessToken,
    );
    const codes = enabled.body.data.recoveryCodes as string[];
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(isRecoveryCodeShape(code)).toBe(true);

    // Stored hashed: no code is in the database as typed.
    const stored = await server.app.ctx.db.select().from(recoveryCodes);
    const hashes = stored.map((row) => row.codeHash);
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).toContain(createHash('sha256').update(code).digest('hex'));
    }

    const signIn = (body: Record<string, string>) =>
      server.http.post('/auth/login', { email: user.email, password: PASSWORD, ...body });
    // Typed as shown (with its dash) or in lower case, a code signs in once, in place of the app's code.
    const first = codes[0] as string;
    const typed = `${first.slice(0, 5)}-${first.slice(5)}`.toLowerCase();
    const withCode = await signIn({ recoveryCode: typed });
    expect(withCode.status).toBe(200);
    expect(withCode.body.accessToken).toBeTruthy();
    const again = await signIn({ recoveryCode: first });
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('Invalid recovery code.');
    expect((await signIn({ recoveryCode: 'ABCDE-FGHJK' })).status).toBe(401);
    expect((await server.http.get('/auth/2fa/status', user.accessToken)).body.data).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });

    // Made anew with the app's code: the old ones stop working, the new ones work.
    expect(
      (await server.http.post('/auth/2fa/recovery-codes', { token: '000000' }, user.accessToken)).status,
    ).toBe(400);
    const renewed = await server.http.post(
      '/auth/2fa/recovery-codes',
      { token: await currentTotp(secret) },
      user.accessToken,
    );
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await signIn({ recoveryCode: codes[1] as string })).status).toBe(401);
    expect((await signIn({ recoveryCode: fresh[0] as string })).status).toBe(200);

    // A lost phone: a recovery code turns 2FA off, after which the password alone signs in.
    expect(
      (await server.http.post('/auth/2fa/disable', { recoveryCode: fresh[0] }, user.accessToken)).status,
    ).toBe(400);
    const off = await server.http.post('/auth/2fa/disable', { recoveryCode: fresh[1] }, user.accessToken);
    expect(off.body.message).toBe('2FA has been disabled');
    expect((await signIn({})).status).toBe(200);
    expect(
      (
        await server.app.ctx.db
          .select()
          .from(recoveryCodes)
          .where(eq(recoveryCodes.userId, withCode.body.data.user.id))
      ).length,
    ).toBe(0);
  });

  it('keeps a login history with device, browser, IP and success, and stats over N days', async () => {
    const user = await signUp(server);
    await server.http.post('/auth/login', { email: user.email, password: 'Wrong!Pass1' });
    await server.http.call('POST', '/auth/login', {
      body: { email: user.email, password: PASSWORD },
      headers: { 'user-agent': CHROME },
    });
    const history = await server.http.get('/auth/login-history?limit=10', user.accessToken);
    const entries = history.body.data.history;
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      success: true,
      ipAddress: '127.0.0.1',
      device: { device: 'Desktop (Linux)', browser: 'Chrome 126' },
      location: null,
    });
    expect(entries[1]).toMatchObject({ success: false, note: 'Wrong email or password' });
    expect(
      (await server.http.get('/auth/login-history?limit=1', user.accessToken)).body.data.history,
    ).toHaveLength(1);
    expect((await server.http.get('/auth/login-history?limit=abc', user.accessToken)).status).toBe(400);
    expect((await server.http.get('/auth/login-history?limit=0', user.accessToken)).status).toBe(400);

    const stats = await server.http.get('/auth/login-history/stats?days=30', user.accessToken);
    expect(stats.body.data).toMatchObject({
      totalLogins: 3,
      successRate: 66.7,
      uniqueDevices: 2,
      failedLogins: 1,
    });
    expect((await server.http.get('/auth/login-history/stats?days=-1', user.accessToken)).status).toBe(400);
    expect((await server.http.get('/auth/login-history/stats', user.accessToken)).body.data.days).toBe(30);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 in the envelope after too many login, register, forgot and resend attempts', async () => {
    const email = uniqueEmail();
    for (const path of [
      '/auth/login',
      '/auth/register',
      '/password/forgot-password',
      '/auth/resend-verification',
    ]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await server.http.post(path, { email, password: 'x' })).status);
      expect(statuses.slice(0, 3), path).not.toContain(429);
      const limited = await server.http.post(path, { email, password: 'x' });
      expect(limited.status, path).toBe(429);
      expect(limited.body.success).toBe(false);
      expect(limited.body.error.message).toMatch(/^Too many requests/);
    }
    // Another account from the same address is not locked out.
    expect((await server.http.post('/auth/login', { email: uniqueEmail(), password: 'x' })).status).toBe(401);
  });

  it('limits 2FA code guesses', async () => {
    const user = await signUp(server);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await server.http.post('/auth/2fa/verify', { token: '000000' }, user.accessToken)).status,
      );
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('login limit per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { RATE_LIMIT_LOGIN_ADDRESS_MAX: '5' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** POST /auth/login over real HTTP from a chosen loopback address. */
  const loginFrom = (localAddress: string, email: string) =>
    postFrom(`${server.url}/auth/login`, localAddress, { email, password: 'wrong-password' });

  it('answers 429 to one address trying many accounts, and not to another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await loginFrom('127.0.0.2', uniqueEmail())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await loginFrom('127.0.0.2', uniqueEmail());
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
    expect(limited.body.error?.message).toMatch(/^Too many requests/);

    expect((await loginFrom('127.0.0.3', uniqueEmail())).status).toBe(401);
  });
});
