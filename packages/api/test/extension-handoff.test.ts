// The Chrome extension's own session can be opened only by the signed-in web app. The web app
// asks for a one-time code with its access token and its session's refresh token; the extension trades the
// code once, within EXTENSION_HANDOFF_SECONDS, for its own device session. An access token alone, which the
// web app sends with every call, no longer turns into a 7-day refresh family.
import { importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXTENSION_HANDOFF_SECONDS, HANDOFF_MESSAGES } from '../src/auth/service.ts';
import { signingKeys } from '../src/db/schema.ts';
import { databases, PASSWORD, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';

const envelope = (message: string) => ({
  success: false,
  error: { message, details: expect.any(Array) },
});

describe.each(databases)('extension sign-in code on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const handoff = (user: SignedIn, refreshToken: string | null = user.refreshToken) =>
    server.http.post(
      '/auth/sessions/extension/handoff',
      refreshToken === null ? {} : { refresh_token: refreshToken },
      user.accessToken,
    );
  const exchange = (code: unknown, token?: string) =>
    server.http.post('/auth/sessions/extension', code === undefined ? {} : { code }, token);
  const extensionSessions = async (user: SignedIn) =>
    (await server.http.get('/auth/sessions', user.accessToken)).body.data.filter(
      (s: { deviceType: string }) => s.deviceType === 'Chrome extension',
    );

  it('refuses an access token alone, with the envelope, and opens no session', async () => {
    const user = await signUp(server);
    const bare = await exchange(undefined, user.accessToken);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject(envelope(HANDOFF_MESSAGES.codeRequired));
    expect(bare.body.error.details).toEqual([{ field: 'code', message: HANDOFF_MESSAGES.codeRequired }]);
    // The access token passed off as a code is no code either.
    const asCode = await exchange(user.accessToken);
    expect(asCode.status).toBe(401);
    expect(asCode.body).toMatchObject(envelope(HANDOFF_MESSAGES.invalidCode));
    expect(await extensionSessions(user)).toEqual([]);
  });

  it('gives a code only to the web app: its access token and its own session refresh token', async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    // No access token, or an access token without the refresh token: refused.
    const anonymous = await server.http.post('/auth/sessions/extension/handoff', {
      refresh_token: user.refreshToken,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject(envelope('Authentication required. Please log in.'));
    const tokenOnly = await handoff(user, null);
    expect(tokenOnly.status).toBe(401);
    expect(tokenOnly.body).toMatchObject(envelope(HANDOFF_MESSAGES.webSession));
    // Another user's refresh token, or a refresh token of another session of the same user: refused.
    expect((await handoff(user, other.refreshToken)).status).toBe(401);
    const login = await server.http.post('/auth/login', { email: user.email, password: PASSWORD });
    const secondSession = login.body.refreshToken ?? 'none';
    expect((await handoff(user, secondSession)).status).toBe(401);
    expect((await handoff(user, 'x'.repeat(43))).status).toBe(401);
    // The refresh token is only shown, not used: it still refreshes afterwards.
    const granted = await handoff(user);
    expect(granted.status).toBe(201);
    expect(granted.body.data).toEqual({ code: expect.any(String), expires_in: EXTENSION_HANDOFF_SECONDS });
    const rotated = await server.http.post('/auth/refresh', { refresh_token: user.refreshToken });
    expect(rotated.status).toBe(200);
    // A used (rotated) refresh token no longer gives codes.
    expect((await handoff(user)).status).toBe(401);
  });

  it('refuses expired and never-expiring (no exp) access tokens when asking for a code', async () => {
    const user = await signUp(server);
    // The instances' shared signing key, stored in the database, as only a test may read it.
    const [row] = await server.app.ctx.db.select().from(signingKeys);
    const jwk = row?.privateJwk as JWK & { kid: string };
    const sid = JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString()).sid;
    const now = Math.floor(Date.now() / 1000);
    const base = () =>
      new SignJWT({ sid, role: 'user' })
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: 'JWT' })
        .setIssuer('posture-vision-api')
        .setAudience('posture-vision')
        .setSubject(user.userId);
    const key = await importJWK(jwk, 'ES256');
    const expired = await base()
      .setIssuedAt(now - 960)
      .setExpirationTime(now - 60)
      .sign(key);
    const forever = await base().setIssuedAt(now).sign(key);
    // A token without exp would never expire: refused on every user route, not only here.
    expect((await server.http.get('/profile', forever)).status).toBe(401);
    expect((await server.http.get('/profile', user.accessToken)).status).toBe(200);
    for (const token of [expired, forever, 'not-a-jwt']) {
      const res = await server.http.post(
        '/auth/sessions/extension/handoff',
        { refresh_token: user.refreshToken },
        token,
      );
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(envelope('Invalid or expired token.'));
    }
  });

  it('trades a code once, for the user it was issued to', async () => {
    const user = await signUp(server);
    const stranger = await signUp(server);
    const { code } = (await handoff(user)).body.data;
    // Whoever presents it (here with another user's token beside it) gets the issuing user's session.
    const first = await exchange(code, stranger.accessToken);
    expect(first.status).toBe(201);
    const profile = await server.http.get('/profile', first.body.data.access_token);
    expect(profile.body.data.email).toBe(user.email);
    expect(await extensionSessions(user)).toHaveLength(1);
    expect(await extensionSessions(stranger)).toEqual([]);
    // Single use, even at once: a replay, and two presentations racing, open no second session.
    const replay = await exchange(code);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject(envelope(HANDOFF_MESSAGES.invalidCode));
    const racing = (await handoff(user)).body.data.code;
    const statuses = (await Promise.all([exchange(racing), exchange(racing)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 401]);
    expect(await extensionSessions(user)).toHaveLength(2);
  });

  it(`expires after ${EXTENSION_HANDOFF_SECONDS} s, and with the web session that asked for it`, async () => {
    const user = await signUp(server);
    const late = (await handoff(user)).body.data.code;
    const orphan = (await handoff(user)).body.data.code;
    // Only the clock moves (Date): the server compares the code's expiry with it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (EXTENSION_HANDOFF_SECONDS + 1) * 1000 });
    const expired = await exchange(late);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject(envelope(HANDOFF_MESSAGES.invalidCode));
    vi.useRealTimers();
    // Logging the web app out voids the codes it obtained.
    const fresh = (await handoff(user)).body.data.code;
    expect((await server.http.post('/auth/logout', {}, user.accessToken)).status).toBe(200);
    expect((await exchange(fresh)).status).toBe(401);
    expect((await exchange(orphan)).status).toBe(401);
  });
});
