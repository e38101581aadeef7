// The analytics API's requests and answers, written once: the API validates and shapes with these schemas and
// the client's types (DashboardAnalytics, PostureTrends, SessionInsights) are inferred from them.
import { isoDateTime } from '../http/fields';
import { envelope, z } from '../http/schema';

/** The trends' timeframes (the analytics page's choices, TREND_TIMEFRAMES) and the days each covers. */
export const TIMEFRAME_DAYS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
const TIMEFRAMES = Object.keys(TIMEFRAME_DAYS) as (keyof typeof TIMEFRAME_DAYS)[];

export const postureTrendsQuery = z.object({ timeframe: z.enum(TIMEFRAMES).default('30d') });
/** The insights cover the days of a trends timeframe, 30 by default (the analytics screen sends its choice). */
export const sessionInsightsQuery = postureTrendsQuery;

/** A day or week whose sessions carry no feedback has averageScore null: no score beats an invented 0. */
const dailyAggregate = z.object({
  date: z.string(),
  averageScore: z.number().nullable(),
  sessionCount: z.number(),
});

export const dashboardAnalytics = z.object({
  total_sessions: z.number(),
  total_time: z.number(),
  average_posture_score: z.number(),
  improvement_rate: z.number(),
  last_session_date: z.string().nullable(),
  daily_averages: z.array(dailyAggregate),
  weekly_trends: z.array(
    z.object({ week: z.string(), averageScore: z.number().nullable(), sessionCount: z.number() }),
  ),
  /** Seconds in good, neutral (fair) and poor posture over the sessions, by the report's timestamp rule (the
   * report's rule, summed by core's analytics figures); whole seconds, like the report's keyFindings. */
  posture_distribution: z.object({ good: z.number(), fair: z.number(), poor: z.number() }),
  scoreTrend: z.array(z.number()),
});

/** One day's sitting at the desk (figures.ts deskDaysOf): seconds, and the breaks within its sessions. */
const deskDay = z.object({
  date: z.string(),
  sittingTime: z.number(),
  breaks: z.number(),
  longestStretch: z.number(),
  sessionCount: z.number(),
});

export const postureTrends = z.object({
  timeframe: z.enum(TIMEFRAMES),
  dailyAggregates: z.array(dailyAggregate),
  improvementRate: z.number(),
  /** The scored sessions the improvement rate compares; under two there is no rate to show (the rate reads 0). */
  comparedSessions: z.number().optional(),
  bestDay: z.object({ date: z.string(), score: z.number() }).nullable(),
  consistencyScore: z.number(),
  /** The timeframe's days with sitting seen, oldest first. */
  deskDays: z.array(deskDay),
});

export const sessionInsights = z.object({
  overallPatterns: z.string(),
  improvementAreas: z.array(z.string()),
  progressIndicators: z.record(z.string(), z.number()),
});

/** The desk days' request: when the asker's today began (its local midnight: the API knows no time zone). */
export const deskDaysQuery = z.object({ todayFrom: isoDateTime('todayFrom') });

/** One stretch of days' desk figures (figures.ts deskFigures). */
const deskFigures = z.object({
  sessionCount: z.number(),
  goodPosturePercentage: z.number().nullable(),
  sittingTime: z.number().nullable(),
});

/** Today's (sessions started since todayFrom) and the last 7 days' (the trends' '7d' timeframe) desk figures. */
export const deskDays = z.object({ today: deskFigures, last7Days: deskFigures });

export const dashboardAnalyticsResponse = envelope(dashboardAnalytics);
export const deskDaysResponse = envelope(deskDays);
export const postureTrendsResponse = envelope(postureTrends);
export const sessionInsightsResponse = envelope(sessionInsights);

export type PostureTrendsTimeframe = keyof typeof TIMEFRAME_DAYS;
export type DashboardAnalytics = z.infer<typeof dashboardAnalytics>;
export type PostureTrends = z.infer<typeof postureTrends>;
export type SessionInsights = z.infer<typeof sessionInsights>;
export type DeskDays = z.infer<typeof deskDays>;
