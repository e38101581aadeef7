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

/** Why a feedback was sent: the posture changed, nothing changed and the heartbeat came due, or the frames stopped
 * ('stop': the host let go of the session — monitoring paused, the session taken over by another tab — and says
 * when it saw its last frame, so the time after it is not counted as the posture before it). */
export type FeedbackKind = 'change' | 'heartbeat' | 'stop';

/** The kind of the feedback that says the frames stopped: it holds no time of its own (the API's sessions/report.ts). */
export const FRAMES_STOPPED: FeedbackKind = 'stop';

/**
 * A client sends a feedback on every change of status or issue and, while nothing changes, one every
 * FEEDBACK_HEARTBEAT_MS, so the API can tell "still good" from "the client went silent". 5 s keeps a report's
 * times within 5 s of the truth at 12 small requests a minute per user.
 */
export const FEEDBACK_HEARTBEAT_MS = 5_000;

/**
 * The longest a client that still sees frames waits past a due heartbeat: the heartbeat goes with the first frame
 * after it is due. Frames come every second or faster while someone is judged (the steady rate; the one slower
 * rate, a frame every 3 s, is for nobody in view, which is not judged anyway), but the vision service on a busy
 * 2-core machine was seen taking 3.7 s between two frames (heartbeats 8.7 s apart, 2026-12-02): 5 s, so that a
 * slow machine's judged time is not dropped as a silence.
 */
export const HEARTBEAT_SLACK_MS = 5_000;

/**
 * A feedback holds until the next one (or the session's end) only when that came within this: a client seeing
 * frames speaks at least this often (a heartbeat and its slack). A longer silence means the frames stopped at some
 * point after the feedback (a reload, a closed tab, the camera off, a machine asleep, the network down), and when
 * is not known: none of that silence is counted as good or poor — time without frames is never posture time. It is
 * not judged, as the time before the first feedback is. Older sessions, whose clients sent feedback on changes
 * only, are counted the same way.
 */
export const FEEDBACK_GAP_CAP_S = (FEEDBACK_HEARTBEAT_MS + HEARTBEAT_SLACK_MS) / 1000;

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
  /** Whether somebody was in view (core's sitting rule, sitting.ts): the report's breaks and longest stretch. */
  inView?: boolean;
  /** On a feedback with somebody in view: in view without a break since then (ISO time), the frames before it
   * sent no feedback (the reference being taken). A look of its own for the sitting figures (sitting.ts). */
  inViewFrom?: string;
  /** On a feedback with nobody in view: the last frame that had somebody in view (ISO time), later than the
   * feedback before. A look of its own for the sitting figures (sitting.ts). */
  lastInViewAt?: string;
  [key: string]: unknown;
}

/**
 * Until when (ms) a feedback stamped `at` holds, the next one (or the session's end) being at `next`: until then
 * when the client spoke again within FEEDBACK_GAP_CAP_S, else not at all (the frames stopped somewhere in the
 * silence); a feedback saying the frames stopped (FRAMES_STOPPED) holds nothing. The report's times and the
 * report's timeline strip both read it.
 */
export function feedbackHeldUntil(at: number, next: number, kind?: unknown): number {
  if (kind === FRAMES_STOPPED) return at;
  return next - at <= FEEDBACK_GAP_CAP_S * 1000 ? Math.max(next, at) : at;
}
