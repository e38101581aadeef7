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
  /** The Improvement Summary's rate with fewer than two scored sessions: there is nothing to compare ("0%" was
   * shown for one session, as though it had been measured). */
  /** The Improvement Summary's consistency before any scored session: "0/100" was shown, as though measured. */
  consistencyNotYet: 'not yet, it needs a session with a score',
  improvementRateNotYet:
    'not yet, it compares your later sessions with your earlier ones (two scored sessions needed)',
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

/** The extension popup's desk days (GET /analytics/desk-days): today's and the last 7 days' figures, by the
 * analytics screen's rules (domain/analytics/figures.ts deskFigures). */
export const DESK_DAYS_TEXTS = {
  label: 'Today and the last 7 days',
  today: 'Today',
  last7Days: 'Last 7 days',
  goodPosture: 'Good posture',
  sitting: 'Sitting',
  /** A good-posture share with no time monitored. */
  noPosture: 'None yet',
  /** A sitting time with nobody seen (or only sessions that never said who was in view). */
  notSeen: 'Not seen',
  /** What the figures are of: every session on the account (the popup's ring above is this computer's monitoring
   * today), and the share of the tracked time, not-judged time included, as the analytics' Good Posture Percentage. */
  note: 'All your sessions, as the web app’s analytics count them: good posture of the time monitored.',
  loading: 'Loading…',
  /** A figure that could not be loaded (the reason is said under them). */
  none: '—',
  unavailable: 'The figures could not be loaded.',
} as const;

/** The analytics screen's Sitting and Breaks (GET /analytics/posture-trends deskDays, figures.ts deskDaysOf): each
 * day of the trends' timeframe on which a session saw who was at the desk. */
export const SITTING_TEXTS = {
  title: 'Sitting and Breaks',
  /** What is counted, and what is not: the rule of domain/sessions/sitting.ts in words. */
  note: (breakMinutes: number) =>
    `Counted while a session watched your desk: sitting is time in view, a break is nobody in view for ${breakMinutes} minutes or more. Time no session watched is neither.`,
  none: 'No sitting seen in this timeframe yet: a session (or the browser extension’s monitoring) counts it while it watches.',
  day: 'Day',
  sitting: 'Sitting',
  breaks: 'Breaks',
  longest: 'Longest stretch',
} as const;
