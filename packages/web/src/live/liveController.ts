// The live posture tool's behaviour without React (document 2, sections 2.3, 4.1, 5.1, 8.1, 9): camera,
// live link with retries, free timer, watchdog, calibration, drawing loop and the texts the tool shows.
// The component renders `state` and forwards clicks; this class holds everything that changes.
import {
  calibrationErrorStatus,
  cameraErrorStatus,
  connectionAttemptFailed,
  type DetectionFrame,
  FREE_TIER_CLOSE_CODE,
  isAuthCloseCode,
  isAuthStatus,
  LIVE_MESSAGES,
  MAX_CONNECTION_ATTEMPTS,
  modelStatusLabel,
  RETRY_DELAY_MS,
  testFailedStatus,
} from '@posture-vision/core';
import { type LinkEvent, type LiveLink, openLiveLink } from './liveLink.ts';
import { drawOverlay, type OverlayDrawing } from './overlay.ts';
import { correctionArrows } from './rules/arrows.ts';
import {
  type ConnectionHealth,
  type FrameQuality,
  frameQuality,
  WATCHDOG_INTERVAL_MS,
  watchdogVerdict,
} from './rules/frameQuality.ts';
import { FREE_TIER_SECONDS } from './rules/freeTimer.ts';
import { type Point, scaleOutline, shiftOutline } from './rules/outline.ts';
import { classifyTilt, type Tilt } from './rules/tilt.ts';

export const PROMPTS = {
  start: 'Click Start Camera to begin',
  calibrate: LIVE_MESSAGES.cameraConnected,
  active: 'Calibrated! Step 2: Turn on Active Mode to get posture corrections',
  complete: 'Active Mode on: follow the arrows to return to your calibrated posture',
} as const;
export const DEBUG_LOG_LINES = 50;
export const SUCCESS_POPUP_MS = 3000;

export type Tier = 'free' | 'pro';
export type CameraState = 'idle' | 'starting' | 'streaming';
export type WorkflowStep = keyof typeof PROMPTS;

export interface DetectionSummary {
  keypointCount: number;
  tilt: Tilt;
  bodyStatus: string;
  emotions: string[];
  hands: number;
  handConfidences: number[];
  drowsy: boolean;
  eyeState: string;
  mouthState: string;
  blinks: number;
  yawns: number;
  /** False until the vision service analyses posture against a live calibration. */
  analysed: boolean;
  deviated: boolean;
  deviationLevel: string | null;
  confidence: number | null;
}

export interface LiveState {
  tier: Tier;
  camera: CameraState;
  workflow: WorkflowStep;
  status: string;
  modelStatus: string;
  authRequired: boolean;
  connection: ConnectionHealth | 'none';
  showRetry: boolean;
  connected: boolean;
  calibrated: boolean;
  calibrating: boolean;
  activeMode: boolean;
  activeModeDisabled: boolean;
  layers: { hns: boolean; hand: boolean; boxes: boolean; outline: boolean };
  freeSeconds: number;
  timeUp: boolean;
  successPopup: boolean;
  debug: boolean;
  log: string[];
  peerId: number | null;
  detection: DetectionSummary | null;
  metrics: {
    frameQuality: FrameQuality | '—';
    overlayFps: number;
    detectionFps: number;
    framesReceived: number;
    processingErrors: number;
  };
  /** Totals of what the overlay drew, for the debug panel and tests. */
  drawn: OverlayDrawing & { overlayFrames: number };
}

export interface LiveControllerOptions {
  visionHttp: string;
  visionWs: string;
  getToken: () => string | null;
  /** Renews the access token once when the live channel rejects it (expired after 15 min). */
  refreshToken?: () => Promise<unknown>;
  onFrame?: (frame: DetectionFrame) => void;
  onStreamingChange?: (streaming: boolean) => void;
  initialTier?: Tier;
}

