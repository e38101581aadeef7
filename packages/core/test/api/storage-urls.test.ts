import { describe, expect, it } from 'vitest';
import {
  cookieRefreshTokenStore,
  createMemoryStorage,
  localStorageAdapter,
  placeholderKey,
  REFRESH_COOKIE_MAX_AGE_SECONDS,
  readCookie,
  refreshCookieString,
  resolveApiBaseUrl,
  resolveVisionUrls,
  STORAGE_KEYS,
  shouldRefreshSession,
  toWebSocketUrl,
} from '../../src/api';

describe('base URLs', () => {
  it.each([
    ['localhost', undefined, 'http://localhost:8000'],
    ['127.0.0.1', undefined, 'http://localhost:8000'],
    ['localhost', 'http://127.0.0.1:9100/', 'http://127.0.0.1:9100'],
    ['app.example.org', 'https://api.example.org', 'https://api.example.org'],
    ['192.168.1.20', undefined, 'http://192.168.1.20:8000'],
    ['localhost', '  ', 'http://localhost:8000'],
  ])('page host %s with override %s → %s', (host, override, expected) => {
    expect(resolveApiBaseUrl(host, override)).toBe(expected);
  });

  it('vision defaults to localhost:8001 over http and ws', () => {
    expect(resolveVisionUrls('localhost')).toEqual({
      http: 'http://localhost:8001',
      ws: 'ws://localhost:8001',
    });
  });

  it('derives the ws base from an http override', () => {
    expect(resolveVisionUrls('localhost', { http: 'https://vision.example.org/' })).toEqual({
      http: 'https://vision.example.org',
      ws: 'wss://vision.example.org',
    });
    expect(resolveVisionUrls('x', { http: 'http://a:1', ws: 'ws://b:2' })).toEqual({
      http: 'http://a:1',
      ws: 'ws://b:2',
    });
    expect(toWebSocketUrl('http://h:8001')).toBe('ws://h:8001');
  });
});

describe('storage', () => {
  it('uses the keys token, adminToken and appTheme', () => {
    expect(STORAGE_KEYS).toEqual({ token: 'token', adminToken: 'adminToken', appTheme: 'appTheme' });
  });

  it('adapts a Web Storage', async () => {
    const map = new Map<string, string>();
    const kv = localStorageAdapter({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    });
    await kv.set('token', 'a');
    expect(await kv.get('token')).toBe('a');
    await kv.remove('token');
    expect(await kv.get('token')).toBeNull();
  });

  it('memory storage starts from initial values', async () => {
    const kv = createMemoryStorage({ a: '1' });
    expect(await kv.get('a')).toBe('1');
    await kv.set('b', '2');
    expect(kv.snapshot()).toEqual({ a: '1', b: '2' });
  });
});

/** A document.cookie that behaves like a browser's for one path. */
function cookieJar() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      writes.push(value);
      const [pair = '', ...attrs] = value.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (attrs.some((a) => a.trim() === 'max-age=0')) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    },
  };
}

describe('refresh cookie', () => {
  it('is written with path /, secure, SameSite strict and 7 days', () => {
    expect(REFRESH_COOKIE_MAX_AGE_SECONDS).toBe(604800);
    expect(refreshCookieString('abc')).toBe(
      'refresh_token=abc; path=/; max-age=604800; secure; samesite=strict',
    );
  });

  it('stores, reads and clears the refresh token through document.cookie', async () => {
    const doc = cookieJar();
    doc.cookie = 'other=1';
    const store = cookieRefreshTokenStore(doc);
    await store.set('r.t/+=');
    expect(await store.get()).toBe('r.t/+=');
    await store.clear();
    expect(await store.get()).toBeNull();
    expect(doc.writes.at(-1)).toBe('refresh_token=; path=/; max-age=0; secure; samesite=strict');
    expect(readCookie(doc.cookie, 'other')).toBe('1');
  });
});

describe('refresh trigger', () => {
  it.each([
    [401, {}, true],
    [403, { detail: 'Token expired' }, true],
    [400, { error: { message: 'Unauthorized access' } }, true],
    [500, { message: 'session EXPIRED' }, true],
    [400, 'invalid token', true],
    [400, { error: 'jwt token malformed' }, true],
    [403, { detail: 'Forbidden' }, false],
    [500, { error: { message: 'Server error' } }, false],
    [404, null, false],
  ])('status %i body %j → %s', (status, body, expected) => {
    expect(shouldRefreshSession(status, body)).toBe(expected);
  });
});

describe('placeholder key', () => {
  it.each([
    ['/profile', 'profile'],
    ['/profile/export/stats', 'profile'],
    ['/calibration/status/detailed', 'detailed'],
    ['/sessions/analytics?startDate=x', 'analytics'],
    ['/analytics/posture-trends', 'analytics'],
    ['/sessions/history?limit=5', 'history'],
    ['/calibration/active', null],
    ['/sessions/s1/report', null],
  ])('%s → %s', (path, key) => {
    expect(placeholderKey(path)).toBe(key);
  });
});
