import { failureText } from '@posture-vision/core';
import type { DeviceSession, LoginHistoryEntry, LoginStats } from '@posture-vision/core/api';
import { ApiError, errorBodyTexts } from '@posture-vision/core/api';
import { LOGIN_HISTORY_LIMIT, LOGIN_STATS_DAYS } from '@posture-vision/core/settings';
import { api } from '../../services/api';

export interface SecurityData {
  deviceSessions: DeviceSession[];
  twoFactorEnabled: boolean;
  loginHistory: LoginHistoryEntry[];
  loginStats: LoginStats | null;
}

/** A failed load is only logged; the value falls back. */
async function orFallback<T>(what: string, call: () => Promise<T | undefined>, fallback: T): Promise<T> {
  try {
    return (await call()) ?? fallback;
  } catch (error) {
    console.warn(`Failed to load ${what}`, error);
    return fallback;
  }
}

/** The four security loads, in parallel. */
export async function loadSecurityData(): Promise<SecurityData> {
  const [deviceSessions, twoFactorEnabled, loginHistory, loginStats] = await Promise.all([
    orFallback(
      'device sessions',
      async () => (await api.security.deviceSessions()).data,
      [] as DeviceSession[],
    ),
    orFallback('2FA status', async () => (await api.security.status2fa()).data?.enabled, false),
    orFallback(
      'login history',
      async () => (await api.security.loginHistory({ limit: LOGIN_HISTORY_LIMIT })).data?.history,
      [] as LoginHistoryEntry[],
    ),
    orFallback('login stats', async () => (await api.security.loginStats(LOGIN_STATS_DAYS)).data, null),
  ]);
  return {
    deviceSessions: Array.isArray(deviceSessions) ? deviceSessions : [],
    twoFactorEnabled: twoFactorEnabled === true,
    loginHistory: Array.isArray(loginHistory) ? loginHistory.slice(0, LOGIN_HISTORY_LIMIT) : [],
    loginStats,
  };
}

/** The reason shown after 'Failed to …: ': the server's own message when it gave one; a call that never reached
 * the server says so and what to do (the browser's 'Failed to fetch' alone says neither). */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) return errorBodyTexts(error.body)[0] ?? error.message;
  return failureText(error);
}

/** The settings screen's status-based client errors, e.g. 'Account deletion failed: 500'. */
export function statusFailure(byStatus: (status: number) => string, error: unknown): string {
  return error instanceof ApiError ? byStatus(error.status) : failureReason(error);
}
