import { unwrap } from '@posture-vision/core';
import type {
  CalibrationStatus,
  DashboardAnalytics,
  Profile,
  SessionHistoryItem,
} from '@posture-vision/core/api';
import { DASHBOARD_HISTORY_LIMIT } from '@posture-vision/core/sessions';
import { api } from '../../services/api';
import { firstOfLastDays } from './week-summary';

/** A history item as the overview reads it: the session summary also carries averageScore and stabilityIndex. */
export type SessionSummary = SessionHistoryItem & {
  averageScore?: number | null;
  stabilityIndex?: number | null;
};

export interface OverviewData {
  profile: Profile;
  calibration: CalibrationStatus;
  analytics: DashboardAnalytics | null;
  sessions: SessionSummary[];
}

/** The dashboard's load: profile, calibration status, the last 7 days' analytics and the 5 latest sessions, in
 * parallel. */
export async function loadOverview(): Promise<OverviewData> {
  const [profile, calibration, analytics, history] = await Promise.all([
    api.profile.get(),
    api.calibration.statusDetailed(),
    api.sessions.analytics({ startDate: firstOfLastDays(new Date()) }),
    api.sessions.history(DASHBOARD_HISTORY_LIMIT),
  ]);
  return {
    profile: unwrap(profile, 'Failed to load profile'),
    calibration: unwrap(calibration, 'Failed to load calibration status'),
    analytics: analytics.success ? (analytics.data ?? null) : null,
    sessions: unwrap(history, 'Failed to load sessions') as SessionSummary[],
  };
}
