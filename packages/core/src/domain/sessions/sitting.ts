// Sitting stretches and breaks, seen by the camera: pure rules over the presence a passive monitor already
// computes on every frame (somebody in view or nobody, core live/monitoring's watch), so nothing more is looked at
// while the desk is empty. A stretch is continuous presence at the desk; a break is nobody in view, or the
// camera off while the computer is idle or locked, for at least BREAK_MIN_MS. Input timers guess a break from
// the keyboard; here a person reading without typing is still sitting, and a person gone is on a break.
import { isPersonInView } from '../analysis/verdict';
import type { DetectionFrame } from '../detection/frame';
import { FEEDBACK_GAP_CAP_S } from './feedback';

/**
 * The shortest absence that is a break: 3 minutes. Sitting-break advice is to stand up and move for a few
 * minutes; a shorter absence (fetching a printout, answering the door, a word at the next desk) is not enough
 * time off the chair to reset the stretch, and a glance away or a camera that lost the shoulders for seconds
 * never comes near it.
 */
export const BREAK_MIN_MS = 3 * 60_000;

/**
 * The stand-up reminder's sitting stretch, in minutes: off, or 20-120 in steps of 10, 50 by default. 50 minutes
 * of sitting and a break is the common work rhythm of sitting-break advice (a break at least every hour);
 * under 20 minutes a reminder would come before most people settle into a task, past 2 hours it no longer
 * prevents the long sitting it is for. Steps of 10 keep the choice a short list.
 */
export const STAND_UP_MINUTES = { min: 20, max: 120, step: 10, default: 50 } as const;

/** The reminder's choices in minutes, shortest first (the controls add Off). */
export const STAND_UP_MINUTE_CHOICES: readonly number[] = Array.from(
  { length: (STAND_UP_MINUTES.max - STAND_UP_MINUTES.min) / STAND_UP_MINUTES.step + 1 },
  (_, i) => STAND_UP_MINUTES.min + i * STAND_UP_MINUTES.step,
);

/**
 * How long the reminder's Snooze postpones it: 10 minutes, time to finish what one is doing. Posture alerts
 * snooze for 30 minutes, but a stand-up reminder put off that long would double a 30-minute stretch; a break
 * taken meanwhile ends the snooze with the stretch.
 */
export const STAND_UP_SNOOZE_MS = 10 * 60_000;

/**
 * Whether a frame shows somebody at the desk: what the monitor's rate already decided (its watch: nobody, or a
 * person), or, from a producer that sends no watch, enough of a person to judge in its keypoints (the same rule).
 */
export function isSomebodyInView(frame: Pick<DetectionFrame, 'posture_watch' | 'hns'>): boolean {
  if (frame.posture_watch) return frame.posture_watch !== 'nobody';
  return frame.hns.poses.some((pose) => isPersonInView(pose));
}

/** One look at the desk: whether somebody was in view, when (the monitor's clock). */
export interface PresenceSample {
  at: number;
  present: boolean;
}

/** What the rules remember between samples (kept by the host, e.g. in the extension's storage). */
export interface SittingState {
  /** The calendar day (local) the day's figures are for. */
  day: string;
  /** When the sitting stretch going on began; null on a break or before anybody was seen. */
  since: number | null;
  /** The last sample with somebody in view. */
  lastSeenAt: number | null;
  /** Monitoring was stopped after lastSeenAt: the time since was not watched, so it is no break. */
  stopped: boolean;
  breaksToday: number;
  /** The longest sitting stretch of the day (the part of it in the day). */
  longestTodayMs: number;
  /** When the stand-up reminder came for this stretch; null before. */
  remindedAt: number | null;
  /** A snoozed reminder comes again at this time. */
  snoozedUntil: number | null;
}

function dayOf(at: number): string {
  return new Date(at).toDateString();
}

function dayStart(at: number): number {
  return new Date(at).setHours(0, 0, 0, 0);
}

export function initialSitting(at: number): SittingState {
  return {
    day: dayOf(at),
    since: null,
    lastSeenAt: null,
    stopped: false,
    breaksToday: 0,
    longestTodayMs: 0,
    remindedAt: null,
    snoozedUntil: null,
  };
}

