// Session refresh against a real HTTP server on loopback: rotating refresh tokens, concurrent callers.
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  createMemoryStorage,
  type RefreshTokenStore,
  storageRefreshTokenStore,
} from '../../src/api';

interface ServerState {
  access: string;
  refresh: string;
  generation: number;
  refreshCalls: number;
  dataCalls: number;
  refreshMode: 'ok' | 'fail' | 'invalid';
  alwaysReject: boolean;
  /** Data requests answered 401 so far. */
  rejections: number;
  /** Hold each refresh until this many data requests were rejected, so they all fail while it is in flight. */
  holdRefreshUntil: number;
}

const state: ServerState = {
  access: '',
  refresh: '',
  generation: 0,
  refreshCalls: 0,
  dataCalls: 0,
  refreshMode: 'ok',
  alwaysReject: false,
  rejections: 0,
  holdRefreshUntil: 0,
};
/** The server's events: 'rejected' (a data request answered 401), 'refreshed', 'slow-received'. */
const events = new EventEmitter();

function rotate() {
  state.generation += 1;
  state.access = `access-${state.generation}`;
  state.refresh = `refresh-${state.generation}`;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : {};
}

async function rejectionsReached(count: number) {
  while (state.rejections < count) await once(events, 'rejected');
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/auth/refresh' && req.method === 'POST') {
      state.refreshCalls += 1;
      const body = await readJson(req);
      await rejectionsReached(state.holdRefreshUntil); // keep the refresh in flight while other callers fail
      if (state.refreshMode === 'fail' || body.refresh_token !== state.refresh) {
        return json(res, 401, { success: false, error: { message: 'Invalid refresh token' } });
      }
      if (state.refreshMode === 'invalid') return json(res, 200, { success: true, data: {} });
      rotate();
      events.emit('refreshed');
      return json(res, 200, {
        success: true,
        data: { access_token: state.access, refresh_token: state.refresh },
      });
    }
    if (url.pathname === '/sessions/history' || url.pathname === '/slow/history') {
      state.dataCalls += 1;
      const bearer = req.headers.authorization;
      if (url.pathname === '/slow/history' && bearer !== `Bearer ${state.access}`) {
        // Answer a stale token only after another caller's refresh replaced it.
        const refreshed = once(events, 'refreshed');
        events.emit('slow-received');
        await refreshed;
      }
      if (state.alwaysReject || bearer !== `Bearer ${state.access}`) {
        state.rejections += 1;
        events.emit('rejected');
        return json(res, 401, { success: false, error: { message: 'Token expired' } });
      }
      return json(res, 200, { success: true, data: [{ id: 's1', generation: state.generation }] });
    }
    if (url.pathname === '/forbidden-expired') {
      if (req.headers.authorization !== `Bearer ${state.access}`) {
        return json(res, 403, { detail: 'Session expired' });
      }
      return json(res, 200, { success: true, data: 'ok' });
    }
    json(res, 404, { detail: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function setup(options: { path?: string; refreshToken?: string | null } = {}) {
  rotate();
  const staleAccess = 'access-stale';
  const storage = createMemoryStorage({ token: staleAccess });
  const refreshStore: RefreshTokenStore = storageRefreshTokenStore(createMemoryStorage());
  const notices: string[] = [];
  const navigations: string[] = [];
  const ready =
    options.refreshToken === null
      ? Promise.resolve()
      : refreshStore.set(options.refreshToken ?? state.refresh);
  const api = createApiClient({
    baseUrl,
    storage,
    refreshTokenStore: refreshStore,
    onSessionExpired: (message) => notices.push(message),
    navigate: (path) => navigations.push(path),
    currentPath: () => options.path ?? '/dashboard',
    offlineFallback: false,
  });
  return { api, storage, refreshStore, notices, navigations, ready };
}

beforeEach(() => {
  state.refreshCalls = 0;
  state.dataCalls = 0;
  state.refreshMode = 'ok';
  state.alwaysReject = false;
  state.rejections = 0;
  state.holdRefreshUntil = 0;
});

describe('token refresh against a real server', () => {
  it('five concurrent callers with an expired token share exactly one refresh and all succeed', async () => {
    const { api, storage, refreshStore, ready } = setup();
    await ready;
    state.holdRefreshUntil = 5;
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.sessions.history(5)));
    expect(state.refreshCalls).toBe(1);
    expect(state.dataCalls).toBe(10); // five rejected, five retried
    for (const answer of answers)
      expect(answer).toEqual({ success: true, data: [{ id: 's1', generation: state.generation }] });
    expect(await storage.get('token')).toBe(state.access);
    expect(await refreshStore.get()).toBe(state.refresh); // rotated refresh token stored
  });

  it('a caller rejected after another caller already refreshed retries without a second refresh', async () => {
    const { api, ready } = setup();
    await ready;
    const received = once(events, 'slow-received');
    const slow = api.request('/slow/history');
    await received;
    const fast = api.sessions.history();
    const [slowAnswer, fastAnswer] = await Promise.all([slow, fast]);
    expect(state.refreshCalls).toBe(1);
    expect((slowAnswer as { success: boolean }).success).toBe(true);
    expect(fastAnswer.success).toBe(true);
  });

  it('a failed refresh clears token and refresh token, announces expiry once and goes to /login', async () => {
    const { api, storage, refreshStore, notices, navigations, ready } = setup();
    await ready;
    state.refreshMode = 'fail';
    state.holdRefreshUntil = 3;
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => api.sessions.history()));
    expect(state.refreshCalls).toBe(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
      expect(((reason as ApiError).cause as Error).message).toBe('Token refresh failed');
    }
    expect(await storage.get('token')).toBeNull();
    expect(await refreshStore.get()).toBeNull();
    expect(notices).toEqual(['Your session has expired. Please log in again.']);
    expect(navigations).toEqual(['/login']);
  });

  it.each(['/login', '/'])(
    'on %s a failed refresh clears the tokens but neither announces nor navigates',
    async (path) => {
      const { api, storage, notices, navigations, ready } = setup({ path });
      await ready;
      state.refreshMode = 'fail';
      await expect(api.sessions.history()).rejects.toBeInstanceOf(ApiError);
      expect(await storage.get('token')).toBeNull();
      expect(notices).toEqual([]);
      expect(navigations).toEqual([]);
    },
  );

  it('retries at most once after a refresh', async () => {
    const { api, ready } = setup();
    await ready;
    state.alwaysReject = true;
    await expect(api.sessions.history()).rejects.toMatchObject({ status: 401 });
    expect(state.refreshCalls).toBe(1);
    expect(state.dataCalls).toBe(2);
  });

  it('an error whose detail mentions expiry triggers the refresh too (not only 401)', async () => {
    const { api, ready } = setup();
    await ready;
    const answer = await api.request('/forbidden-expired');
    expect(answer).toEqual({ success: true, data: 'ok' });
    expect(state.refreshCalls).toBe(1);
  });

  it("refresh() without a refresh token fails with 'No refresh token available' and sends nothing", async () => {
    const { api } = setup({ refreshToken: null });
    await expect(api.auth.refresh()).rejects.toThrow('No refresh token available');
    expect(state.refreshCalls).toBe(0);
  });

  it("a rejected refresh fails with 'Token refresh failed'", async () => {
    const { api, ready } = setup({ refreshToken: 'refresh-unknown' });
    await ready;
    await expect(api.auth.refresh()).rejects.toThrow('Token refresh failed');
  });

  it("a refresh answer without access_token fails with 'Invalid refresh response'", async () => {
    const { api, ready } = setup();
    await ready;
    state.refreshMode = 'invalid';
    await expect(api.auth.refresh()).rejects.toThrow('Invalid refresh response');
  });

  it('concurrent refresh() calls share one request', async () => {
    const { api, ready } = setup();
    await ready;
    const tokens = await Promise.all([api.auth.refresh(), api.auth.refresh(), api.auth.refresh()]);
    expect(state.refreshCalls).toBe(1);
    expect(new Set(tokens)).toEqual(new Set([state.access]));
  });
});
