// Offline fallback: on a network failure or a 404 an authenticated data call
// answers placeholder data chosen by the path, instead of failing.
import type { DashboardAnalytics } from '../../domain/analytics/contract';
import type { ApiEnvelope } from './types';

export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';

export type PlaceholderKey = 'profile' | 'detailed' | 'analytics' | 'history';
const PLACEHOLDER_KEYS: readonly PlaceholderKey[] = ['profile', 'detailed', 'analytics', 'history'];

/** An answer produced offline carries `offline: true` so screens can tell it from server data. */
export type OfflineAnswer = ApiEnvelope<unknown> & { offline: true };

function statsPlaceholder() {
  return {
    total_sessions: 0,
    total_time: 0,
    average_posture_score: 0,
    improvement_rate: 0,
    last_session_date: null,
  };
}

function placeholderData(key: PlaceholderKey): unknown {
  switch (key) {
    case 'profile':
      return {
        id: 'offline',
        name: 'Offline User',
        email: '',
        avatar: null,
        subscription_status: 'basic',
      };
    case 'detailed':
      return statsPlaceholder();
    case 'analytics':
      // In the analytics contract's shape, so a screen reading any field of it works offline too.
      return {
        ...statsPlaceholder(),
        daily_averages: [],
        weekly_trends: [],
        posture_distribution: { good: 0, fair: 0, poor: 0 },
        scoreTrend: [],
      } satisfies DashboardAnalytics;
    case 'history':
      return [];
  }
}

/**
 * The placeholder key of a path: its first segment that names one of profile, detailed, analytics,
 * history (so `/profile`, `/calibration/status/detailed`, `/sessions/analytics`, `/sessions/history`).
 */
export function placeholderKey(path: string): PlaceholderKey | null {
  const segments = path.split('?')[0]?.split('/').filter(Boolean) ?? [];
  for (const segment of segments) {
    if ((PLACEHOLDER_KEYS as readonly string[]).includes(segment)) return segment as PlaceholderKey;
  }
  return null;
}

export function offlineFallback(path: string): OfflineAnswer {
  const key = placeholderKey(path);
  if (!key) return { success: false, error: SERVICE_UNAVAILABLE, offline: true };
  return { success: true, data: placeholderData(key), offline: true };
}
