// The posture monitor: one workflow for the web app's real-time session page and the extension's passive
// monitoring, which differ only in their host (a page, an offscreen document). From each detection frame it
// takes the verdict core's analysis decided (never the display text), keeps the reference, and sends the
// session's feedback by the contract of feedback.ts: on every change of status or issue, and a heartbeat every
// FEEDBACK_HEARTBEAT_MS while nothing changes. It also checks the calibration, starts and ends the session.
// Each frame is judged once, by its producer (the vision service's peer or the on-device detector), against
// one reference: a calibration profile's reference adopted here is handed to the producer (host.setReference),
// so switching profile switches what the producer judges against; the monitor never judges keypoints itself.
// It says when the reference has gone stale (stale-calibration.ts). Hosts run it inside the live loop
// (live-loop.ts), which feeds it each frame once and is its setReference.

import type { ApiClient, Calibration, PostureFeedback, SessionMode } from '../../clients/api/types';
import type { LiveLinkState } from '../../clients/live/link';
import { isPersonInView } from '../../domain/analysis/verdict';
import type { ProfileReference } from '../../domain/calibration/profiles';
import type { DetectionFrame, PostureVerdict } from '../../domain/detection/frame';
import { frameVerdict } from '../../domain/detection/verdict';
import { envelopeMessage } from '../../domain/http/answer';
import { savedReferenceProblem } from '../../domain/live/calibration-problems';
import {
  FEEDBACK_HEARTBEAT_MS,
  type FeedbackDetails,
  type FeedbackKind,
  FRAMES_STOPPED,
} from '../../domain/sessions/feedback';
import { isSomebodyInView } from '../../domain/sessions/sitting';
import {
  INITIAL_STALE_STATE,
  isCalibrationStale,
  type StaleState,
  stepStale,
} from '../../domain/sessions/stale-calibration';
import { countsAsPoor, type Sensitivity } from '../../domain/settings/alert-preferences';
import { LIVE_MESSAGES } from '../../texts/live';
import { SESSION_MESSAGES } from '../../texts/sessions';

/**
 * The posture score (0–100) a feedback carries, from the verdict. Good posture is 100. A poor posture loses 20
 * points per level step below good: mild 60, moderate 40, severe 20; moderate is the 40 the API counts for a poor
 * feedback that carries no score, so a client that sends levels and one that does not agree on the usual case.
 * Nobody in view (neutral) has no posture to score: no score is sent and the API decides how it counts.
 */
export const POSTURE_SCORES = { good: 100, mild: 60, moderate: 40, severe: 20 } as const;

export function postureScore(verdict: PostureVerdict): number | undefined {
  if (verdict.status === 'good') return POSTURE_SCORES.good;
  if (verdict.status === 'poor') return POSTURE_SCORES[verdict.level ?? 'mild'];
  return undefined;
}

/** What was last sent: the cadence compares each frame's verdict with it. */
export interface SentPosture {
  verdict: PostureVerdict;
  at: number;
  /** Whether somebody was in view (sitting.ts), when the frame said. */
  inView?: boolean;
}

/** A change of status or issue is sent at once, and so is a change of who is in view (a person sitting down or
 * leaving: the sitting figures' edges, which a verdict not judged either side of them does not show); while nothing
 * changes, a heartbeat every FEEDBACK_HEARTBEAT_MS; otherwise nothing. */
export function feedbackDue(
  last: SentPosture | null,
  verdict: PostureVerdict,
  now: number,
  inView?: boolean,
): FeedbackKind | null {
  if (!last || last.verdict.status !== verdict.status || last.verdict.issue !== verdict.issue)
    return 'change';
  if (inView !== undefined && last.inView !== undefined && inView !== last.inView) return 'change';
  return now - last.at >= FEEDBACK_HEARTBEAT_MS ? 'heartbeat' : null;
}

/** The feedback of one verdict (the feedback contract, feedback.ts): issue and level only for a poor posture, the
 * cva of the active calibration when it has one. */
