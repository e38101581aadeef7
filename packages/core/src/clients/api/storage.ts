// Storage keys of the tokens and the theme, and the small storage interface's adapters.
import type { KeyValueStorage } from './types';

export const STORAGE_KEYS = {
  token: 'token',
  adminToken: 'adminToken',
  appTheme: 'appTheme',
} as const;

/** The cookie (web) or storage key (extension) of the refresh token. */
export const REFRESH_TOKEN_KEY = 'refresh_token';
/** Refresh cookie lifetime: 7 days. */
export const REFRESH_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The Web Storage subset the adapter needs (window.localStorage satisfies it). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** KeyValueStorage over localStorage (or any Web Storage). */
export function localStorageAdapter(storage: WebStorageLike = globalThis.localStorage): KeyValueStorage {
  return {
    async get(key) {
      return storage.getItem(key);
    },
    async set(key, value) {
      storage.setItem(key, value);
    },
    async remove(key) {
      storage.removeItem(key);
    },
  };
}

/** KeyValueStorage kept in memory: tests and short-lived contexts. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  snapshot(): Record<string, string>;
} {
  const values = new Map(Object.entries(initial));
  return {
    async get(key) {
      return values.get(key) ?? null;
    },
    async set(key, value) {
      values.set(key, value);
    },
    async remove(key) {
      values.delete(key);
    },
    snapshot() {
      return Object.fromEntries(values);
    },
  };
}

/** Where the refresh token lives: a cookie in the web app, chrome.storage in the extension. */
export interface RefreshTokenStore {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/** The part of `document` the cookie store needs. */
export interface CookieDocument {
  cookie: string;
}

/** The attributes of the refresh cookie: whole site, secure, same-site strict, with its lifetime. */
export function refreshCookieString(token: string, maxAgeSeconds = REFRESH_COOKIE_MAX_AGE_SECONDS): string {
  return `${REFRESH_TOKEN_KEY}=${encodeURIComponent(token)}; path=/; max-age=${maxAgeSeconds}; secure; samesite=strict`;
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value ? decodeURIComponent(value) : null;
    }
  }
  return null;
}

/** The web app's refresh token store: cookie `refresh_token`, path /, secure, SameSite=Strict, 7 days. */
export function cookieRefreshTokenStore(doc: CookieDocument = globalThis.document): RefreshTokenStore {
  return {
    async get() {
      return readCookie(doc.cookie, REFRESH_TOKEN_KEY);
    },
    async set(token) {
      doc.cookie = refreshCookieString(token);
    },
    async clear() {
      doc.cookie = refreshCookieString('', 0);
    },
  };
}

/** A refresh token store over any KeyValueStorage (the extension passes its chrome.storage adapter). */
export function storageRefreshTokenStore(
  storage: KeyValueStorage,
  key = REFRESH_TOKEN_KEY,
): RefreshTokenStore {
  return {
    get: () => storage.get(key),
    set: (token) => storage.set(key, token),
    clear: () => storage.remove(key),
  };
}
