// Passive monitoring in the offscreen document: camera, passive session on the API, live link to the
// vision service, calibration from the first upright seconds, posture feedback, and the capture rate.
// Everything Chrome-specific comes in through `MonitorDeps`, so this reads as the workflow only.
import {
  type AlertPreferences,
  type ConfiguredApiClient,
  DEFAULT_ALERT_PREFERENCES,
  type DetectionFrame,
  type PostureStatus,
  SESSION_MESSAGES,
} from '@posture-vision/core';
import type { Result } from '../messaging/commands';
import { captureFps } from '../rules/capture-rate';
import { feedbackFor, personInView, postureOfFrame } from '../rules/posture-status';
import type { Connection, Phase } from '../state/monitor-state';

export const MONITOR_TEXTS = {
  calibrating:
    'Sit up straight and look at the screen: your posture in the next seconds becomes the reference.',
  sessionFailed: 'The passive session could not be started.',
} as const;

/** A person must be in view this long, sitting upright, before the reference is taken. */
export const CALIBRATION_DELAY_MS = 4000;
/** Retry the reference after a failed attempt. */
export const CALIBRATION_RETRY_MS = 2000;
/** Posture reported to the service worker at most this often, unless it changes. */
export const REPORT_INTERVAL_MS = 2000;
/** Feedback goes to the session on every posture change, and at least this often while it holds. */
export const FEEDBACK_INTERVAL_MS = 60_000;

export interface LiveEvents {
  frame(frame: DetectionFrame): void;
  connection(connection: Connection): void;
  /** The link gave up (retries exhausted, authentication refused): monitoring stops with this message. */
  failed(message: string): void;
  /** The link dropped and is reconnecting: the reference must be taken again. */
  lost(): void;
}

export interface LiveConnection {
  readonly peerId: string;
  close(): void;
  /** Takes the current posture as this peer's reference on the vision service; true when it worked. */
  calibrate(): Promise<boolean>;
}

export interface MonitorDeps {
  api: ConfiguredApiClient;
  getCamera(): Promise<MediaStream>;
  /** Reports a camera failure; the service worker records it and closes this document. */
  cameraFailed(error: unknown): Promise<void>;
  connectLive(stream: MediaStream, events: LiveEvents): LiveConnection;
  reportPhase(phase: Phase, message?: string | null, sessionId?: string | null): Promise<unknown>;
  reportConnection(connection: Connection): Promise<unknown>;
  reportPosture(posture: PostureStatus, at: number, fps: number): Promise<unknown>;
  /** The user's sensitivity and warning delay, as stored now (re-read while monitoring). */
  preferences(): Promise<AlertPreferences>;
  now(): number;
}

function messageOf(answer: { message?: string; error?: unknown }, fallback: string): string {
  const error = answer.error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return answer.message ?? fallback;
}