export function feedbackPayload(
  verdict: PostureVerdict,
  context: {
    type: 'realtime' | 'passive';
    kind: FeedbackKind;
    at: number;
    cva?: number | null;
    confidence?: number;
    /** Whether somebody is in view (sitting.ts's isSomebodyInView). */
    inView?: boolean;
    /** In view since then (sitting.ts presenceLooks), sent with somebody in view. */
    inViewFrom?: number | null;
    /** Somebody was last in view then (sitting.ts presenceLooks), sent with nobody in view. */
    lastInViewAt?: number | null;
  },
): PostureFeedback {
  const score = postureScore(verdict);
  const details: FeedbackDetails = { type: context.type, kind: context.kind };
  if (verdict.status === 'poor' && verdict.issue) details.issue = verdict.issue;
  if (verdict.status === 'poor' && verdict.level) details.deviationLevel = verdict.level;
  if (score !== undefined) details.score = score;
  if (typeof context.cva === 'number') details.cva = context.cva;
  if (typeof context.confidence === 'number') details.confidence = context.confidence;
  if (typeof context.inView === 'boolean') details.inView = context.inView;
  if (context.inView === true && typeof context.inViewFrom === 'number')
    details.inViewFrom = new Date(context.inViewFrom).toISOString();
  if (context.inView === false && typeof context.lastInViewAt === 'number')
    details.lastInViewAt = new Date(context.lastInViewAt).toISOString();
  return { postureStatus: verdict.status, timestamp: new Date(context.at).toISOString(), details };
}

/** A poor verdict below the level the sensitivity counts reads as good posture (issue and level dropped). */
export function withSensitivity(verdict: PostureVerdict, sensitivity: Sensitivity): PostureVerdict {
  if (verdict.status !== 'poor' || !verdict.level || countsAsPoor(verdict.level, sensitivity)) return verdict;
  return { status: 'good', issue: null, level: null };
}

/** A person must be in view this long, sitting upright, before an automatic reference is taken. */
export const REFERENCE_DELAY_MS = 4000;
/** After a failed attempt the reference is tried again this much later. */
export const REFERENCE_RETRY_MS = 2000;

/** The API calls the monitor makes (the configured API client fits). */
export interface MonitorApi {
  calibration: Pick<ApiClient['calibration'], 'statusDetailed'>;
  /** `active` lets a resume check that the session still runs (see `start`); without it a resume is trusted. */
  sessions: Pick<ApiClient['sessions'], 'start' | 'feedback' | 'end'> &
    Partial<Pick<ApiClient['sessions'], 'active'>>;
}

export interface PostureMonitorHost {
  api: MonitorApi;
  /** 'realtime' from the web app's session page, 'passive' from the extension. */
  type: 'realtime' | 'passive';
  now(): number;
  /** Takes the reference automatically (the extension): the current posture becomes the reference once a
   * person has been in view for REFERENCE_DELAY_MS; the reference taken, true when taken without saying which,
   * false when none was. Without it (the web app) the user calibrates in the live tool and every frame is judged. */
  takeReference?: () => Promise<ProfileReference | boolean>;
  /** The reference was taken (automatically): the host reports it, with the posture it took as a profile
   * reference (null when the last frame had no body to keep) so the host can store it in the active profile. */
  onReferenceTaken?(reference: ProfileReference | null): void;
  /** Hands the reference of record (the adopted profile's, or null for none) to the frames' producer, which
   * judges every frame against it from then on. Without it the producer's own reference stands. */
  setReference?(reference: ProfileReference | null): void;
  /** The message when starting a session fails without one of its own. */
  startFailedMessage?: string;
  /** The user's sensitivity (settings/alert-preferences): which deviation levels count as poor posture; a
   * deviation below it is good posture. Without it every level counts (the default 'high'). */
  sensitivity?: () => Sensitivity;
  /** The API refused a feedback because the session has ended (409: ended in another tab or window, or by the
   * API): the monitor has stopped sending to it; the host says so, in the API's words. */
  onSessionEnded?(sessionId: string, message: string): void;
}

/** The API's answer to a feedback for a session that has ended. */
const SESSION_ENDED_STATUS = 409;

/** What one frame meant: the verdict, whether it changed, the feedback it caused, and whether there was a
 * reference to judge it against (without one the verdict is neutral: not calibrated). */
