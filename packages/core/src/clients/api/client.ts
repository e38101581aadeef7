// createApiClient: one typed function per call the web app and the extension make.

import {
  ApiError,
  failureText,
  httpErrorMessage,
  NetworkError,
  shouldRefreshSession,
} from '../../domain/http/errors';
import { mlAnalysisError, mlBatchAnalysisError } from '../../texts/calibration';
import { offlineFallback, placeholderKey } from './offline';
import { createSession, type RefreshLocks } from './session';
import { type RefreshTokenStore, STORAGE_KEYS } from './storage';
import type { ApiClient, KeyValueStorage, Profile } from './types';
import { LOCAL_VISION_HTTP_URL } from './urls';

export interface ApiClientOptions {
  /** API base, from `resolveApiBaseUrl`. */
  baseUrl: string;
  /** Vision service HTTP base (photo analysis), from `resolveVisionUrls`. Default `http://localhost:8001`. */
  visionUrl?: string;
  /** Holds `token` and `adminToken`: `localStorageAdapter()` in the web app. */
  storage: KeyValueStorage;
  /** Holds the refresh token: `cookieRefreshTokenStore()` in the web app, chrome.storage in the extension. */
  refreshTokenStore: RefreshTokenStore;
  fetch?: typeof fetch;
  /** Called with 'Your session has expired. Please log in again.' when a refresh fails. */
  onSessionExpired?: (message: string) => void;
  /** Default `location.assign`; the extension passes its own. */
  navigate?: (path: string) => void;
  /** Default `location.pathname`. */
  currentPath?: () => string;
  /** Network failure or 404 on an authenticated data call answers placeholder data (default true). */
  offlineFallback?: boolean;
  /** Shares token refresh between tabs (default `navigator.locks`; see session.ts). */
  locks?: RefreshLocks;
  /** Where failures that are "only logged" go (default console). Never receives tokens. */
  logger?: { warn(message: string, error?: unknown): void };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  method?: Method;
  json?: unknown;
  form?: FormData;
  query?: Query;
  /** Carries the bearer token; a rejected token triggers one refresh and one retry. */
  auth?: boolean;
  /** Skip the refresh-and-retry (logout). */
  noRetry?: boolean;
  /** Network failure or 404 answers the offline placeholder. */
  fallback?: boolean;
  /** The request outlives the page (sent as it is being left: a reload, a closed tab). */
  keepalive?: boolean;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Reads a body as JSON when the content type says so, else as text. */
export async function readBody(response: Response): Promise<{ body: unknown; text: string }> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (!/json/i.test(type)) return { body: text, text };
  if (!text) return { body: null, text };
  try {
    return { body: JSON.parse(text), text };
  } catch {
    return { body: text, text };
  }
}

/** Profile fields as the screens read them: either spelling, birthday's date part. */
export function normalizeProfile(raw: Record<string, unknown>): Profile {
  const text = (...keys: string[]): string => {
    for (const key of keys) if (typeof raw[key] === 'string') return raw[key] as string;
    return '';
  };
  const picture = raw.profilePicture ?? raw.profile_picture ?? raw.avatar;
  // The offline placeholder profile has one `name`: its first word is the first name, the rest the last.
  const [first = '', ...rest] = typeof raw.name === 'string' ? raw.name.trim().split(/\s+/) : [];
  return {
    ...(typeof raw.id === 'string' || typeof raw.id === 'number' ? { id: String(raw.id) } : {}),
    firstName: text('firstName', 'first_name') || first,
    lastName: text('lastName', 'last_name') || rest.join(' '),
    email: text('email'),
    birthday: text('birthday').split('T')[0] ?? '',
    phoneNumber: text('phoneNumber', 'phone'),
    profilePicture: typeof picture === 'string' ? picture : null,
    ...(typeof raw.createdAt === 'string' ? { createdAt: raw.createdAt } : {}),
  };
}

export type ConfiguredApiClient = ApiClient & {
  readonly baseUrl: string;
  readonly visionUrl: string;
  /** Any other call through the same session handling (authenticated data call by default). */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
};