export function createPassiveMonitor(deps: MonitorDeps) {
  let stream: MediaStream | null = null;
  let live: LiveConnection | null = null;
  let sessionId: string | null = null;
  let fps = 0;
  let calibrated = false;
  let calibratingSince: number | null = null;
  let calibrating = false;
  let last: { posture: PostureStatus; reportedAt: number; feedbackAt: number } | null = null;

  async function setFps(next: number): Promise<void> {
    if (next === fps || !stream) return;
    fps = next;
    // Chromium drops camera frames to the constrained rate before they reach the peer connection.
    await Promise.all(stream.getVideoTracks().map((t) => t.applyConstraints({ frameRate: { max: next } })));
  }

  function startCalibrating(): void {
    calibrated = false;
    calibratingSince = null;
    last = null;
    void deps.reportPhase('calibrating', MONITOR_TEXTS.calibrating);
  }

  async function tryCalibrate(): Promise<void> {
    if (!live || calibrating) return;
    calibrating = true;
    try {
      if (await live.calibrate()) {
        calibrated = true;
        await deps.reportPhase('monitoring', null);
      } else {
        calibratingSince = deps.now() + CALIBRATION_RETRY_MS - CALIBRATION_DELAY_MS;
      }
    } finally {
      calibrating = false;
    }
  }

  let preferences: AlertPreferences = DEFAULT_ALERT_PREFERENCES;
  let preferencesAt = Number.NEGATIVE_INFINITY;

  function onFrame(frame: DetectionFrame): void {
    const now = deps.now();
    if (!calibrated) {
      if (!personInView(frame)) calibratingSince = null;
      else if (calibratingSince === null) calibratingSince = now;
      else if (now - calibratingSince >= CALIBRATION_DELAY_MS) void tryCalibrate();
      return;
    }
    // Re-read the preferences at the report rate, so a change in the popup applies within seconds.
    if (now - preferencesAt >= REPORT_INTERVAL_MS) {
      preferencesAt = now;
      void deps.preferences().then((p) => {
        preferences = p;
      });
    }
    const posture = postureOfFrame(frame, preferences.sensitivity);
    if (!posture || !sessionId) return;
    const changed = last?.posture !== posture;
    if (changed || now - (last?.feedbackAt ?? 0) >= FEEDBACK_INTERVAL_MS) {
      void deps.api.sessions.feedback(sessionId, feedbackFor(frame, posture, now));
      last = { posture, reportedAt: last?.reportedAt ?? 0, feedbackAt: now };
    }
    if (changed || now - (last?.reportedAt ?? 0) >= REPORT_INTERVAL_MS) {
      void setFps(captureFps(posture)).then(() => deps.reportPosture(posture, now, fps));
      if (last) last.reportedAt = now;
    }
  }

  async function stop(endSession: boolean, pausedSessionId: string | null = null): Promise<Result> {
    live?.close();
    live = null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    fps = 0;
    calibrated = false;
    const ending = sessionId ?? pausedSessionId;
    sessionId = null;
    if (endSession && ending) await deps.api.sessions.end(ending);
    return { ok: true };
  }

  async function fail(message: string): Promise<Result> {
    await stop(true);
    await deps.reportPhase('error', message);
    return { ok: false, message };
  }

  /** Checks the calibration (which also refreshes an expired token before the live sockets need it) and
   * opens a passive session unless one is being resumed. */
  async function openSession(resumeSessionId: string | null): Promise<string | Result> {
    const status = await deps.api.calibration.statusDetailed();
    const calibration = status.data?.calibration;
    if (!status.success || !status.data?.hasActive || !calibration)
      return fail(SESSION_MESSAGES.completeCalibrationFirst);
    if (resumeSessionId) return resumeSessionId;
    const started = await deps.api.sessions.start({ mode: 'passive', calibrationId: calibration.id });
    if (!started.success || !started.data?.id) return fail(messageOf(started, MONITOR_TEXTS.sessionFailed));
    return started.data.id;
  }

  return {
    /** Starts monitoring; with the id of a paused session it continues that session. */
    async start(resumeSessionId: string | null): Promise<Result> {
      if (stream) return { ok: true };
      preferences = await deps.preferences();
      try {
        stream = await deps.getCamera();
      } catch (error) {
        stream = null;
        await deps.cameraFailed(error);
        return { ok: false, message: 'Camera unavailable' };
      }
      try {
        const opened = await openSession(resumeSessionId);
        if (typeof opened !== 'string') return opened;
        sessionId = opened;
        await deps.reportPhase('starting', null, sessionId);
        await setFps(captureFps('neutral'));
        live = deps.connectLive(stream, {
          frame: onFrame,
          connection: (c) => void deps.reportConnection(c),
          failed: (message) => void fail(message),
          lost: startCalibrating,
        });
        startCalibrating();
        return { ok: true };
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
    },
    stop,
    async recalibrate(): Promise<Result> {
      if (!live) return { ok: false, message: 'Monitoring is not running.' };
      startCalibrating();
      return { ok: true };
    },
  };
}
