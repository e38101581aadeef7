// Passive monitoring in the offscreen document: the host of core's live loop, as the web app's live tool is
// (the loop's monitor: calibration check, passive session, automatic reference, verdict → feedback with the
// heartbeat, end; the loop hands the reference of record to the producer), plus what only the extension does:
// the camera, the live link, the capture rate and the reports to the service worker. The active calibration
// profile's reference is what frames are judged against; a profile without one gets the automatic reference
// stored in it, so the next start (in any browser) needs no calibrating.
// Everything Chrome-specific comes in through `MonitorDeps`, so this reads as the workflow only.
import {
  type AlertPreferences,
  type CalibrationProfile,
  type ConfiguredApiClient,
  createLiveLoop,
  DEFAULT_ALERT_PREFERENCES,
  type DetectionFrame,
  failureText,
  isSomebodyInView,
  type PostureIssue,
  type PostureStatus,
  type ProfileReference,
  REFERENCE_DELAY_MS,
  SESSION_MESSAGES,
  savedReferenceProblem,
  type UnjudgedReason,
} from '@posture-vision/core';
import type { Result } from '../messaging/commands';
import { ratesFor } from '../rules/battery';
import { captureFps, START_FPS } from '../rules/capture-rate';
import type { Connection, Phase } from '../state/monitor-state';

export const MONITOR_TEXTS = {
  calibrating:
    'Sit up straight and look at the screen: your posture in the next seconds becomes the reference.',
  sessionFailed: 'The passive session could not be started.',
} as const;

/** A person must be in view this long, sitting upright, before the reference is taken (core's rule). */
export const CALIBRATION_DELAY_MS = REFERENCE_DELAY_MS;
/** Posture reported to the service worker at most this often, unless it changes. */
export const REPORT_INTERVAL_MS = 2000;

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
  /** Takes the current posture as this peer's reference: the reference taken, true when taken without saying
   * which, false when none was taken. */
  calibrate(): Promise<ProfileReference | boolean>;
  /** The reference every frame is judged against from now on (the active profile's), or none (null). */
  setReference(reference: ProfileReference | null): void;
  /** The capture rate now, for a producer that keeps what the camera track cannot (device mode: under 1
   * frame/s, detector track-rate.ts); the vision service thins a posture-only peer's frames itself. */
  setFrameRate?(fps: number): void;
}

/** The monitor's link to whatever produces its frames: the connection running, whichever it is now. */
export type Link = Pick<LiveConnection, 'peerId' | 'close'>;

export interface MonitorDeps {
  api: ConfiguredApiClient;
  getCamera(): Promise<MediaStream>;
  /** Reports a camera failure: the service worker records it and closes this document, or (the camera unplugged
   * or taken by another app) monitoring waits for it with the session kept. */
  cameraFailed(error: unknown): Promise<void>;
  /** The camera stopped while monitoring (unplugged): monitoring has stopped with its session kept (the id, none
   * before one started); `deviceId` is the camera that went. */
  cameraLost?(sessionId: string | null, deviceId: string | null): void;
  /**
   * Opens the link; each connection it opens to produce frames (one, or a replacement when it moves to this
   * computer) is handed to `attach` as it opens.
   */
  connectLive(stream: MediaStream, events: LiveEvents, attach: (producer: LiveConnection) => void): Link;
  reportPhase(phase: Phase, message?: string | null, sessionId?: string | null): Promise<unknown>;
  reportConnection(connection: Connection): Promise<unknown>;
  /** The posture now, with what a poor one is about (null when good, nobody in view, or poor with no named cause). */
  /** `unjudged`: why a neutral posture judged nothing (the frame's reason), which the popup says with what to do;
   * null when judged or not said. */
  reportPosture(
    posture: PostureStatus,
    issue: PostureIssue | null,
    at: number,
    fps: number,
    unjudged: UnjudgedReason | null,
  ): Promise<unknown>;
  /** Whether somebody is in view (core's sitting and breaks rule takes it from here). */
  reportPresence(present: boolean, at: number): Promise<unknown>;
  /** The user's sensitivity and warning delay, as stored now (re-read while monitoring). */
  preferences(): Promise<AlertPreferences>;
  /** Whether the reference no longer fits (the popup offers Recalibrate). */
  reportStale(stale: boolean): Promise<unknown>;
  /** Whether the computer runs on battery now (the slower watch applies on battery when the user chose it). */
  onBattery?(): boolean;
  now(): number;
}