export function createApiClient(options: ApiClientOptions): ConfiguredApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const visionUrl = (options.visionUrl ?? LOCAL_VISION_HTTP_URL).replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const logger = options.logger ?? console;
  const fallbackEnabled = options.offlineFallback ?? true;
  const { storage } = options;
  const session = createSession({ ...options, baseUrl, fetch: doFetch });

  async function send(base: string, path: string, opts: RequestOptions, retried: boolean): Promise<unknown> {
    const method = opts.method ?? 'GET';
    const token = opts.auth ? await session.getToken() : null;
    const headers: Record<string, string> = {};
    // Only a JSON body is labelled JSON: servers refuse an empty body that claims to be JSON.
    if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${base}${withQuery(path, opts.query)}`, {
        method,
        mode: 'cors',
        credentials: 'include',
        headers,
        body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const { body, text } = await readBody(response);
    if (response.ok) return body;
    const failure = new ApiError(httpErrorMessage(method, body, text), response.status, body);
    if (opts.auth && !opts.noRetry && !retried && shouldRefreshSession(response.status, body)) {
      try {
        await session.recover(token);
      } catch (refreshError) {
        throw Object.assign(failure, { cause: refreshError });
      }
      return send(base, path, opts, true);
    }
    throw failure;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    try {
      return (await send(baseUrl, path, opts, false)) as T;
    } catch (error) {
      // The placeholder stands in for reads only: a write that did not reach the server must say so (a profile
      // save, an avatar or an account deletion "succeeding" offline would be a lie). A 404 falls back only on a
      // path with placeholder data (a missing endpoint); a 404 of a real resource (an unknown session) is "not
      // found", not "Service temporarily unavailable".
      const read = (opts.method ?? 'GET') === 'GET';
      const unreachable = error instanceof NetworkError;
      const missing = error instanceof ApiError && error.status === 404 && placeholderKey(path) !== null;
      if (opts.fallback && fallbackEnabled && read && (unreachable || missing))
        return offlineFallback(path) as T;
      throw error;
    }
  }

  /** An authenticated data call of the dashboard: bearer, refresh-and-retry, offline fallback. */
  function authed<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    return request<T>(path, { auth: true, fallback: true, ...opts });
  }

  async function visionPost<T>(path: string, json: unknown, failure: (status: number) => string): Promise<T> {
    let response: Response;
    try {
      // No authorization and no cookies: the photo service is open.
      response = await doFetch(`${visionUrl}${path}`, {
        method: 'POST',
        mode: 'cors',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      });
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const { body } = await readBody(response);
    if (!response.ok) throw new ApiError(failure(response.status), response.status, body);
    return body as T;
  }

  async function storeLoginToken<T extends { accessToken?: string; refreshToken?: string }>(
    answer: T,
    key: string,
  ): Promise<T> {
    if (answer && typeof answer === 'object' && answer.accessToken) {
      if (key === STORAGE_KEYS.token) await session.storeTokens(answer.accessToken, answer.refreshToken);
      else await storage.set(key, answer.accessToken);
    }
    return answer;
  }

  const client: ApiClient = {
    auth: {
      async login(payload) {
        const answer = await request<{ accessToken?: string; refreshToken?: string; success: boolean }>(
          '/auth/login',
          { method: 'POST', json: payload },
        );
        return storeLoginToken(answer, STORAGE_KEYS.token);
      },
      googleSignInUrl: () => `${baseUrl}/auth/google`,
      register: (payload) => request('/auth/register', { method: 'POST', json: payload }),
      refresh: () => session.refresh(),
      async logout() {
        try {
          await request('/auth/logout', { method: 'POST', json: {}, auth: true, noRetry: true });
        } catch (error) {
          logger.warn('Logout call failed', error);
        } finally {
          await session.clear();
        }
      },
      resendVerification: (email) =>
        request('/auth/resend-verification', { method: 'POST', json: { email } }),
      async adminLogin(payload) {
        const answer = await request<{ accessToken?: string; success: boolean }>('/auth/admin/login', {
          method: 'POST',
          json: payload,
        });
        return storeLoginToken(answer, STORAGE_KEYS.adminToken);
      },
      async extensionHandoff() {
        // The refresh token goes in the body, so a retry after a refresh must read it again: one refresh at most.
        const ask = async () =>
          request<{ data?: { code?: unknown } }>('/auth/sessions/extension/handoff', {
            method: 'POST',
            json: { refresh_token: (await options.refreshTokenStore.get()) ?? undefined },
            auth: true,
            noRetry: true,
          });
        if (!(await session.getToken()) || !(await options.refreshTokenStore.get())) return null;
        let answer: { data?: { code?: unknown } };
        try {
          answer = await ask();
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 401) return null;
          try {
            await session.refresh();
            answer = await ask();
          } catch {
            return null;
          }
        }
        return typeof answer?.data?.code === 'string' ? answer.data.code : null;
      },
      storeTokens: (accessToken, refreshToken) => session.storeTokens(accessToken, refreshToken),
      async isAuthenticated() {
        return Boolean(
          (await storage.get(STORAGE_KEYS.token)) || (await storage.get(STORAGE_KEYS.adminToken)),
        );
      },
      getToken: () => session.getToken(),
      getAdminToken: () => storage.get(STORAGE_KEYS.adminToken),
    },
    password: {
      forgot: (email) => request('/password/forgot-password', { method: 'POST', json: { email } }),
      reset: (payload) => request('/password/reset-password', { method: 'POST', json: payload }),
      change: (payload) => request('/password/change', { method: 'POST', json: payload, auth: true }),
    },
    profile: {
      async get() {
        const answer = await authed<Awaited<ReturnType<ApiClient['profile']['get']>> & { offline?: true }>(
          '/profile',
        );
        // The offline placeholder is normalised too: screens read firstName and lastName, never `name`.
        if (answer?.success && answer.data)
          return { ...answer, data: normalizeProfile(answer.data as unknown as Record<string, unknown>) };
        return answer;
      },
      update: (payload) => authed('/profile', { method: 'POST', json: payload }),
      remove: () => authed('/profile', { method: 'DELETE' }),
      saveSettings: (settings) => authed('/profile/settings', { method: 'PUT', json: settings }),
      uploadAvatar(file, fileName) {
        const form = new FormData();
        form.append('avatar', file, fileName ?? 'avatar');
        return authed('/profile/avatar', { method: 'POST', form });
      },
      alertPreferences: () => request('/profile/alert-preferences', { auth: true }),
      saveAlertPreferences: (preferences) =>
        request('/profile/alert-preferences', { method: 'PUT', json: preferences, auth: true }),
      exportData: (format) => authed('/profile/export', { method: 'POST', query: { format } }),
      exportStats: () => authed('/profile/export/stats'),
    },
    calibration: {
      statusDetailed: () => authed('/calibration/status/detailed'),
      history: () => authed('/calibration/history'),
      create: (payload) => authed('/calibration', { method: 'POST', json: payload }),
      recalibrationCheck: () => authed('/calibration/recalibration/check'),
      processMl: (id) => authed(`/calibration/${encodeURIComponent(id)}/process-ml`, { method: 'POST' }),
      mlTestConnection: () => authed('/calibration/ml/test-connection'),
      active: () => authed('/calibration/active'),
      recommendations: () => authed('/calibration/recommendations'),
      progress: (range) => authed('/calibration/progress', { query: { ...range } }),
      profiles: {
        list: () => request('/calibration/profiles', { auth: true }),
        create: (payload) => request('/calibration/profiles', { method: 'POST', json: payload, auth: true }),
        update: (id, payload) =>
          request(`/calibration/profiles/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            json: payload,
            auth: true,
          }),
        activate: (id) =>
          request(`/calibration/profiles/${encodeURIComponent(id)}/activate`, { method: 'POST', auth: true }),
        remove: (id) =>
          request(`/calibration/profiles/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
      },
    },
    photoAnalysis: {
      analyze: (payload) => visionPost('/calibration/analyze', payload, mlAnalysisError),
      batchAnalyze: (payload) => visionPost('/calibration/batch-analyze', payload, mlBatchAnalysisError),
    },
    sessions: {
      start: (payload) => authed('/sessions/start', { method: 'POST', json: payload }),
      end: (id, options) =>
        authed(`/sessions/${encodeURIComponent(id)}/end`, {
          method: 'POST',
          ...(options ? { json: options } : {}),
        }),
      active: () => authed('/sessions/active'),
      async feedback(id, payload, options) {
        try {
          await request(`/sessions/${encodeURIComponent(id)}/feedback`, {
            method: 'POST',
            json: payload,
            auth: true,
            ...(options?.keepalive ? { keepalive: true } : {}),
          });
          return { sent: true };
        } catch (error) {
          logger.warn('Posture feedback not sent', error);
          return {
            sent: false,
            status: error instanceof ApiError ? error.status : null,
            message: failureText(error),
          };
        }
      },
      report: (id) => authed(`/sessions/${encodeURIComponent(id)}/report`),
      analytics: (range) => authed('/sessions/analytics', { query: { ...range } }),
      history: (limit = 10) => authed('/sessions/history', { query: { limit } }),
      exportData: (format) => authed('/sessions/export', { query: { format } }),
      exportStats: () => authed('/sessions/export/stats'),
      insights: (id, timeframe) =>
        id
          ? authed(`/sessions/${encodeURIComponent(id)}/insights`)
          : authed('/sessions/insights', timeframe ? { query: { timeframe } } : {}),
      postureTrends: (timeframe = '30d') => authed('/analytics/posture-trends', { query: { timeframe } }),
      deskDays: (todayFrom) =>
        authed('/analytics/desk-days', { query: { todayFrom: todayFrom.toISOString() } }),
    },
    security: {
      deviceSessions: () => authed('/auth/sessions'),
      logoutAllDevices: () => authed('/auth/sessions/all', { method: 'DELETE' }),
      setup2fa: () => authed('/auth/2fa/setup', { method: 'POST', json: {} }),
      enable2fa: (token) => authed('/auth/2fa/enable', { method: 'POST', json: { token } }),
      disable2fa: (token) =>
        authed('/auth/2fa/disable', {
          method: 'POST',
          json: typeof token === 'string' ? { token } : { recoveryCode: token.recoveryCode },
        }),
      verify2fa: (token) => authed('/auth/2fa/verify', { method: 'POST', json: { token } }),
      status2fa: () => authed('/auth/2fa/status'),
      regenerateRecoveryCodes: (token) =>
        authed('/auth/2fa/recovery-codes', { method: 'POST', json: { token } }),
      loginHistory: (query) => authed('/auth/login-history', { query: { ...query } }),
      loginStats: (days = 30) => authed('/auth/login-history/stats', { query: { days } }),
    },
    demo: {
      sampleReport: (payload) => request('/demo/sample-report', { method: 'POST', json: payload }),
    },
  };
  return Object.assign(client, { baseUrl, visionUrl, request: authed });
}