const initialDrawn = () => ({
  keypoints: 0,
  handPoints: 0,
  boxes: 0,
  outlinePoints: 0,
  arrows: 0,
  overlayFrames: 0,
});

function initialState(tier: Tier): LiveState {
  return {
    tier,
    camera: 'idle',
    workflow: 'start',
    status: '',
    modelStatus: modelStatusLabel('checking...'),
    authRequired: false,
    connection: 'none',
    showRetry: false,
    connected: false,
    calibrated: false,
    calibrating: false,
    activeMode: false,
    activeModeDisabled: true,
    layers: { hns: true, hand: true, boxes: false, outline: true },
    freeSeconds: FREE_TIER_SECONDS,
    timeUp: false,
    successPopup: false,
    debug: false,
    log: [],
    peerId: null,
    detection: null,
    metrics: { frameQuality: '—', overlayFps: 0, detectionFps: 0, framesReceived: 0, processingErrors: 0 },
    drawn: initialDrawn(),
  };
}

export function summarise(frame: DetectionFrame): DetectionSummary {
  const pose = frame.hns?.poses?.[0] ?? [];
  const t = frame.temporal_posture_data;
  return {
    keypointCount: pose.length,
    tilt: classifyTilt(pose),
    bodyStatus: frame.body_status ?? '',
    emotions: frame.hns?.emotions ?? [],
    hands: frame.hand?.poses?.length ?? 0,
    handConfidences: frame.hand?.confidences ?? [],
    drowsy: !!frame.drowsiness?.drowsiness_state,
    eyeState: frame.drowsiness?.eye_state ?? '',
    mouthState: frame.drowsiness?.mouth_state ?? '',
    blinks: frame.drowsiness?.blinking_count ?? 0,
    yawns: frame.drowsiness?.yawning_count ?? 0,
    analysed: !!t,
    deviated: !!t?.is_posture_deviated,
    deviationLevel: t?.deviation_level ?? null,
    confidence: t?.confidence ?? null,
  };
}

export class LiveController {
  state: LiveState;
  private listeners = new Set<() => void>();
  private stream: MediaStream | null = null;
  private link: LiveLink | null = null;
  private video: HTMLVideoElement | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private latestFrame: DetectionFrame | null = null;
  private lastFrameAt = 0;
  private outline: Point[] = [];
  private calibrationFrame = { width: 640, height: 640 };
  private connectionErrors = 0;
  private timers: { free?: number; watchdog?: number; metrics?: number; popup?: number; retry?: number } = {};
  private drawHandle = 0;
  private paused = false;
  private overlayCount = 0;
  private detectionCount = 0;
  private attempt = 0;
  private disposed = false;
  private authRetried = false;

