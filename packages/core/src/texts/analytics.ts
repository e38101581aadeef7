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
