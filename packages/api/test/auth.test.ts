import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/cli/admin.ts';
import {
  databases,
  lastMailTo,
  outbox,
  PASSWORD,
  registration,
  signUp,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './harness.ts';

describe.each(databases)('accounts and tokens on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers health and publishes the ES256 public key as JWKS', async () => {
    expect((await server.http.get('/health')).status).toBe(200);
    const jwks = await server.http.get('/.well-known/jwks.json');
    expect(jwks.body.keys).toHaveLength(1);
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwks.body.keys[0].d).toBeUndefined();
  });

  it('registers, refuses login until the mailed link is followed, then signs in with a verifiable token', async () => {
    const email = uniqueEmail();
    const reg = await server.http.post('/auth/register', registration(email));
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      success: true,
      message: 'Verification email sent. Please check your inbox.',
    });

    const unverified = await server.http.post('/auth/login', { email, password: PASSWORD });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.message).toContain('not verified');

    const mail = lastMailTo(server.dataDir, email);
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.html).toContain(mail.links[0]?.replace(/&/g, '&amp;').slice(0, 40));
    const follow = await fetch(mail.links[0] as string, { redirect: 'manual' });
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('http://localhost:5173/login?verified=true');

    const login = await server.http.post('/auth/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      message: 'Login successful',
      data: { user: { email } },
    });
    const jwks = createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(login.body.accessToken, jwks, {
      issuer: 'posture-vision-api',
      audience: 'posture-vision',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: login.body.data.user.id, role: 'user' });
    expect(typeof payload.sid).toBe('string');
    expect((payload.exp as number) - (payload.iat as number)).toBe(900);
  });

  it('sends the browser back to sign-in with google_unavailable when Google sign-in is not configured', async () => {
    const res = await server.http.get('/auth/google');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:5173/login?error=google_unavailable');
  });

  it('rejects a tampered or forged verification link', async () => {
    const email = uniqueEmail();
    await server.http.post('/auth/register', registration(email));
    const link = lastMailTo(server.dataDir, email).links[0] as string;
    const bad = await server.http.post('/auth/verify-email', {
      token: `${new URL(link).searchParams.get('token')}x`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const redirect = await fetch(`${link}x`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('http://localhost:5173/resend-verification');
    expect((await server.http.post('/auth/login', { email, password: PASSWORD })).status).toBe(403);
  });

  it('answers 409 for a duplicate e-mail and 400 with field details for bad registrations', async () => {
    const email = uniqueEmail();
    expect((await server.http.post('/auth/register', registration(email))).status).toBe(201);
    const dup = await server.http.post('/auth/register', registration(email.toUpperCase()));
    expect(dup.status).toBe(409);

    const cases: [Record<string, unknown>, string, string][] = [
      [
        { password: 'short1!', confirmPassword: 'short1!' },
        'password',
        'Password must be at least 8 characters long.',
      ],
      [
        { password: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
        'password',
        'Password must include at least 1 uppercase, lowercase, number, and special character.',
      ],
      [{ confirmPassword: 'Other!Pass1' }, 'confirmPassword', 'Passwords do not match.'],
      [{ birthday: '2999-01-01' }, 'birthday', 'Birthday must be in the past.'],
      [{ contactNo: '555-123' }, 'contactNo', 'Phone number must contain digits only.'],
      [{ contactNo: '12' }, 'phone', 'Phone number must be between 10 to 15 digits.'],
      [{ email: 'no-at-sign' }, 'email', 'Please input a valid email address.'],
      [{ firstName: 42 }, 'firstName', 'First name must be text.'],
      [{ lastName: undefined }, 'lastName', 'Last name is required.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await server.http.post('/auth/register', registration(uniqueEmail(), change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.details).toContainEqual({ field, message });
    }
    const notJson = await server.http.call('POST', '/auth/register', {
      raw: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.success).toBe(false);
    const huge = await server.http.post(
      '/auth/register',
      registration(uniqueEmail(), { firstName: 'x'.repeat(2e6) }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe('Request body is too large.');
  });

  it('answers 401 for a wrong password and an unknown e-mail alike, and 400 for missing fields', async () => {
    const user = await signUp(server);
    const wrong = await server.http.post('/auth/login', { email: user.email, password: 'Wrong!Pass1' });
    expect(wrong.status).toBe(401);
    const unknown = await server.http.post('/auth/login', { email: uniqueEmail(), password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
    const missing = await server.http.post('/auth/login', { email: user.email });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toContainEqual({
      field: 'password',
      message: 'Password is required.',
    });
  });

  it('rotates refresh tokens once each; presenting a used one logs the device session out', async () => {
    const user = await signUp(server);
    const first = await server.http.post('/auth/refresh', { refresh_token: user.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    const { access_token, refresh_token } = first.body.data;
    expect(refresh_token).not.toBe(user.refreshToken);
    expect((await server.http.get('/profile', access_token)).status).toBe(200);

    // A second tab of the same browser, a moment later: the same successor pair, nobody logged out.
    const tab = await server.http.post('/auth/refresh', { refresh_token: user.refreshToken });
    expect(tab.status).toBe(200);
    expect(tab.body.data.refresh_token).toBe(refresh_token);
    expect((await server.http.get('/profile', tab.body.data.access_token)).status).toBe(200);

    // The used token from another device (a stolen copy): reuse, the session is logged out.
    const reuse = await server.http.call('POST', '/auth/refresh', {
      body: { refresh_token: user.refreshToken },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    expect(reuse.status).toBe(401);
    // The whole family is revoked: the rotated token and the access tokens of that session stop working.
    expect((await server.http.post('/auth/refresh', { refresh_token })).status).toBe(401);
    expect((await server.http.get('/profile', access_token)).status).toBe(401);

    expect((await server.http.post('/auth/refresh', {})).status).toBe(401);
    expect((await server.http.post('/auth/refresh', { refresh_token: 42 })).status).toBe(400);
    // Two tabs refreshing at the same instant get the same pair.
    const twin = await signUp(server);
    const both = await Promise.all(
      [0, 1].map(() => server.http.post('/auth/refresh', { refresh_token: twin.refreshToken })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]?.body.data.refresh_token).toBe(both[1]?.body.data.refresh_token);
    expect(
      (await server.http.post('/auth/refresh', { refresh_token: both[0]?.body.data.refresh_token })).status,
    ).toBe(200);
    const cookie = await signUp(server);
    const viaCookie = await server.http.call('POST', '/auth/refresh', {
      body: {},
      headers: { cookie: `refresh_token=${cookie.refreshToken}` },
    });
    expect(viaCookie.status).toBe(200);
  });

  it('logs out: the access and refresh tokens of that device stop working', async () => {
    const user = await signUp(server);
    const out = await server.http.post('/auth/logout', {}, user.accessToken);
    expect(out.status).toBe(200);
    expect((await server.http.get('/profile', user.accessToken)).status).toBe(401);
    expect((await server.http.post('/auth/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
  });

  it('gives the Chrome extension its own device session that rotates independently of the web app', async () => {
    const user = await signUp(server);
    // The web app asks for a one-time code (access token and its refresh cookie); the extension trades it.
    const handoff = await server.http.post(
      '/auth/sessions/extension/handoff',
      { refresh_token: user.refreshToken },
      user.accessToken,
    );
    expect(handoff.status).toBe(201);
    const created = await server.http.post('/auth/sessions/extension', { code: handoff.body.data.code });
    expect(created.status).toBe(201);
    expect(created.body.success).toBe(true);
    const extension = created.body.data as { access_token: string; refresh_token: string };
    expect(extension.refresh_token).not.toBe(user.refreshToken);
    expect((await server.http.get('/profile', extension.access_token)).status).toBe(200);

    const sessions = await server.http.get('/auth/sessions', user.accessToken);
    expect(sessions.status).toBe(200);
    const own = sessions.body.data.filter((s: { deviceType: string }) => s.deviceType === 'Chrome extension');
    expect(own).toHaveLength(1);
    expect(sessions.body.data).toHaveLength(2);
    expect(own[0].current).toBe(false);

    // Both refresh at the same moment: neither presents the other's token, so neither is revoked.
    const [web, ext] = await Promise.all([
      server.http.post('/auth/refresh', { refresh_token: user.refreshToken }),
      server.http.post('/auth/refresh', { refresh_token: extension.refresh_token }),
    ]);
    expect([web.status, ext.status]).toEqual([200, 200]);
    // The old web token presented again from elsewhere revokes the web app's session only.
    const stolen = await server.http.call('POST', '/auth/refresh', {
      body: { refresh_token: user.refreshToken },
      headers: { 'user-agent': 'curl/8.0' },
    });
    expect(stolen.status).toBe(401);
    expect((await server.http.get('/profile', web.body.data.access_token)).status).toBe(401);
    expect((await server.http.get('/profile', ext.body.data.access_token)).status).toBe(200);
    const again = await server.http.post('/auth/refresh', { refresh_token: ext.body.data.refresh_token });
    expect(again.status).toBe(200);

    // Logging the extension out leaves nothing of its session.
    expect((await server.http.post('/auth/logout', {}, again.body.data.access_token)).status).toBe(200);
    const after = await server.http.post('/auth/refresh', { refresh_token: again.body.data.refresh_token });
    expect(after.status).toBe(401);
  });

  it('refuses missing, malformed, forged and admin tokens on user routes', async () => {
    expect((await server.http.get('/profile')).status).toBe(401);
    expect((await server.http.get('/profile', 'not-a-jwt')).status).toBe(401);
    const user = await signUp(server);
    const [h, p] = user.accessToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(86)}`;
    const res = await server.http.get('/profile', forged);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: { message: 'Invalid or expired token.' } });
  });

  it('resets a forgotten password with a single-use mailed link and keeps unknown addresses secret', async () => {
    const user = await signUp(server);
    const before = outbox(server.dataDir).length;
    const unknown = await server.http.post('/password/forgot-password', { email: uniqueEmail() });
    expect(unknown.body).toMatchObject({
      success: true,
      message: 'Reset password link is sent to your email.',
    });
    expect(outbox(server.dataDir)).toHaveLength(before);
    expect((await server.http.post('/password/forgot-password', {})).status).toBe(400);

    const forgot = await server.http.post('/password/forgot-password', { email: user.email });
    expect(forgot.status).toBe(200);
    const link = new URL(lastMailTo(server.dataDir, user.email).links[0] as string);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:5173/reset-password');
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.searchParams.get('token') as string;

    const weak = await server.http.post('/password/reset-password', {
      token,
      newPassword: 'weak',
      confirmNewPassword: 'weak',
    });
    expect(weak.status).toBe(400);
    const next = 'N3w!Password';
    const reset = await server.http.post('/password/reset-password', {
      token,
      email: user.email,
      newPassword: next,
      confirmNewPassword: next,
    });
    expect(reset.body).toMatchObject({ success: true, message: 'Password was successfully reset!' });
    const again = await server.http.post('/password/reset-password', {
      token,
      newPassword: 'An0ther!Pass',
      confirmNewPassword: 'An0ther!Pass',
    });
    expect(again.status).toBe(400);
    expect((await server.http.post('/auth/login', { email: user.email, password: PASSWORD })).status).toBe(
      401,
    );
    expect((await server.http.post('/auth/login', { email: user.email, password: next })).status).toBe(200);
    // A reset logs out every device.
    expect((await server.http.get('/profile', user.accessToken)).status).toBe(401);
  });

  it('changes the password only with the current one, a different new one and a matching confirmation', async () => {
    const user = await signUp(server);
    const elsewhere = await server.http.post('/auth/login', { email: user.email, password: PASSWORD });
    const next = 'Chang3d!Pass';
    const same = await server.http.post(
      '/password/change',
      { currentPassword: PASSWORD, newPassword: PASSWORD, confirmNewPassword: PASSWORD },
      user.accessToken,
    );
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe('New password cannot be the same as current password.');
    const mismatch = await server.http.post(
      '/password/change',
      { currentPassword: PASSWORD, newPassword: next, confirmNewPassword: `${next}x` },
      user.accessToken,
    );
    expect(mismatch.body.error.details).toContainEqual({
      field: 'confirmNewPassword',
      message: 'New passwords do not match.',
    });
    const wrong = await server.http.post(
      '/password/change',
      { currentPassword: 'Wrong!Pass1', newPassword: next, confirmNewPassword: next },
      user.accessToken,
    );
    expect(wrong.status).toBe(400);
    const changed = await server.http.post(
      '/password/change',
      { currentPassword: PASSWORD, newPassword: next, confirmNewPassword: next },
      user.accessToken,
    );
    expect(changed.body).toMatchObject({ success: true, message: 'Password changed successfully.' });
    expect((await server.http.get('/profile', user.accessToken)).status).toBe(200);
    expect((await server.http.get('/profile', elsewhere.body.accessToken)).status).toBe(401);
    expect((await server.http.post('/auth/login', { email: user.email, password: next })).status).toBe(200);
    expect((await server.http.post('/password/change', {}, undefined)).status).toBe(401);
  });

  it('signs admins in with separate accounts; admin tokens do not open user data', async () => {
    const admin = { email: uniqueEmail('admin'), password: 'Adm1n!Secret' };
    await createAdmin(server.app.ctx.db, admin.email, admin.password, server.config.argon2);
    const login = await server.http.post('/auth/admin/login', admin);
    expect(login.body).toMatchObject({ success: true, message: 'Admin login successful' });
    const jwks = createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(login.body.accessToken, jwks, { audience: 'posture-vision' });
    expect(payload.role).toBe('admin');
    expect((await server.http.get('/profile', login.body.accessToken)).status).toBe(403);
    expect((await server.http.post('/auth/admin/login', { ...admin, password: 'Wrong!Pass1' })).status).toBe(
      401,
    );
    // A user account is not an admin account.
    const user = await signUp(server);
    expect(
      (await server.http.post('/auth/admin/login', { email: user.email, password: PASSWORD })).status,
    ).toBe(401);
    expect((await server.http.post('/auth/admin/login', { email: admin.email })).status).toBe(400);
  });

  it('resends verification mail, and says so when the address is already verified', async () => {
    const email = uniqueEmail();
    await server.http.post('/auth/register', registration(email));
    const count = outbox(server.dataDir).filter((m) => m.to === email).length;
    const resend = await server.http.post('/auth/resend-verification', { email });
    expect(resend.body.success).toBe(true);
    expect(outbox(server.dataDir).filter((m) => m.to === email)).toHaveLength(count + 1);
    expect((await server.http.post('/auth/resend-verification', { email: 'nope' })).status).toBe(400);
    const user = await signUp(server);
    expect((await server.http.post('/auth/resend-verification', { email: user.email })).status).toBe(409);
  });
});
