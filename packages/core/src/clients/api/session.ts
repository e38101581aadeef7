// Session handling: token storage, single-flight refresh, expiry.
import { REFRESH_ERRORS, SESSION_EXPIRED_ALERT } from '../../domain/http/errors';
import { type RefreshTokenStore, STORAGE_KEYS } from './storage';
import type { KeyValueStorage } from './types';

export interface SessionOptions {
  baseUrl: string;
  storage: KeyValueStorage;
  refreshTokenStore: RefreshTokenStore;
  fetch: typeof fetch;
  /** Raised once a refresh has failed (the web app shows it as an alert). */
  onSessionExpired?: (message: string) => void;
  /** Sends the user to a path (default: `location.assign`). */
  navigate?: (path: string) => void;
  /** The current page path (default: `location.pathname`). */
  currentPath?: () => string;
  /** Shares the refresh between tabs and extension pages (default: the browser's `navigator.locks`). */
  locks?: RefreshLocks;
}

/** The part of the browser's Web Locks API (`navigator.locks`) the refresh uses. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * One refresh at a time across every tab (and extension page) of the origin. Within a tab a single promise is
 * shared; across tabs the refresh token is too (cookie or chrome.storage), and a rotating token can be used once:
 * two tabs refreshing together would present it twice. The lock makes the second tab wait, then take the pair
 * the first one stored.
 */
export const REFRESH_LOCK = 'posture-vision-token-refresh';

function browserLocks(): RefreshLocks | undefined {
  const locks = (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks;
  return locks && typeof locks.request === 'function' ? locks : undefined;
}

/** Paths where an expired session is not announced: the sign-in page and the landing page. */
const QUIET_PATHS = new Set(['/login', '/']);

function defaultNavigate(path: string): void {
  globalThis.location?.assign(path);
}

function defaultCurrentPath(): string | undefined {
  return globalThis.location?.pathname;
}

export interface Session {
  getToken(): Promise<string | null>;
  storeTokens(accessToken: string, refreshToken?: string): Promise<void>;
  clear(): Promise<void>;
  /** Refreshes the access token; concurrent callers share the one refresh in flight. */
  refresh(): Promise<string>;
  /** Refresh after a rejected call; `usedToken` is the token that call carried. Expires the session on failure. */
  recover(usedToken: string | null): Promise<string>;
}

export function createSession(options: SessionOptions): Session {
  const { storage, refreshTokenStore } = options;
  let inFlight: Promise<string> | null = null;

  async function storeTokens(accessToken: string, refreshToken?: string): Promise<void> {
    await storage.set(STORAGE_KEYS.token, accessToken);
    if (refreshToken) await refreshTokenStore.set(refreshToken);
  }

  async function clear(): Promise<void> {
    await storage.remove(STORAGE_KEYS.token);
    await refreshTokenStore.clear();
  }

  async function doRefresh(): Promise<string> {
    const seen = await refreshTokenStore.get();
    const locks = options.locks ?? browserLocks();
    if (!locks) return rotate(seen);
    return locks.request(REFRESH_LOCK, async () => {
      const current = await refreshTokenStore.get();
      // Another tab rotated the pair while this one waited for the lock: its access token serves here too.
      if (seen && current && current !== seen) {
        const token = await storage.get(STORAGE_KEYS.token);
        if (token) return token;
      }
      return rotate(current);
    });
  }

  async function rotate(refreshToken: string | null): Promise<string> {
    if (!refreshToken) throw new Error(REFRESH_ERRORS.noRefreshToken);
    let response: Response;
    try {
      response = await options.fetch(`${options.baseUrl}/auth/refresh`, {
        method: 'POST',
        mode: 'cors',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch (error) {
      throw new Error(REFRESH_ERRORS.refreshFailed, { cause: error });
    }
    if (!response.ok) throw new Error(REFRESH_ERRORS.refreshFailed);
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: { access_token?: string; refresh_token?: string };
    } | null;
    const accessToken = body?.data?.access_token;
    if (!body?.success || !accessToken) throw new Error(REFRESH_ERRORS.invalidResponse);
    await storeTokens(accessToken, body.data?.refresh_token);
    return accessToken;
  }

  function refresh(): Promise<string> {
    if (!inFlight) {
      inFlight = doRefresh().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  async function expire(): Promise<void> {
    await clear();
    const path = (options.currentPath ?? defaultCurrentPath)();
    if (path !== undefined && QUIET_PATHS.has(path)) return;
    options.onSessionExpired?.(SESSION_EXPIRED_ALERT);
    (options.navigate ?? defaultNavigate)('/login');
  }

  // Several callers rejected by the same failed refresh share one expiry (one notice, one navigation).
  let expiry: { refresh: Promise<string>; done: Promise<void> } | null = null;

  async function recover(usedToken: string | null): Promise<string> {
    // Another caller already refreshed since this call was sent: just retry with the new token.
    const current = await storage.get(STORAGE_KEYS.token);
    if (current && current !== usedToken && !inFlight) return current;
    const pending = refresh();
    try {
      return await pending;
    } catch (error) {
      if (expiry?.refresh !== pending) expiry = { refresh: pending, done: expire() };
      await expiry.done;
      throw error;
    }
  }

  return {
    getToken: () => storage.get(STORAGE_KEYS.token),
    storeTokens,
    clear,
    refresh,
    recover,
  };
}