/** The state as of `at`: on a new day the day's figures start at 0 (a stretch going on goes on). */
function forDay(state: SittingState | null | undefined, at: number): SittingState {
  if (!state) return initialSitting(at);
  if (state.day === dayOf(at)) return state;
  return { ...state, day: dayOf(at), breaksToday: 0, longestTodayMs: 0 };
}

/** The stretch ended by a break at lastSeenAt: counted, and the reminder starts over. */
function takeBreak(state: SittingState): SittingState {
  return {
    ...state,
    since: null,
    stopped: false,
    breaksToday: state.breaksToday + 1,
    remindedAt: null,
    snoozedUntil: null,
  };
}

/**
 * Adds one look at the desk. Somebody in view continues the stretch, unless nobody was seen for BREAK_MIN_MS
 * before (nobody in view, or no look at all: the camera off while the computer was idle or locked), which was a
 * break: a new stretch starts. Nobody in view for BREAK_MIN_MS is a break from that moment on (the popup shows
 * it while the person is still away). A gap after monitoring was stopped was not watched: a new stretch starts
 * after a long one, but no break is counted.
 */
export function addPresence(previous: SittingState | null | undefined, sample: PresenceSample): SittingState {
  let state = forDay(previous, sample.at);
  const away = state.lastSeenAt !== null && sample.at - state.lastSeenAt >= BREAK_MIN_MS;
  if (away && state.since !== null)
    state = state.stopped
      ? { ...state, since: null, remindedAt: null, snoozedUntil: null }
      : takeBreak(state);
  if (!sample.present) return state;
  const since = state.since ?? sample.at;
  const longest = sample.at - Math.max(since, dayStart(sample.at));
  return {
    ...state,
    since,
    lastSeenAt: sample.at,
    stopped: false,
    longestTodayMs: Math.max(state.longestTodayMs, longest),
  };
}

/** Monitoring stopped: what follows is not watched (see addPresence). */
export function stopWatching(state: SittingState | null | undefined, at: number): SittingState {
  return { ...forDay(state, at), stopped: true };
}

/** The figures the popup shows. */
export interface SittingFigures {
  /** The stretch going on, to its last look with somebody in view; null on a break or with nobody seen. */
  sittingNowMs: number | null;
  /** Nobody has been seen for a break's length (and monitoring was not stopped). */
  onBreak: boolean;
  breaksToday: number;
  longestTodayMs: number;
}

/**
 * The figures as of `now`: those of the last look, and a break when nobody has been seen since for BREAK_MIN_MS
 * (the camera off while the computer is idle or locked sends no look, and the break is still true).
 */
export function sittingFigures(state: SittingState | null | undefined, now: number): SittingFigures {
  const seen =
    state?.lastSeenAt != null && now > state.lastSeenAt
      ? addPresence(state, { at: now, present: false })
      : forDay(state, now);
  const sitting = seen.since !== null && seen.lastSeenAt !== null && !seen.stopped;
  return {
    sittingNowMs: sitting ? (seen.lastSeenAt as number) - (seen.since as number) : null,
    onBreak: !sitting && seen.lastSeenAt !== null && !seen.stopped,
    breaksToday: seen.breaksToday,
    longestTodayMs: seen.longestTodayMs,
  };
}

/**
 * Whether the stand-up reminder is due now: somebody has been sitting for the user's minutes (null: off), and it
 * has not come for this stretch yet, or its snooze is over. A break resets it (takeBreak).
 */
export function standUpDue(state: SittingState, minutes: number | null, at: number): boolean {
  if (minutes === null || state.since === null || state.lastSeenAt === null || state.stopped) return false;
  if (state.lastSeenAt - state.since < minutes * 60_000) return false;
  if (state.snoozedUntil !== null) return at >= state.snoozedUntil;
  return state.remindedAt === null;
}

/** The reminder came. */
export function reminded(state: SittingState, at: number): SittingState {
  return { ...state, remindedAt: at, snoozedUntil: null };
}

/** The reminder's Snooze: it comes again STAND_UP_SNOOZE_MS later, unless a break comes first. */
export function snoozeStandUp(state: SittingState, at: number): SittingState {
  return { ...state, snoozedUntil: at + STAND_UP_SNOOZE_MS };
}

/** A session's sitting: the breaks in it, its longest stretch and all its stretches together (the session
 * report's). */
