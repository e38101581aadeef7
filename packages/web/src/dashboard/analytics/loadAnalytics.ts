import { unwrap } from '@posture-vision/core';
import {
  ANALYTICS_MESSAGES,
  dateFilterRange,
  HISTORY_PAGE_SIZE,
  type TrendTimeframe,
} from '@posture-vision/core/analytics';
import type {
  CalibrationProgressItem,
  PostureTrends,
  Recommendation,
  SessionHistoryItem,
  SessionInsights,
} from '@posture-vision/core/api';
import { api } from '../../services/api';

export interface AnalyticsFilters {
  /** yyyy-mm-dd or '' */
  date: string;
  /** 'all', a session mode, or 'calibration'. */
  sessionType: string;
  timeframe: TrendTimeframe;
}

export interface AnalyticsData {
  history: SessionHistoryItem[];
  calibrationProgress: CalibrationProgressItem[];
  trends: PostureTrends | null;
  recommendations: Recommendation[];
  insights: SessionInsights | null;
}

/** An optional call: on failure the warning is logged and the value falls back. */
async function optional<T>(call: () => Promise<{ success: boolean; data?: T }>, warning: string, empty: T) {
  try {
    const answer = await call();
    if (answer.success && answer.data !== undefined && answer.data !== null) return answer.data;
    console.warn(warning);
  } catch (error) {
    console.warn(warning, error);
  }
  return empty;
}

/** The analytics load: history (50) and calibration progress, with trends, recommendations and insights. */
export async function loadAnalytics(filters: AnalyticsFilters): Promise<AnalyticsData> {
  const [history, progress, trends, recommendations, insights] = await Promise.all([
    api.sessions.history(HISTORY_PAGE_SIZE),
    api.calibration.progress(dateFilterRange(filters.date)),
    optional(() => api.sessions.postureTrends(filters.timeframe), ANALYTICS_MESSAGES.trendsUnavailable, null),
    optional(
      () => api.calibration.recommendations(),
      ANALYTICS_MESSAGES.recommendationsUnavailable,
      [] as Recommendation[],
    ),
    // The insights of the trends' timeframe: both are figures of the same sessions (core analytics figures).
    optional(
      () => api.sessions.insights(undefined, filters.timeframe),
      ANALYTICS_MESSAGES.insightsUnavailable,
      null,
    ),
  ]);
  const sessions = unwrap(history, 'Failed to load session history');
  const calibrations = unwrap(progress, 'Failed to load calibration progress');
  return {
    history: Array.isArray(sessions) ? sessions : [],
    calibrationProgress: calibrations.calibrationProgress ?? [],
    trends,
    recommendations: Array.isArray(recommendations) ? recommendations : [],
    insights,
  };
}
