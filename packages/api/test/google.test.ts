// Google sign-in end to end against a real OpenID provider (oidc-provider) started by the test.
import type { Server } from 'node:http';
import { freePort } from '@posture-vision/testkit/services';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, PASSWORD, signUp, startTestServer, type TestServer, uniqueEmail } from './harness.ts';

const CLIENT = { id: 'posture-vision-test', secret: 'a-test-client-secret-that-is-long-enough' };

/** A browser in miniature: follows redirects by hand and keeps cookies per origin. */
class Browser {
  private jars = new Map<string, Map<string, string>>();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url);
    const jar = this.jars.get(target.origin) ?? new Map<string, string>();
    this.jars.set(target.origin, jar);
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(target, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, eq);
      const value = (pair as string).slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    return { res, location: location ? new URL(location, target).href : null, text: await res.text() };
  }

  /** Follows redirects until one leaves for `stopAt` (returned unvisited) or a page answers. */
  async follow(url: string, stopAt: string) {
    let next = url;
    for (let i = 0; i < 20; i++) {
      if (next.startsWith(stopAt)) return { stopped: next, text: '' };
      const step = await this.go(next);
      if (!step.location) return { stopped: null, text: step.text, url: next };
      next = step.location;
    }
    throw new Error('too many redirects');
  }
}

describe.each(databases)('Google sign-in (OpenID Connect, PKCE) on %s', (kind) => {
  let server: TestServer;
  let provider: Server;
  let issuer: string;
  const accounts = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    const providerPort = await freePort();
    issuer = `http://127.0.0.1:${providerPort}`;
    server = await startTestServer(kind, {
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_ISSUER: issuer,
    });
    const oidc = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [`${server.url}/auth/google/callback`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      cookies: { keys: ['cookie-signing-key-for-tests'] },
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: id, ...accounts.get(id) }),
      }),
    });
    provider = oidc.listen(providerPort, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise((r) => provider?.close(r));
    await server?.close();
  });

  /** Sign in at the provider as `login`, consent, and return where the API finally sends the browser. */
  async function signInWithGoogle(login: string) {
    const browser = new Browser();
    const start = await browser.go(`${server.url}/auth/google`);
    expect(start.res.status).toBe(302);
    const authorize = new URL(start.location as string);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    let page = await browser.follow(start.location as string, server.url);
    for (const prompt of ['login', 'consent']) {
      expect(page.url).toMatch(/\/interaction\//);
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt };
      const submitted = await browser.go(page.url as string, { method: 'POST', form });
      page = await browser.follow(submitted.location as string, server.url);
      if (page.stopped) break;
    }
    expect(page.stopped).toContain('/auth/google/callback');
    const callback = await browser.go(page.stopped as string);
    expect(callback.res.status).toBe(302);
    return { browser, landing: new URL(callback.location as string), callbackUrl: page.stopped as string };
  }

  it('creates an account from the identity claims and hands tokens to the web app', async () => {
    const email = uniqueEmail('google');
    accounts.set('g-1', { email, email_verified: true, given_name: 'Gia', family_name: 'Oogle' });
    const { landing } = await signInWithGoogle('g-1');
    expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:5173/google-auth-success');
    const accessToken = landing.searchParams.get('access_token') as string;
    const refreshToken = landing.searchParams.get('refresh_token') as string;
    expect(accessToken).toBeTruthy();
    expect(refreshToken).toBeTruthy();
    const profile = await server.http.get('/profile', accessToken);
    expect(profile.body.data).toMatchObject({
      email,
      firstName: 'Gia',
      lastName: 'Oogle',
      authProvider: 'google',
    });
    expect((await server.http.post('/auth/refresh', { refresh_token: refreshToken })).status).toBe(200);

    const password = await server.http.post('/auth/login', { email, password: PASSWORD });
    expect(password.status).toBe(403);
    expect(password.body.error.message).toMatch(/google/i);

    // Signing in again reaches the same account.
    const again = await signInWithGoogle('g-1');
    const second = await server.http.get(
      '/profile',
      again.landing.searchParams.get('access_token') as string,
    );
    expect(second.body.data.id).toBe(profile.body.data.id);
  });

  it('links a Google identity to the existing account with the same verified e-mail', async () => {
    const existing = await signUp(server);
    accounts.set('g-2', { email: existing.email, email_verified: true, given_name: 'X', family_name: 'Y' });
    const { landing } = await signInWithGoogle('g-2');
    const profile = await server.http.get('/profile', landing.searchParams.get('access_token') as string);
    expect(profile.body.data.id).toBe(existing.userId);
    // The password still works for an account that had one.
    expect(
      (await server.http.post('/auth/login', { email: existing.email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('ends with an error for a refused consent, a forged state, a replayed code and an unverified e-mail', async () => {
    const cancelled = await fetch(`${server.url}/auth/google/callback?error=access_denied`, {
      redirect: 'manual',
    });
    expect(cancelled.headers.get('location')).toBe(
      'http://localhost:5173/google-auth-success?error=access_denied',
    );

    accounts.set('g-3', { email: uniqueEmail('google'), email_verified: true });
    const { browser, callbackUrl } = await signInWithGoogle('g-3');
    // The flow cookie was cleared by the first callback: replaying the code fails.
    const replay = await browser.go(callbackUrl);
    expect(new URL(replay.location as string).searchParams.get('error')).toBe('google_auth_failed');

    const forged = new Browser();
    const start = await forged.go(`${server.url}/auth/google`);
    const page = await forged.follow(start.location as string, server.url);
    const login = await forged.go(page.url as string, {
      method: 'POST',
      form: { prompt: 'login', login: 'g-3', password: 'x' },
    });
    let next = await forged.follow(login.location as string, server.url);
    if (!next.stopped) {
      const consent = await forged.go(next.url as string, { method: 'POST', form: { prompt: 'consent' } });
      next = await forged.follow(consent.location as string, server.url);
    }
    const tampered = new URL(next.stopped as string);
    tampered.searchParams.set('state', 'forged-state');
    const answer = await forged.go(tampered.href);
    expect(new URL(answer.location as string).searchParams.get('error')).toBe('google_auth_failed');

    accounts.set('g-4', { email: uniqueEmail('google'), email_verified: false });
    const unverified = await signInWithGoogle('g-4');
    expect(unverified.landing.searchParams.get('error')).toBe('google_auth_failed');
    expect(unverified.landing.searchParams.get('access_token')).toBeNull();
  });
});