export interface SessionSitting {
  breaks: number;
  longestStretchMs: number;
  /** Sitting time: every stretch from its first to its last look with somebody in view, added up. Time away
   * (a break, or an absence shorter than one inside a stretch after its last look) is not in it. */
  sittingMs: number;
}

/** One feedback as the sitting figures read it (its time, and its details' inView, inViewFrom, lastInViewAt). */
export interface FeedbackPresence {
  at: number;
  inView: boolean;
  /** In view since then without a break, the frames before it having sent no feedback. */
  inViewFrom?: number | null;
  /** Nobody in view now; the last frame with somebody in view was then. */
  lastInViewAt?: number | null;
}

/**
 * A session's looks at the desk from its feedback, in time order. Each feedback is a look at its own time; one
 * with somebody in view that says since when (inViewFrom: the seconds a monitor spends taking its reference send
 * no feedback) is a look then too, and one with nobody in view that says when somebody was last seen
 * (lastInViewAt: the feedback before may be a heartbeat old) is a look with somebody in view then. Without them a
 * stretch would start at the first feedback, seconds after the person sat down, and end at the last heartbeat
 * before they left, up to FEEDBACK_HEARTBEAT_MS early. A time outside the session, or on the wrong side of its
 * feedback, is not taken (inViewFrom before the session's start is taken as the start).
 */
export function presenceLooks(feedback: readonly FeedbackPresence[], start: number): PresenceSample[] {
  const looks: PresenceSample[] = [];
  for (const f of feedback) {
    const from = f.inViewFrom;
    if (f.inView && typeof from === 'number' && Number.isFinite(from) && from < f.at && f.at > start)
      looks.push({ at: Math.max(from, start), present: true });
    const lastSeen = f.lastInViewAt;
    if (
      !f.inView &&
      typeof lastSeen === 'number' &&
      Number.isFinite(lastSeen) &&
      lastSeen < f.at &&
      lastSeen >= start
    )
      looks.push({ at: lastSeen, present: true });
    looks.push({ at: f.at, present: f.inView });
  }
  return looks.sort((a, b) => a.at - b.at);
}

/**
 * A session's sitting from its looks in time order (presenceLooks), by the same rule as the day's: BREAK_MIN_MS
 * with nobody seen between two looks with somebody in view (nobody in view, or no look: the frames stopped) is a
 * break; so is the same after the last one, to the session's end. Its sitting time is its stretches added up, each
 * as the popup shows sitting now (to its last look with somebody in view); a last look with somebody in view holds
 * to the session's end when that came within FEEDBACK_GAP_CAP_S (the frames were still coming and said nothing
 * changed, as a feedback holds its posture to the end: feedback.ts). Null without any look.
 */
export function sessionSitting(samples: readonly PresenceSample[], end: number): SessionSitting | null {
  if (samples.length === 0) return null;
  let since: number | null = null;
  let last: number | null = null;
  let breaks = 0;
  let longest = 0;
  let sitting = 0;
  for (const sample of samples) {
    if (!sample.present) continue;
    if (last !== null && sample.at - last >= BREAK_MIN_MS) {
      breaks += 1;
      since = null;
    }
    // The stretch grows by the time since its last look (none for its first).
    if (since !== null && last !== null) sitting += sample.at - last;
    since ??= sample.at;
    last = sample.at;
    longest = Math.max(longest, last - since);
  }
  if (last !== null && end - last >= BREAK_MIN_MS) breaks += 1;
  const final = samples.at(-1);
  if (final?.present && since !== null && end > final.at && end - final.at <= FEEDBACK_GAP_CAP_S * 1000) {
    sitting += end - final.at;
    longest = Math.max(longest, end - since);
  }
  return { breaks, longestStretchMs: longest, sittingMs: sitting };
}

/** A typed or stored reminder setting made valid: off (null), or minutes rounded to a choice in range. */
export function normalizeStandUpMinutes(value: unknown): number | null {
  if (value === null) return null;
  const n = Number(value);
  if (value === undefined || !Number.isFinite(n)) return STAND_UP_MINUTES.default;
  const stepped = Math.round(n / STAND_UP_MINUTES.step) * STAND_UP_MINUTES.step;
  return Math.min(STAND_UP_MINUTES.max, Math.max(STAND_UP_MINUTES.min, stepped));
}
