// The posture-feedback contract between the clients (web app, extension) and the API (the specification:
// "Posture feedback is sent on every posture update"). The clients own when feedback is sent; the API turns the
// stored feedback into session times, scores and stability. Both sides read the constants below, so a report's
// figures can be traced to one rule.

/** What a poor posture is about, as data. The specification names the first three; the analysis also knows a
 * slouch (head and shoulders dropped) and leaning in (the whole upper body towards the camera). */
export const POSTURE_ISSUES = [
  'forward_head',
  'shoulder_asymmetry',
  'tilt',
  'slouch',
  'leaning_in',
  'leaning_back',
  'leaning_sideways',
] as const;
export type PostureIssue = (typeof POSTURE_ISSUES)[number];

/** Why a feedback was sent: the posture changed, or nothing changed and the heartbeat came due. */
export type FeedbackKind = 'change' | 'heartbeat';

/**
 * A client sends a feedback on every change of status or issue and, while nothing changes, one every
 * FEEDBACK_HEARTBEAT_MS, so the API can tell "still good" from "the client went silent". 5 s keeps a report's
 * times within 5 s of the truth at 12 small requests a minute per user.
 */
export const FEEDBACK_HEARTBEAT_MS = 5_000;

/**
 * A feedback holds until the next one (or the session's end), but no longer than this: a longer silence means the
 * client stopped (tab closed, machine asleep, network down) and is not counted as posture time. Three missed
 * heartbeats; older sessions, whose clients sent feedback on changes only, are capped the same way.
 */
export const FEEDBACK_GAP_CAP_S = 3 * (FEEDBACK_HEARTBEAT_MS / 1000);

/**
 * A status run shorter than this is a wobble, not a held posture: two heartbeats (2 × FEEDBACK_HEARTBEAT_MS), so
 * one stray frame classified differently cannot make a run "steady", while a posture held for a breath can. The
 * stability index is the share of tracked time spent in runs at least this long (the API's sessions/report.ts).
 */
export const STEADY_RUN_S = 2 * (FEEDBACK_HEARTBEAT_MS / 1000);

/** The `details` of one feedback. Old clients send only `type` and `issue`; every other field is optional. */
export interface FeedbackDetails {
  /** 'realtime' from the web app's session page, 'passive' from the extension. */
  type?: 'realtime' | 'passive' | string;
  kind?: FeedbackKind;
  issue?: PostureIssue | string;
  /** 0–100, the client's posture score at that moment (see the rule where the monitor computes it). */
  score?: number;
  /** Degrees: the cranial vertebral angle in force (from the active calibration; a front camera cannot
   * measure it live). */
  cva?: number;
  deviationLevel?: 'mild' | 'moderate' | 'severe';
  /** 0–1 */
  confidence?: number;
  [key: string]: unknown;
}
