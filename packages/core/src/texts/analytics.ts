// Dashboard and analytics texts.

export const DASHBOARD_MESSAGES = {
  loadError: 'Error Loading Dashboard',
  authenticationRequired: 'Authentication Required',
  goToLogin: 'Go to Login',
  retry: 'Retry',
} as const;

export const ANALYTICS_MESSAGES = {
  title: 'Posture Analytics',
  loading: 'Loading analytics data...',
  loadError: 'Error Loading Analytics',
  trendsUnavailable: 'Posture trends not available',
  recommendationsUnavailable: 'Recommendations not available',
  insightsUnavailable: 'Session insights not available',
  noScoreData: 'No posture score data available for selected filters.',
  noCvaData: 'No CVA data available for selected filters.',
  noSessions: 'No sessions found matching your filters.',
  scoreChartTitle: 'Posture Score Over Time',
  scoreChartLabel: 'Posture Score',
  cvaChartTitle: 'CVA Over Time',
  cvaChartLabel: 'CVA Angle (°)',
} as const;

/** The insights' overall-patterns text (GET /sessions/insights, shown in the analytics screen's AI-Powered Insights). */
export const ANALYTICS_INSIGHT_TEXTS = {
  noFeedback: 'No posture feedback recorded yet. Start a real-time session to see your posture patterns.',
  summary: (sessions: number, averageScore: number, goodPercent: number) =>
    `Across ${sessions} session${sessions === 1 ? '' : 's'} your average posture score is ${averageScore}, with good posture ${goodPercent}% of the time.`,
  frequentIssue: (label: string, percent: number) =>
    `Your most frequent issue is ${label.toLowerCase()} (${percent}% of feedback).`,
  improving: (rate: number) => `Your scores are improving (+${rate}%).`,
  declining: (rate: number) => `Your scores are declining (${rate}%).`,
  steady: 'Your scores are steady.',
  workOn: (label: string) => `Work on ${label.toLowerCase()}.`,
} as const;
