// The live posture tool's behaviour without React (document 2, sections 2.3, 4.1, 5.1, 8.1, 9): the camera,
// core's live link (sockets, peer connection, retries, auth closes, watchdog), the free timer, calibration,
// the drawing loop and the texts the tool shows. The component renders `state` and forwards clicks.
import {
  type ConnectionIndicator,
  cameraErrorStatus,
  centroid,
  checkModelStatus,
  classifyTilt,
  correctionArrows,
  createLiveLink,
  DEBUG_LOG_CAP,
  type DetectionFrame,
  FREE_TIER_SECONDS,
  type FrameQuality,
  type IceServer,
  isDrawableKeypoint,
  LIVE_MESSAGES,
  type LiveLink,
  type LiveLinkState,
  modelStatusLabel,
  nextWorkflowStep,
  type Point,
  placeOutline,
  REFERENCE_FRAME_SIZE,
  randomPeerId,
  recordProcessingError,
  type Size,
  shouldDrawCorrections,
  type TiltClass,
  tickFreeTimer,
  type WorkflowStep,
} from '@posture-vision/core';
import { drawOverlay, type OverlayDrawing } from './overlay.ts';

export const PROMPTS: Record<WorkflowStep, string> = {
  start: 'Click Start Camera to begin',
  calibrate: LIVE_MESSAGES.cameraConnected,
  active: 'Calibrated! Step 2: Turn on Active Mode to get posture corrections',
  complete: 'Active Mode on: follow the arrows to return to your calibrated posture',
};
export const SUCCESS_POPUP_MS = 3000;
const RATE_WINDOW_MS = 5000;
/** The head-neck-shoulder keypoints (COCO 0..6) the calibration outline is built from. */
const OUTLINE_KEYPOINTS = 7;

export type Tier = 'free' | 'pro';
export type CameraState = 'idle' | 'starting' | 'streaming';

export interface DetectionSummary {
  keypointCount: number;
  tilt: TiltClass;
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
  connection: ConnectionIndicator | 'none';
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
  peerId: string | null;
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
  refreshToken?: () => Promise<string | null>;
  onFrame?: (frame: DetectionFrame) => void;
  onStreamingChange?: (streaming: boolean) => void;
  initialTier?: Tier;
  /** STUN/TURN servers of the peer connection (services/api.ts: VITE_ICE_SERVERS or the public STUN). */
  iceServers?: IceServer[];
}

const emptyMetrics = (): LiveState['metrics'] => ({
  frameQuality: '—',
  overlayFps: 0,
  detectionFps: 0,
  framesReceived: 0,
  processingErrors: 0,
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
    metrics: emptyMetrics(),
    drawn: { keypoints: 0, handPoints: 0, boxes: 0, outlinePoints: 0, arrows: 0, overlayFrames: 0 },
  };
}