export function createPassiveMonitor(deps: MonitorDeps) {
  let stream: MediaStream | null = null;
  let live: Link | null = null;
  // The connection producing frames now (handed over by connectLive as each opens).
  let producer: LiveConnection | null = null;
  let fps = 0;
  let reported: {
    posture: PostureStatus;
    issue: PostureIssue | null;
    unjudged: UnjudgedReason | null;
    at: number;
  } | null = null;
  let presence: { present: boolean; at: number } | null = null;
  let preferences: AlertPreferences = DEFAULT_ALERT_PREFERENCES;
  let preferencesAt = Number.NEGATIVE_INFINITY;
  let profile: CalibrationProfile | null = null;
  let stale = false;
  // Every frame goes through the loop once; the producer judges it against the reference the loop hands it
  // (the active profile's, or the one it took automatically).
  const loop = createLiveLoop({
    session: {
      sensitivity: () => preferences.sensitivity,
      api: deps.api,
      type: 'passive',
      now: deps.now,
      takesReference: true,
      onReferenceTaken,
      startFailedMessage: MONITOR_TEXTS.sessionFailed,
    },
  });
  const monitor = loop.monitor;
  let detach: (() => void) | null = null;

  function onReferenceTaken(reference: ProfileReference | null): void {
    void deps.reportPhase('monitoring', null);
    // The active profile keeps the reference just taken (a new profile, or Recalibrate).
    const id = profile?.id;
    if (id && reference)
      void deps.api.calibration.profiles
        .update(id, { reference })
        .then(() => {
          if (profile?.id === id) profile = { ...profile, reference };
        })
        .catch((error: unknown) => {
          void deps.reportPhase('monitoring', SESSION_MESSAGES.referenceNotKept(failureText(error)));
        });
  }

  /** The active calibration profile on the API; none (or an unreachable list) means the automatic reference. */
  async function activeProfile(): Promise<CalibrationProfile | null> {
    try {
      return (await deps.api.calibration.profiles.list()).data?.find((p) => p.active) ?? null;
    } catch {
      return null;
    }
  }

  /** Judges against the active profile's reference, or takes one when it has none. */
  function applyProfile(): void {
    const saved = profile?.reference ?? null;
    if (monitor.adoptReference(saved)) {
      reported = null;
      void deps.reportPhase('monitoring', null);
    } else startCalibrating(saved ? savedReferenceProblem(saved) : null);
  }

  function reportStale(): void {
    if (monitor.stale === stale) return;
    stale = monitor.stale;
    void deps.reportStale(stale);
  }

  async function setFps(next: number): Promise<void> {
    if (next === fps || !stream) return;
    fps = next;
    producer?.setFrameRate?.(next);
    // Chromium drops camera frames to the constrained rate before they reach the peer connection.
    await Promise.all(stream.getVideoTracks().map((t) => t.applyConstraints({ frameRate: { max: next } })));
  }

  /** Takes a new reference; `refused` says why the profile's saved one could not be used (the popup says so). */
  function startCalibrating(refused: string | null = null): void {
    monitor.awaitReference();
    reported = null;
    void deps.reportPhase(
      'calibrating',
      refused
        ? SESSION_MESSAGES.savedReferenceRefused(refused, MONITOR_TEXTS.calibrating)
        : MONITOR_TEXTS.calibrating,
    );
  }

  function onFrame(frame: DetectionFrame): void {
    // Re-read the preferences at the report rate, so a change in the popup applies within seconds.
    if (deps.now() - preferencesAt >= REPORT_INTERVAL_MS) {
      preferencesAt = deps.now();
      void deps.preferences().then((p) => {
        preferences = p;
      });
    }
    // The camera's rate follows each frame's watch (at risk, steady, nobody), calibrating or not.
    const wanted = captureFps(
      frame,
      ratesFor({ onBattery: deps.onBattery?.() ?? false, mode: preferences.batteryMode }),
    );
    void setFps(wanted);
    reportPresence(frame);
    const { step } = loop.frame(frame);
    reportStale();
    if (!step) return;
    const now = deps.now();
    const posture = step.verdict.status;
    const issue = posture === 'poor' ? step.verdict.issue : null;
    // Reported again as soon as the reason changes (nobody in view, then too dark), the posture staying neutral.
    const unjudged = posture === 'neutral' && step.calibrated ? (frame.posture_unjudged ?? null) : null;
    if (
      reported?.posture !== posture ||
      reported.issue !== issue ||
      reported.unjudged !== unjudged ||
      now - reported.at >= REPORT_INTERVAL_MS
    ) {
      reported = { posture, issue, unjudged, at: now };
      void deps.reportPosture(posture, issue, now, wanted, unjudged);
    }
  }

  /**
   * Sitting and breaks come from the presence each frame already carries, calibrating or monitoring: nothing more
   * is looked at, and with nobody in view the camera stays at the empty room's rate. Reported on a change and at
   * the posture's report rate.
   */
  function reportPresence(frame: DetectionFrame): void {
    if (frame.status === 'waiting') return;
    const present = isSomebodyInView(frame);
    const now = deps.now();
    if (presence?.present === present && now - presence.at < REPORT_INTERVAL_MS) return;
    presence = { present, at: now };
    void deps.reportPresence(present, now);
  }

  async function stop(endSession: boolean, pausedSessionId: string | null = null): Promise<Result> {
    detach?.();
    detach = null;
    live?.close();
    live = null;
    producer = null;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    fps = 0;
    monitor.awaitReference();
    if (endSession) await monitor.end(pausedSessionId);
    else monitor.detach();
    return { ok: true };
  }

  async function fail(message: string): Promise<Result> {
    await stop(true);
    await deps.reportPhase('error', message);
    return { ok: false, message };
  }

  return {
    /** Starts monitoring; with the id of a paused session it continues that session. */
    async start(resumeSessionId: string | null): Promise<Result> {
      if (stream) return { ok: true };
      preferences = await deps.preferences();
      let opened: MediaStream;
      try {
        opened = await deps.getCamera();
        stream = opened;
      } catch (error) {
        stream = null;
        await deps.cameraFailed(error);
        return { ok: false, message: 'Camera unavailable' };
      }
      // A track ends by itself when its camera is unplugged (stop() ending it fires nothing): monitoring stops,
      // keeping the session, until the camera is back.
      for (const track of opened.getVideoTracks())
        track.addEventListener('ended', () => {
          if (stream !== opened) return;
          const sessionId = monitor.sessionId ?? resumeSessionId;
          const deviceId = track.getSettings().deviceId ?? null;
          void stop(false).then(() => deps.cameraLost?.(sessionId, deviceId));
        });
      try {
        // The calibration check also refreshes an expired token before the live sockets need it.
        const checked = await monitor.checkCalibration();
        if (!checked.ok) return fail(checked.message);
        const started = await monitor.start('passive', resumeSessionId);
        if (!started.ok) return fail(started.message);
        await deps.reportPhase('starting', null, started.sessionId);
        await setFps(START_FPS);
        profile = await activeProfile();
        live = deps.connectLive(
          stream,
          {
            frame: onFrame,
            connection: (c) => void deps.reportConnection(c),
            failed: (message) => void fail(message),
            // A new link has a new producer: a profile's reference still holds, an automatic one is taken again.
            lost: () => {
              if (!monitor.reference) startCalibrating();
            },
          },
          // The live loop gives each producer, as it opens, the reference of record.
          (opened) => {
            producer = opened;
            opened.setFrameRate?.(fps);
            detach?.();
            detach = loop.attach({
              setReference: (reference) => opened.setReference(reference),
              takeReference: () => opened.calibrate(),
            });
          },
        );
        applyProfile();
        return { ok: true };
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error));
      }
    },
    stop,
    /** Whether the camera is open (monitoring started and not stopped). */
    get running(): boolean {
      return stream !== null;
    },
    /** The passive session running now, if any. */
    get sessionId(): string | null {
      return monitor.sessionId;
    },
    async recalibrate(): Promise<Result> {
      if (!live) return { ok: false, message: 'Monitoring is not running.' };
      startCalibrating();
      reportStale();
      return { ok: true };
    },
    /** The active profile changed (popup): judge against its reference from now on. */
    async profileChanged(): Promise<Result> {
      if (!live) return { ok: true };
      profile = await activeProfile();
      applyProfile();
      reportStale();
      return { ok: true };
    },
  };
}