export interface MonitorStep {
  verdict: PostureVerdict;
  changed: boolean;
  feedback: FeedbackKind | null;
  calibrated: boolean;
}

export type MonitorResult<T = object> = ({ ok: true } & T) | { ok: false; message: string };

const failure = (error: unknown) => ({
  ok: false as const,
  message: error instanceof Error ? error.message : String(error),
});

export function createPostureMonitor(host: PostureMonitorHost) {
  let calibration: Calibration | null = null;
  let sessionId: string | null = null;
  let last: SentPosture | null = null;
  let shown: PostureVerdict | null = null;
  // When the running session's last frame was judged (null: none since it started or was let go).
  let lastFrameAt: number | null = null;
  // Automatic reference: whether frames are judged yet, since when a person is in view, an attempt running.
  let referenced = !host.takeReference;
  let inViewSince: number | null = null;
  // Since when the person the reference was just taken of had been in view: the first feedback says so (its
  // stretch began then, not when judging did).
  let inViewFrom: number | null = null;
  // The last judged frame with somebody in view, so the feedback that finds nobody says when they were last seen.
  let lastInViewFrameAt: number | null = null;
  let taking = false;
  // Feedback still on its way: the session ends only after it, or the API refuses it as late (409).
  const inFlight = new Set<Promise<unknown>>();
  // The calibration profile's reference handed to the producer (null: the producer's own reference stands).
  let adopted: ProfileReference | null = null;
  // The newest body seen, to take a reference from.
  let lastBody: ProfileReference | null = null;
  let stale: StaleState = INITIAL_STALE_STATE;

  function referenceFromLastFrame(): ProfileReference | null {
    return lastBody && savedReferenceProblem(lastBody) === null ? lastBody : null;
  }

  /** The producer's verdict of a frame, and whether it had a reference to judge against (its temporal data). */
  function verdictOf(frame: DetectionFrame): { verdict: PostureVerdict; referenced: boolean } {
    const keypoints = frame.hns?.poses?.[0] ?? null;
    const size = frame.frame_size ?? adopted?.frame;
    if (keypoints && size) lastBody = { keypoints, frame: { width: size.width, height: size.height } };
    return { verdict: frameVerdict(frame), referenced: frame.temporal_posture_data != null };
  }

  async function takeReference(): Promise<void> {
    if (!host.takeReference || taking) return;
    taking = true;
    const seenFrom = inViewSince;
    try {
      const taken = await host.takeReference();
      if (taken) {
        referenced = true;
        inViewFrom = seenFrom;
        // The producer took it and judges against it; the same reference is handed over to be stored.
        host.onReferenceTaken?.(taken === true ? referenceFromLastFrame() : taken);
      } else {
        inViewSince = host.now() + REFERENCE_RETRY_MS - REFERENCE_DELAY_MS;
      }
    } finally {
      taking = false;
    }
  }

  /** Sends one feedback of the session `id`; a refusal saying the session has ended stops the sending and tells
   * the host (once: later refusals of the same session find it let go). */
  function send(id: string, payload: PostureFeedback, options?: { keepalive?: boolean }): void {
    const sending = host.api.sessions
      .feedback(id, payload, options)
      .then((outcome) => {
        if (!outcome || outcome.sent || outcome.status !== SESSION_ENDED_STATUS || sessionId !== id) return;
        sessionId = null;
        last = null;
        shown = null;
        lastFrameAt = null;
        host.onSessionEnded?.(id, outcome.message);
      })
      .catch(() => undefined)
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }

  /** Tells the API when the running session's last frame was judged (FRAMES_STOPPED: it holds no time), once per
   * stretch of feedback; the next frame then sends a change. */
  function sayFramesStopped(options?: { keepalive?: boolean }): void {
    if (!sessionId || !last || lastFrameAt === null) return;
    send(
      sessionId,
      {
        postureStatus: 'neutral',
        timestamp: new Date(lastFrameAt).toISOString(),
        details: { type: host.type, kind: FRAMES_STOPPED } satisfies FeedbackDetails,
      },
      options,
    );
    last = null;
    shown = null;
  }

  async function stillRunning(id: string): Promise<boolean> {
    if (!host.api.sessions.active) return true;
    try {
      const answer = await host.api.sessions.active();
      return answer?.success ? answer.data?.id === id : true;
    } catch {
      return true;
    }
  }

  return {
    get sessionId() {
      return sessionId;
    },
    get calibration() {
      return calibration;
    },
    /** Whether the reference no longer fits (stale-calibration.ts): time to recalibrate. */
    get stale() {
      return isCalibrationStale(stale, host.now());
    },
    /** The profile reference the producer judges against, null when the producer's own reference is used. */
    get reference(): ProfileReference | null {
      return adopted;
    },

    /**
     * Judges against a calibration profile's reference from now on (switching profile switches it): the
     * producer is handed it and judges every frame against it, and no automatic reference is taken. With null
     * (a profile not calibrated yet) the producer is told it has none, and a host that takes references waits
     * for a new one. False when the reference is unusable (then as with null).
     */
    adoptReference(reference: ProfileReference | null): boolean {
      const ok = reference !== null && savedReferenceProblem(reference) === null;
      adopted = ok ? reference : null;
      stale = INITIAL_STALE_STATE;
      host.setReference?.(adopted);
      referenced = ok || !host.takeReference;
      inViewSince = null;
      inViewFrom = null;
      last = null;
      shown = null;
      return ok;
    },

    /** The newest body seen as a profile reference (after the user calibrated), null when none is usable. */
    referenceFromLastFrame,

    /** A session needs an active calibration; its CVA rides on every feedback. */
    async checkCalibration(): Promise<MonitorResult<{ calibration: Calibration }>> {
      try {
        const answer = await host.api.calibration.statusDetailed();
        const found = answer?.success !== false && answer?.data?.hasActive ? answer.data.calibration : null;
        calibration = found ?? null;
        if (!found) return { ok: false, message: SESSION_MESSAGES.completeCalibrationFirst };
        return { ok: true, calibration: found };
      } catch (error) {
        return failure(error);
      }
    },

    /** Opens a session with the checked calibration, or continues a paused one (`resumed`) while the API still
     * runs it: the API ends a session nobody reported on for a while (a computer left idle, a reload not
     * resumed at once) at its last feedback, and its feedback would then be refused, so a new one opens instead.
     * When the API cannot say, the paused session is continued. */
    async start(
      mode: SessionMode,
      resumeSessionId: string | null = null,
    ): Promise<MonitorResult<{ sessionId: string; resumed?: true }>> {
      if (!calibration) return { ok: false, message: SESSION_MESSAGES.calibrationRequired };
      last = null;
      shown = null;
      lastFrameAt = null;
      if (resumeSessionId && (await stillRunning(resumeSessionId))) {
        sessionId = resumeSessionId;
        return { ok: true, sessionId, resumed: true };
      }
      try {
        const answer = await host.api.sessions.start({ mode, calibrationId: calibration.id });
        const id = answer?.data?.id;
        if (!answer?.success || !id)
          return {
            ok: false,
            message: envelopeMessage(answer, host.startFailedMessage ?? 'Failed to start session'),
          };
        sessionId = id;
        return { ok: true, sessionId: id };
      } catch (error) {
        return failure(error);
      }
    },

    /** The reference must be taken again (start, a dropped link, Recalibrate): frames wait for it, and the
     * next verdict counts as a change. */
    awaitReference(): void {
      // A host that takes references takes a new one: the producer judges against none until then.
      if (host.takeReference) {
        stale = INITIAL_STALE_STATE;
        if (adopted) host.setReference?.(null);
        adopted = null;
      }
      referenced = !host.takeReference;
      inViewSince = null;
      inViewFrom = null;
      last = null;
      shown = null;
    },

    /** One detection frame: null while no session runs, the frame is to be skipped, or the reference is not
     * yet taken; else its verdict, whether it changed, and the feedback sent. */
    frame(frame: DetectionFrame): MonitorStep | null {
      if (frame.status === 'waiting') return null;
      const now = host.now();
      const judged = verdictOf(frame);
      const verdict = withSensitivity(judged.verdict, host.sensitivity?.() ?? 'high');
      if (judged.referenced && referenced) stale = stepStale(stale, judged.verdict, now);
      if (!referenced) {
        // Without a reference every verdict is neutral: whether someone is there to take one from is the body's.
        const body = frame.hns?.poses?.[0];
        if (!body || !isPersonInView(body)) inViewSince = null;
        else if (inViewSince === null) inViewSince = now;
        else if (now - inViewSince >= REFERENCE_DELAY_MS) void takeReference();
        return null;
      }
      if (!sessionId) return null;
      const changed = !shown || shown.status !== verdict.status || shown.issue !== verdict.issue;
      shown = verdict;
      lastFrameAt = now;
      const inView = isSomebodyInView(frame);
      const kind = feedbackDue(last, verdict, now, inView);
      if (kind) {
        const seenSinceLast = last !== null && lastInViewFrameAt !== null && lastInViewFrameAt > last.at;
        last = { verdict, at: now, inView };
        send(
          sessionId,
          feedbackPayload(verdict, {
            type: host.type,
            kind,
            at: now,
            cva: calibration?.cranialVertebralAngle,
            confidence: frame.temporal_posture_data?.confidence,
            inView,
            inViewFrom,
            lastInViewAt: seenSinceLast ? lastInViewFrameAt : null,
          }),
        );
        inViewFrom = null;
      }
      if (inView) lastInViewFrameAt = now;
      // A producer that judged good or poor had a reference; a neutral frame says so only by its temporal data.
      const calibrated = judged.referenced || judged.verdict.status !== 'neutral';
      return { verdict, changed, feedback: kind, calibrated };
    },

    /** The page is being left (a reload, a closed tab, another address): the API is told when the last frame was
     * judged, in a request that outlives the page, so the time until the session is resumed (a reload) is not
     * counted as the posture last sent, however soon that is. The session is not let go: a page the browser keeps
     * and shows again goes on, its next frame sending a change. */
    pageLeft(): void {
      sayFramesStopped({ keepalive: true });
    },

    /** Lets go of the running session without ending it (monitoring paused, or the session taken over by another
     * tab; the host keeps its id to resume with `start`). The API is told when the last frame was judged
     * (FRAMES_STOPPED), so the time until another client reports on the session is not counted as the posture
     * last sent, and what was judged here is kept. */
    detach(): void {
      sayFramesStopped();
      sessionId = null;
      last = null;
      shown = null;
      lastFrameAt = null;
    },

    /** Ends the running session (or the given paused one); frames are no longer sent. With `keep: 'judged'` (the
     * page left mid-session) the API keeps it only when some of its time was judged (`kept`). */
    async end(
      pausedSessionId: string | null = null,
      options?: { keep: 'judged' },
    ): Promise<MonitorResult<{ sessionId: string | null; kept?: boolean }>> {
      const ending = sessionId ?? pausedSessionId;
      sessionId = null;
      last = null;
      shown = null;
      lastFrameAt = null;
      if (!ending) return { ok: true, sessionId: null };
      try {
        await Promise.all(inFlight);
        const answer = await host.api.sessions.end(ending, options);
        if (answer && answer.success === false)
          return { ok: false, message: envelopeMessage(answer, 'Failed to end session') };
        const kept = answer?.data?.kept;
        return { ok: true, sessionId: ending, ...(typeof kept === 'boolean' ? { kept } : {}) };
      } catch (error) {
        return failure(error);
      }
    },
  };
}

export type PostureMonitor = ReturnType<typeof createPostureMonitor>;

/** Why monitoring stops when the live link ends in these states. */
const LINK_STOPS: Partial<Record<LiveLinkState, string>> = {
  failed: LIVE_MESSAGES.failedAfterAttempts,
  'auth-required': LIVE_MESSAGES.loginRequired,
  'free-tier-ended': LIVE_MESSAGES.freeTierLimit,
};

/** What monitoring does on a live-link state: stop with a message; reconnect ('closed': the service dropped a
 * working link, e.g. a restart) with the reference taken again; or nothing. */
export function monitorLinkAction(state: LiveLinkState): { stop: string } | 'reconnect' | null {
  const stop = LINK_STOPS[state];
  if (stop) return { stop };
  return state === 'closed' ? 'reconnect' : null;
}