  constructor(private options: LiveControllerOptions) {
    this.state = initialState(options.initialTier ?? 'free');
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<LiveState>) {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  log(line: string) {
    const stamped = `${new Date().toLocaleTimeString()} ${line}`;
    this.set({ log: [...this.state.log, stamped].slice(-DEBUG_LOG_LINES) });
  }

  attach(video: HTMLVideoElement | null, canvas: HTMLCanvasElement | null) {
    this.video = video;
    this.canvas = canvas;
  }

  private authHeaders(): Record<string, string> {
    const token = this.options.getToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  private requireLogin() {
    this.set({
      authRequired: true,
      status: LIVE_MESSAGES.loginRequired,
      modelStatus: LIVE_MESSAGES.authenticationRequiredLabel,
      showRetry: false,
    });
  }

  /** Model status on load, with the health check as fallback (7.1, 8.1). */
  async checkModelStatus() {
    try {
      const res = await fetch(`${this.options.visionHttp}/model/realtime/face-direction-identifier`, {
        headers: this.authHeaders(),
      });
      if (isAuthStatus(res.status)) return this.requireLogin();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { model_status?: string; message?: string };
      this.set({
        modelStatus: modelStatusLabel(
          `${body.model_status ?? 'unknown'}${body.message ? ` - ${body.message}` : ''}`,
        ),
      });
    } catch {
      this.set({ status: LIVE_MESSAGES.serverUnreachable });
      try {
        const health = await fetch(`${this.options.visionHttp}/model/realtime/health-check`);
        if (!health.ok) throw new Error(`HTTP ${health.status}`);
        this.set({ modelStatus: LIVE_MESSAGES.healthOk });
      } catch {
        this.set({ modelStatus: LIVE_MESSAGES.healthFailed });
      }
    }
  }

  async startCamera() {
    if (this.state.camera !== 'idle') return;
    this.set({ camera: 'starting', status: 'Starting camera...', timeUp: false, showRetry: false });
    try {
      // 7.1: ideal 640x480, 15 fps, at most 20.
      this.stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15, max: 20 } },
        audio: false,
      });
    } catch (error) {
      this.set({ camera: 'idle', status: cameraErrorStatus((error as Error).message) });
      return;
    }
    if (this.video) {
      this.video.srcObject = this.stream;
      await this.video.play().catch(() => undefined);
    }
    this.set({ camera: 'streaming', status: 'Camera started. Connecting to server...' });
    this.options.onStreamingChange?.(true);
    this.startLoops();
    this.attempt = 0;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (!this.stream || this.state.camera !== 'streaming') return;
    this.attempt++;
    this.connectionErrors = 0;
    try {
      this.link = await openLiveLink({
        wsBase: this.options.visionWs,
        token: this.options.getToken(),
        stream: this.stream,
        onEvent: (e) => this.onLinkEvent(e),
      });
      this.set({ peerId: this.link.peerId, connected: true });
      this.log(`Signalling connected (peer ${this.link.peerId})`);
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (code !== undefined && isAuthCloseCode(code)) return this.failAuth();
      this.retryOrGiveUp();
    }
  }

  private retryOrGiveUp() {
    this.cleanupLink();
    if (this.state.camera !== 'streaming') return;
    if (this.attempt < MAX_CONNECTION_ATTEMPTS) {
      const message = connectionAttemptFailed(this.attempt);
      this.set({ status: message, connection: 'warning' });
      this.log(message);
      this.timers.retry = window.setTimeout(() => this.connect(), RETRY_DELAY_MS);
    } else {
      const message = LIVE_MESSAGES.failedAfterAttempts;
      this.log(message);
      this.stopStreaming();
      this.set({ status: message, showRetry: true, connection: 'error' });
    }
  }

  /** Retry Connection: a fresh round of attempts with the camera restarted. */
  async retryConnection() {
    this.set({ showRetry: false });
    if (this.state.camera === 'idle') await this.startCamera();
  }

  private onLinkEvent(event: LinkEvent) {
    switch (event.type) {
      case 'results-open':
        this.authRetried = false;
        this.lastFrameAt = performance.now();
        this.set({
          connection: 'good',
          workflow: this.state.calibrated ? this.state.workflow : 'calibrate',
          status: PROMPTS.calibrate,
        });
        this.log('Results channel open');
        break;
      case 'frame':
        this.onFrame(event.frame);
        break;
      case 'peer-state':
        if (event.state === 'disconnected' || event.state === 'failed') this.set({ connection: 'warning' });
        else if (event.state === 'connected') this.set({ connection: 'good' });
        this.log(`Peer connection ${event.state}`);
        break;
      case 'error':
        this.connectionErrors++;
        this.set({ status: event.message });
        this.log(event.message);
        if (this.connectionErrors > 3) this.retryOrGiveUp();
        break;
      case 'closed':
        if (isAuthCloseCode(event.code)) return this.failAuth();
        if (event.code === FREE_TIER_CLOSE_CODE) return this.timeIsUp();
        this.log(`Connection closed (${event.channel}, ${event.code})`);
        this.cleanupLink();
        this.set({ status: LIVE_MESSAGES.connectionClosed, connection: 'error', connected: false });
        break;
    }
  }

  private async failAuth(): Promise<void> {
    this.cleanupLink();
    if (this.options.refreshToken && this.options.getToken() && !this.authRetried) {
      this.authRetried = true;
      this.log('Access token rejected; refreshing it once');
      try {
        await this.options.refreshToken();
        this.attempt = 0;
        return this.connect();
      } catch {
        // No valid refresh token: the user must log in.
      }
    }
    this.log('Authentication failed on the live channel');
    this.stopStreaming();
    this.requireLogin();
  }

  private onFrame(frame: DetectionFrame) {
    const now = performance.now();
    const gap = now - this.lastFrameAt;
    this.lastFrameAt = now;
    if (frame.status === 'waiting') return;
    try {
      this.latestFrame = frame;
      this.detectionCount++;
      const detection = summarise(frame);
      const patch: Partial<LiveState> = {
        detection,
        metrics: {
          ...this.state.metrics,
          frameQuality: frameQuality(gap),
          framesReceived: this.state.metrics.framesReceived + 1,
        },
      };
      if (this.state.connection !== 'good') patch.connection = 'good';
      if (detection.keypointCount > 0 && this.state.activeModeDisabled) patch.activeModeDisabled = false;
      this.set(patch);
      this.options.onFrame?.(frame);
    } catch (error) {
      this.processingError(error as Error);
    }
  }

  private processingError(error: Error) {
    const count = this.state.metrics.processingErrors + 1;
    this.log(`Processing error: ${error.message}`);
    if (count > 10) {
      this.set({ metrics: { ...this.state.metrics, processingErrors: 0 } });
    } else if (count > 5) {
      this.set({
        status: LIVE_MESSAGES.qualityDegraded,
        debug: true,
        metrics: { ...this.state.metrics, processingErrors: count },
      });
    } else {
      this.set({ metrics: { ...this.state.metrics, processingErrors: count } });
    }
  }

  /** The outline and arrows to draw: only in Active Mode while the posture is deviated (4.1). */
  private correction(canvas: HTMLCanvasElement) {
    const t = this.latestFrame?.temporal_posture_data;
    const pose = this.latestFrame?.hns?.poses?.[0];
    if (!this.state.activeMode || !t?.is_posture_deviated || !pose) return null;
    const size = { width: canvas.width, height: canvas.height };
    const outline = shiftOutline(scaleOutline(this.outline, size, this.calibrationFrame), pose, size);
    const arrows = correctionArrows({
      keypoints: pose,
      offsets: t.all_offset_vector ?? [],
      level: t.deviation_level,
      confidence: t.confidence,
      ...size,
    });
    return { outline, arrows };
  }

  /** One overlay draw per camera frame, always with the newest detection frame. */
  private draw = () => {
    const canvas = this.canvas;
    const video = this.video;
    if (!canvas || !video || this.paused) return;
    if (video.videoWidth && (canvas.width !== video.videoWidth || canvas.height !== video.videoHeight)) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const pro = this.state.tier === 'pro';
    const layers = pro ? this.state.layers : { hns: true, hand: false, boxes: false, outline: true };
    try {
      const drawn = drawOverlay(ctx, this.latestFrame, layers, this.correction(canvas));
      this.overlayCount++;
      const total = this.state.drawn;
      // Totals are kept on the state object without notifying: the debug panel reads them once a second.
      this.state.drawn = {
        keypoints: total.keypoints + drawn.keypoints,
        handPoints: total.handPoints + drawn.handPoints,
        boxes: total.boxes + drawn.boxes,
        outlinePoints: total.outlinePoints + drawn.outlinePoints,
        arrows: total.arrows + drawn.arrows,
        overlayFrames: total.overlayFrames + 1,
      };
    } catch (error) {
      this.processingError(error as Error);
    }
  };

  private scheduleDraw = () => {
    if (this.state.camera !== 'streaming' || !this.video) return;
    const video = this.video;
    if ('requestVideoFrameCallback' in video) {
      this.drawHandle = video.requestVideoFrameCallback(() => {
        this.draw();
        this.scheduleDraw();
      });
    } else {
      this.drawHandle = requestAnimationFrame(() => {
        this.draw();
        this.scheduleDraw();
      });
    }
  };

  private startLoops() {
    this.scheduleDraw();
    let last = performance.now();
    this.timers.metrics = window.setInterval(() => {
      const now = performance.now();
      const seconds = (now - last) / 1000;
      last = now;
      this.set({
        metrics: {
          ...this.state.metrics,
          overlayFps: Math.round((this.overlayCount / seconds) * 10) / 10,
          detectionFps: Math.round((this.detectionCount / seconds) * 10) / 10,
        },
        drawn: { ...this.state.drawn },
      });
      this.overlayCount = 0;
      this.detectionCount = 0;
    }, 1000);
    this.timers.watchdog = window.setInterval(() => {
      if (!this.state.connected) return;
      const verdict = watchdogVerdict(performance.now() - this.lastFrameAt);
      if (verdict === 'error' && this.state.connection !== 'error') {
        this.log(LIVE_MESSAGES.connectionLost);
      }
      if (verdict) this.set({ connection: verdict });
    }, WATCHDOG_INTERVAL_MS);
    if (this.state.tier === 'free') this.startFreeTimer();
  }

  private startFreeTimer() {
    clearInterval(this.timers.free);
    this.timers.free = window.setInterval(() => {
      if (this.paused) return;
      const left = this.state.freeSeconds - 1;
      this.set({ freeSeconds: Math.max(0, left) });
      if (left <= 0) this.timeIsUp();
    }, 1000);
  }

  private timeIsUp() {
    this.stopStreaming();
    this.set({ timeUp: true, freeSeconds: 0, status: LIVE_MESSAGES.freeTierLimit });
  }

  setTier(tier: Tier) {
    if (tier === this.state.tier) return;
    if (tier === 'free') {
      this.set({ tier, freeSeconds: FREE_TIER_SECONDS });
      if (this.state.camera === 'streaming') this.startFreeTimer();
    } else {
      clearInterval(this.timers.free);
      this.set({ tier });
    }
  }

  setLayer(layer: keyof LiveState['layers'], on: boolean) {
    this.set({ layers: { ...this.state.layers, [layer]: on } });
  }

  setDebug(debug: boolean) {
    this.set({ debug });
  }

  closeTimeUp() {
    this.set({ timeUp: false });
  }

  closeSuccessPopup() {
    clearTimeout(this.timers.popup);
    this.set({ successPopup: false });
  }

  setActiveMode(on: boolean) {
    const workflow: WorkflowStep = on ? 'complete' : this.state.calibrated ? 'active' : 'calibrate';
    this.set({ activeMode: on, workflow, status: PROMPTS[workflow] });
    this.log(`Active Mode ${on ? 'on' : 'off'}`);
  }

  private async getCalibration() {
    return fetch(`${this.options.visionHttp}/model/realtime/calibrate/${this.state.peerId}`, {
      headers: this.authHeaders(),
    });
  }

  async calibrate() {
    if (!this.link?.connected() || !this.state.peerId) {
      this.set({ status: LIVE_MESSAGES.notConnected });
      return;
    }
    this.set({ calibrating: true, status: 'Calibrating... hold still' });
    try {
      const res = await this.getCalibration();
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        this.set({ status: calibrationErrorStatus(calibrationErrorText(res.status, text)), debug: true });
        return;
      }
      const body = (await res.json()) as {
        message?: string;
        outline?: number[][];
        frame_size?: { width: number; height: number };
      };
      if (body.message === 'Calibration successful') {
        this.outline = (body.outline ?? []) as Point[];
        if (body.frame_size) this.calibrationFrame = body.frame_size;
        this.set({ calibrated: true, workflow: 'active', status: PROMPTS.active, successPopup: true });
        this.log(`Calibration successful (${this.outline.length} outline points)`);
        navigator.vibrate?.([100, 50, 100]);
        clearTimeout(this.timers.popup);
        this.timers.popup = window.setTimeout(() => this.set({ successPopup: false }), SUCCESS_POPUP_MS);
      } else if (body.message === 'No calibration data found') {
        this.set({ status: LIVE_MESSAGES.calibrationNoData });
      } else {
        this.set({ status: LIVE_MESSAGES.calibrationUnexpected });
      }
    } catch (error) {
      this.set({ status: calibrationErrorStatus((error as Error).message), debug: true });
    } finally {
      this.set({ calibrating: false });
    }
  }

  async testCalibration() {
    if (!this.state.peerId) {
      this.set({ status: LIVE_MESSAGES.noPeerId });
      return;
    }
    try {
      const res = await this.getCalibration();
      if (!res.ok) {
        this.set({ status: testFailedStatus(res.status) });
        return;
      }
      const body = (await res.json()) as { message?: string; outline?: unknown[] };
      const message = `Test calibration: ${body.message ?? 'no message'} (${body.outline?.length ?? 0} outline points)`;
      this.set({ status: message });
      this.log(message);
    } catch (error) {
      this.set({ status: testFailedStatus((error as Error).message) });
    }
  }

  /** Tab hidden: drawing and the free timer pause; they resume when it is shown again (4.1). */
  setVisible(visible: boolean) {
    if (this.state.camera !== 'streaming') return;
    if (!visible && !this.paused) {
      this.paused = true;
      this.set({ status: LIVE_MESSAGES.paused });
    } else if (visible && this.paused) {
      this.paused = false;
      this.set({ status: LIVE_MESSAGES.resumed });
    }
  }

  private cleanupLink() {
    this.link?.close();
    this.link = null;
    this.set({ connected: false });
  }

  private stopStreaming() {
    clearTimeout(this.timers.retry);
    clearInterval(this.timers.free);
    clearInterval(this.timers.watchdog);
    clearInterval(this.timers.metrics);
    if (this.video && 'cancelVideoFrameCallback' in this.video)
      this.video.cancelVideoFrameCallback(this.drawHandle);
    cancelAnimationFrame(this.drawHandle);
    this.cleanupLink();
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.video) this.video.srcObject = null;
    const wasStreaming = this.state.camera !== 'idle';
    this.set({ camera: 'idle', peerId: null });
    if (wasStreaming) this.options.onStreamingChange?.(false);
  }

  /** Stop Camera resets everything, then says 'Camera stopped' (4.1). */
  stopCamera() {
    this.stopStreaming();
    const ctx = this.canvas?.getContext('2d');
    if (ctx && this.canvas) ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.latestFrame = null;
    this.outline = [];
    this.paused = false;
    clearTimeout(this.timers.popup);
    this.set({
      workflow: 'start',
      calibrated: false,
      calibrating: false,
      activeMode: false,
      activeModeDisabled: true,
      connection: 'none',
      detection: null,
      successPopup: false,
      showRetry: false,
      freeSeconds: FREE_TIER_SECONDS,
      metrics: { frameQuality: '—', overlayFps: 0, detectionFps: 0, framesReceived: 0, processingErrors: 0 },
      status: LIVE_MESSAGES.cameraStopped,
    });
  }

  dispose() {
    this.stopStreaming();
    this.disposed = true;
    this.listeners.clear();
  }
}

function calibrationErrorText(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string; error?: { message?: string } | string };
    const err = parsed.error;
    return (typeof err === 'string' ? err : err?.message) ?? parsed.message ?? `HTTP ${status}`;
  } catch {
    return body || `HTTP ${status}`;
  }
}