export function summarise(frame: DetectionFrame): DetectionSummary {
  const pose = frame.hns?.poses?.[0] ?? [];
  const t = frame.temporal_posture_data;
  return {
    keypointCount: pose.filter(isDrawableKeypoint).length,
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
  private unsubscribe: (() => void)[] = [];
  private video: HTMLVideoElement | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private latestFrame: DetectionFrame | null = null;
  private outline: [number, number][] = [];
  private calibrationFrame: Size = REFERENCE_FRAME_SIZE;
  private timers: { free?: number; metrics?: number; popup?: number } = {};
  private drawHandle = 0;
  private paused = false;
  /** Times of recent overlay draws and detection frames, for rates over a 5 s window. */
  private overlayTimes: number[] = [];
  private detectionTimes: number[] = [];

  constructor(private options: LiveControllerOptions) {
    this.state = initialState(options.initialTier ?? 'free');
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<LiveState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  log(line: string) {
    const stamped = `${new Date().toLocaleTimeString()} ${line}`;
    this.set({ log: [...this.state.log, stamped].slice(-DEBUG_LOG_CAP) });
  }

  attach(video: HTMLVideoElement | null, canvas: HTMLCanvasElement | null) {
    this.video = video;
    this.canvas = canvas;
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
    const result = await checkModelStatus({
      httpUrl: this.options.visionHttp,
      getAccessToken: this.options.getToken,
    });
    if (result.kind === 'auth') return this.requireLogin();
    if (result.kind === 'ready') {
      this.set({ modelStatus: result.message ? `${result.label} - ${result.message}` : result.label });
    } else {
      this.set({ modelStatus: result.label, status: result.status });
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
    this.set({ camera: 'streaming', status: 'Camera started. Connecting to server...', authRequired: false });
    this.options.onStreamingChange?.(true);
    this.startLoops();
    this.openLink(this.stream);
  }

  private openLink(stream: MediaStream) {
    const link = createLiveLink({
      stream,
      peerId: randomPeerId(),
      visionWsUrl: this.options.visionWs,
      visionHttpUrl: this.options.visionHttp,
      getAccessToken: this.options.getToken,
      refreshAccessToken: this.options.refreshToken,
      iceServers: this.options.iceServers,
      // The vision service cuts anonymous Free use at 120 s and never Pro (unlimited time).
      tier: () => this.state.tier,
    });
    this.link = link;
    this.unsubscribe = [
      link.on('status', (status) => this.set({ status })),
      link.on('log', (line) => this.log(line)),
      link.on('connection', ({ indicator }) => this.set({ connection: indicator })),
      link.on('state', (state) => this.onLinkState(state)),
      link.on('frame', ({ frame, quality }) => this.onFrame(frame, quality)),
      link.on('processingError', (step) => {
        this.set({
          metrics: { ...this.state.metrics, processingErrors: step.count },
          ...(step.degraded ? { status: LIVE_MESSAGES.qualityDegraded } : {}),
          ...(step.enableDebug ? { debug: true } : {}),
        });
      }),
    ];
    this.set({ peerId: link.peerId });
    link.start();
  }

  private onLinkState(state: LiveLinkState) {
    this.set({ connected: state === 'connected' });
    if (state === 'connected') {
      this.set({ workflow: nextWorkflowStep(this.state.workflow, { type: 'resultsOpened' }) });
      // After a reconnect the prompt of the current step shows again (the link says 'Camera connected!').
      if (this.state.workflow !== 'calibrate') this.set({ status: PROMPTS[this.state.workflow] });
    } else if (state === 'failed') {
      // 8.1: the Retry Connection button shows and streaming is marked off.
      this.stopStreaming();
      this.set({ showRetry: true });
    } else if (state === 'auth-required') {
      this.stopStreaming();
      this.requireLogin();
    } else if (state === 'free-tier-ended') {
      this.timeIsUp();
    }
  }

  /** Retry Connection: the camera again and a fresh round of attempts. */
  async retryConnection() {
    this.set({ showRetry: false });
    if (this.state.camera === 'idle') await this.startCamera();
  }

  private onFrame(frame: DetectionFrame, quality: FrameQuality | null) {
    this.latestFrame = frame;
    this.detectionTimes.push(performance.now());
    const detection = summarise(frame);
    const patch: Partial<LiveState> = {
      detection,
      metrics: {
        ...this.state.metrics,
        frameQuality: quality ?? this.state.metrics.frameQuality,
        framesReceived: this.state.metrics.framesReceived + 1,
      },
    };
    if (detection.keypointCount > 0 && this.state.activeModeDisabled) patch.activeModeDisabled = false;
    this.set(patch);
    this.options.onFrame?.(frame);
  }

  private drawingError(error: Error) {
    const step = recordProcessingError(this.state.metrics.processingErrors);
    this.log(`Processing error: ${error.message}`);
    this.set({
      metrics: { ...this.state.metrics, processingErrors: step.count },
      ...(step.degraded ? { status: LIVE_MESSAGES.qualityDegraded } : {}),
      ...(step.enableDebug ? { debug: true } : {}),
    });
  }

  /** The outline and arrows to draw: only in Active Mode while the posture is deviated (4.1). */
  private correction(size: { width: number; height: number }) {
    const posture = this.latestFrame?.temporal_posture_data ?? null;
    const pose = this.latestFrame?.hns?.poses?.[0];
    if (!pose || !posture || !shouldDrawCorrections(this.state.activeMode, posture)) return null;
    const hns = pose
      .slice(0, OUTLINE_KEYPOINTS)
      .filter(isDrawableKeypoint)
      .map((k) => ({ x: k.x * size.width, y: k.y * size.height }));
    const outline = placeOutline(
      this.outline,
      this.calibrationFrame,
      size,
      hns.length ? centroid(hns) : null,
    );
    return { outline: (outline ?? []) as Point[], arrows: correctionArrows(pose, posture, size) };
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
      this.overlayTimes.push(performance.now());
      const total = this.state.drawn;
      // Totals are kept without notifying: the metrics timer publishes them once a second.
      this.state.drawn = {
        keypoints: total.keypoints + drawn.keypoints,
        handPoints: total.handPoints + drawn.handPoints,
        boxes: total.boxes + drawn.boxes,
        outlinePoints: total.outlinePoints + drawn.outlinePoints,
        arrows: total.arrows + drawn.arrows,
        overlayFrames: total.overlayFrames + 1,
      };
    } catch (error) {
      this.drawingError(error as Error);
    }
  };

  /** Draws at the camera's frame rate (a callback per decoded video frame, else per animation frame). */
  private scheduleDraw = () => {
    if (this.state.camera !== 'streaming' || !this.video) return;
    const next = () => {
      this.draw();
      this.scheduleDraw();
    };
    this.drawHandle =
      'requestVideoFrameCallback' in this.video
        ? this.video.requestVideoFrameCallback(next)
        : requestAnimationFrame(next);
  };

  private startLoops() {
    this.scheduleDraw();
    const started = performance.now();
    this.timers.metrics = window.setInterval(() => {
      const now = performance.now();
      // Detection frames may arrive in bursts: rates over the last 5 s (or since the start) read steadier.
      const since = Math.max(started, now - RATE_WINDOW_MS);
      this.overlayTimes = this.overlayTimes.filter((t) => t >= since);
      this.detectionTimes = this.detectionTimes.filter((t) => t >= since);
      const seconds = Math.max(0.001, (now - since) / 1000);
      this.set({
        metrics: {
          ...this.state.metrics,
          overlayFps: Math.round((this.overlayTimes.length / seconds) * 10) / 10,
          detectionFps: Math.round((this.detectionTimes.length / seconds) * 10) / 10,
        },
        drawn: { ...this.state.drawn },
      });
    }, 1000);
    if (this.state.tier === 'free') this.startFreeTimer();
  }

  private startFreeTimer() {
    clearInterval(this.timers.free);
    this.timers.free = window.setInterval(() => {
      if (this.paused) return;
      const tick = tickFreeTimer(this.state.freeSeconds);
      this.set({ freeSeconds: tick.seconds });
      if (tick.expired) this.timeIsUp();
    }, 1000);
  }

  /** At 0 (or when the server ends the Free Tier) the stream stops and the e-mail capture opens. */
  private timeIsUp() {
    this.stopStreaming();
    this.set({ timeUp: true, freeSeconds: 0, status: LIVE_MESSAGES.freeTierLimit });
  }

  setTier(tier: Tier) {
    if (tier === this.state.tier) return;
    this.link?.setTier(tier);
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
    const workflow = nextWorkflowStep(
      this.state.workflow,
      on ? { type: 'activeModeOn' } : { type: 'activeModeOff', calibrated: this.state.calibrated },
    );
    this.set({ activeMode: on, workflow, status: PROMPTS[workflow] });
    this.log(`Active Mode ${on ? 'on' : 'off'}`);
  }

  async calibrate() {
    if (!this.link) {
      this.set({ status: LIVE_MESSAGES.notConnected });
      return;
    }
    this.set({ calibrating: true, status: 'Calibrating... hold still' });
    const result = await this.link.calibrate();
    this.set({ calibrating: false });
    if (!result.ok) {
      this.set({ status: result.status, ...(result.enableDebug ? { debug: true } : {}) });
      return;
    }
    this.outline = result.outline;
    if (result.frameSize) this.calibrationFrame = result.frameSize;
    const workflow = nextWorkflowStep(this.state.workflow, { type: 'calibrated' });
    this.set({ calibrated: true, workflow, status: PROMPTS[workflow], successPopup: true });
    this.log(`Calibration successful (${this.outline.length} outline points)`);
    navigator.vibrate?.([100, 50, 100]);
    clearTimeout(this.timers.popup);
    this.timers.popup = window.setTimeout(() => this.set({ successPopup: false }), SUCCESS_POPUP_MS);
  }

  async testCalibration() {
    if (!this.link) {
      this.set({ status: LIVE_MESSAGES.noPeerId });
      return;
    }
    const result = await this.link.testCalibration();
    if (!result.ok) {
      this.set({ status: result.status });
      return;
    }
    const outline = Array.isArray(result.body.outline) ? result.body.outline.length : 0;
    const message = `Test calibration: ${String(result.body.message ?? 'no message')} (${outline} outline points)`;
    this.set({ status: message });
    this.log(message);
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

  private stopStreaming() {
    clearInterval(this.timers.free);
    clearInterval(this.timers.metrics);
    this.overlayTimes = [];
    this.detectionTimes = [];
    if (this.video && 'cancelVideoFrameCallback' in this.video)
      this.video.cancelVideoFrameCallback(this.drawHandle);
    cancelAnimationFrame(this.drawHandle);
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.link?.stop();
    this.link = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.video) this.video.srcObject = null;
    const wasStreaming = this.state.camera !== 'idle';
    this.set({ camera: 'idle', connected: false, peerId: null });
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
      workflow: nextWorkflowStep(this.state.workflow, { type: 'stopped' }),
      calibrated: false,
      calibrating: false,
      activeMode: false,
      activeModeDisabled: true,
      connection: 'none',
      detection: null,
      successPopup: false,
      showRetry: false,
      freeSeconds: FREE_TIER_SECONDS,
      metrics: emptyMetrics(),
      status: LIVE_MESSAGES.cameraStopped,
    });
  }

  /** Leaving the page: camera and link are released without the Stop texts (React may mount again). */
  release() {
    this.stopStreaming();
  }
}
