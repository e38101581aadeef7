// The sessions API's requests and answers, written once: the API validates and shapes with these schemas and
// the client's types (SessionReport, SessionHistoryItem, PostureFeedback ...) are inferred from them.

import { SESSION_MESSAGES } from '../../texts/sessions';
import { SESSION_MODES } from '../../texts/settings';
import { answeredTime, historyLimitQuery, isoDateTime } from '../http/fields';
import { envelope, z } from '../http/schema';

export const POSTURE_STATUSES = ['good', 'poor', 'neutral'] as const;

export const CALIBRATION_REQUIRED = SESSION_MESSAGES.calibrationRequired;

export const sessionStartRequest = z.object({
  mode: z.enum(SESSION_MODES, { error: 'mode must be active or passive.' }),
  calibrationId: z.string({ error: CALIBRATION_REQUIRED }).trim().min(1, CALIBRATION_REQUIRED).max(100),
});

/** One feedback of the feedback contract (sessions/feedback.ts): a status change or a heartbeat. */
export const feedbackRequest = z.object({
  postureStatus: z.enum(POSTURE_STATUSES, { error: 'postureStatus must be good, poor or neutral.' }),
  timestamp: isoDateTime('timestamp'),
  /** What the client saw: `score` (0–100) counts for the report, `issue` (text) names the problem. */
  details: z
    .record(z.string(), z.unknown())
    .refine((d) => JSON.stringify(d).length <= 4096, 'details must be at most 4 KB.')
    .optional(),
});

/** The end has no payload in the specification; `at: 'lastFeedback'` ends a session nobody watched since;
 * `keep: 'judged'` (a session ended by leaving its page) keeps it only when some of its time was judged good or
 * poor: one that judged nothing is no session to show in the history or the dashboard. */
export const sessionEndRequest = z.object({
  at: z.enum(['now', 'lastFeedback'], { error: 'at must be now or lastFeedback.' }).default('now'),
  keep: z.enum(['always', 'judged'], { error: 'keep must be always or judged.' }).default('always'),
});

export const sessionHistoryQuery = historyLimitQuery;

const iso = z.string();

export const sessionStarted = z.object({ id: z.string(), mode: z.string(), startTime: iso });

/** A session as history, exports and the end answer list it. */
export const sessionHistoryItem = z.object({
  id: z.string(),
  createdAt: iso,
  startTime: iso,
  /** Set when the session ended (null while it runs). */
  endTime: iso.nullable(),
  mode: z.string(),
  duration: z.number().nullable(),
  averagePostureScore: z.number().nullable(),
  averageScore: z.number().nullable(),
  stabilityIndex: z.number().nullable(),
  averageCVAngle: z.number().nullable(),
  /** Seconds in each status, as in the session's report (null for sessions ended before they were stored). */
  goodPostureTime: z.number().nullable(),
  neutralPostureTime: z.number().nullable(),
  poorPostureTime: z.number().nullable(),
  calibrationId: z.string().nullable(),
});

/**
 * GET /sessions/export: every session as history lists it, and every feedback as stored; as CSV the sessions'
 * rows, as text.
 */
export const sessionsExport = z.object({
  exportedAt: answeredTime,
  sessions: z.array(sessionHistoryItem),
  feedback: z.array(
    z.object({
      sessionId: z.string(),
      timestamp: answeredTime,
      postureStatus: z.enum(POSTURE_STATUSES),
      score: z.number(),
      /** What the client sent with it, as it sent it. */
      details: z.unknown(),
    }),
  ),
});
export const sessionsExportResponse = envelope(z.union([z.string(), sessionsExport]));

/** GET /sessions/{id}/report: what the API computes from the stored feedback. */
export const sessionReport = z.object({
  sessionId: z.string(),
  startTime: iso,
  /** null while the session runs. */
  endTime: iso.nullable(),
  /** Seconds from start to end (or to now while the session runs). */
  duration: z.number(),
  /** Time-weighted mean score of the feedback; null when none judged posture (all not judged, or none at all). */
  averageScore: z.number().nullable(),
  stabilityIndex: z.number(),
  /** Time-weighted mean of the CVA the session's feedback carried (degrees); null when none did. */
  averageCVAngle: z.number().nullable(),
  feedbackCount: z.number(),
  statusCounts: z.object({ good: z.number(), poor: z.number(), neutral: z.number() }),
  keyFindings: z.object({
    /** Seconds in each status. */
    poorPostureTime: z.number(),
    goodPostureTime: z.number(),
    neutralPostureTime: z.number(),
    frequentIssues: z.array(z.string()),
    improvementAreas: z.array(z.string()),
  }),
  /** Breaks, the longest sitting stretch and the sitting time (core's sitting rule, sitting.ts) in whole seconds,
   * from the feedback saying who was in view; null when none did (a client from before it). */
  sitting: z
    .object({ breaks: z.number(), longestStretch: z.number(), sittingTime: z.number() })
    .nullable()
    .optional(),
  timeline: z.array(
    z.object({
      timestamp: iso,
      postureStatus: z.enum(POSTURE_STATUSES),
      score: z.number(),
      issue: z.string().optional(),
    }),
  ),
});

export const sessionStartResponse = envelope(sessionStarted);
export const sessionActiveResponse = envelope(
  sessionStarted.extend({ calibrationId: z.string().nullable() }).nullable(),
);
/** The ended session; `kept` false when it was not kept (`keep: 'judged'` and nothing judged). */
export const sessionEndResponse = envelope(sessionHistoryItem.extend({ kept: z.boolean() }));
export const sessionHistoryResponse = envelope(z.array(sessionHistoryItem));
export const sessionReportResponse = envelope(sessionReport);
export const sessionExportStatsResponse = envelope(
  z.object({ totalSessions: z.number(), totalFeedbackLogs: z.number() }),
);

export type SessionMode = (typeof SESSION_MODES)[number];
export type PostureStatus = (typeof POSTURE_STATUSES)[number];
export type PostureFeedback = z.input<typeof feedbackRequest>;
export type SessionStartPayload = z.input<typeof sessionStartRequest>;
export type SessionHistoryItem = z.infer<typeof sessionHistoryItem>;
export type SessionsExport = z.infer<typeof sessionsExport>;
export type SessionReport = z.infer<typeof sessionReport>;
