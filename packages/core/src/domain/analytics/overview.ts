// The dashboard overview's status mapping: what the four metric cards and the badge say.
// Analytics of the user's calibration and sessions, shown on the dashboard.

export const DASHBOARD_THRESHOLDS = { sessionScore: 75, stability: 70, initialScore: 75 } as const;

/** Calibration card: 'Active' / 'Good' with an active calibration, else 'Needs Calibration' / 'Action Required'. */
export function calibrationCardStatus(hasActive: boolean): { value: string; label: string } {
  return hasActive
    ? { value: 'Active', label: 'Good' }
    : { value: 'Needs Calibration', label: 'Action Required' };
}

/** The badge next to the user's name. */
export function calibrationBadge(hasActive: boolean): 'Calibrated' | 'Needs Calibration' {
  return hasActive ? 'Calibrated' : 'Needs Calibration';
}

/** Recent session score: 'Good' above 75, else 'Needs Improvement'. */
export function sessionScoreLabel(score: number): 'Good' | 'Needs Improvement' {
  return score > DASHBOARD_THRESHOLDS.sessionScore ? 'Good' : 'Needs Improvement';
}

/** Stability index: 'Stable' above 70, else 'Improving'. */
export function stabilityLabel(stability: number): 'Stable' | 'Improving' {
  return stability > DASHBOARD_THRESHOLDS.stability ? 'Stable' : 'Improving';
}

/** Initial posture score: 'Good Alignment' above 75, else 'Needs Work'. */
export function initialScoreLabel(score: number): 'Good Alignment' | 'Needs Work' {
  return score > DASHBOARD_THRESHOLDS.initialScore ? 'Good Alignment' : 'Needs Work';
}

/** The dashboard shows 7 days. */
export const DASHBOARD_DAYS = 7;

/**
 * The calibration card's expiry line (the dashboard reads daysUntilExpiry): the API counts whole days
 * left by the recalibration frequency; null with an active calibration means the frequency is "never".
 */
export function calibrationExpiryText(
  hasActive: boolean,
  daysUntilExpiry: number | null | undefined,
): string {
  if (!hasActive) return daysUntilExpiry === 0 ? 'Calibration expired' : '';
  if (daysUntilExpiry === null || daysUntilExpiry === undefined) return 'Never expires';
  return `Expires in ${daysUntilExpiry} day${daysUntilExpiry === 1 ? '' : 's'}`;
}

/**
 * The session the Recent Session Score and Stability cards read: the newest finished one (history is newest
 * first). A running session — the extension's passive session stays open all day — has no score or stability
 * yet, and reading it made both cards say N/A. Items without `endTime` (older answers) count as finished once
 * they carry a score.
 */
export function newestFinishedSession<
  T extends { endTime?: string | null; averagePostureScore?: number | null },
>(sessions: readonly T[]): T | undefined {
  return sessions.find((s) =>
    s.endTime !== undefined ? s.endTime !== null : (s.averagePostureScore ?? null) !== null,
  );
}
