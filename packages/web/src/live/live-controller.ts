// The live posture tool's behaviour without React: it holds the
// tool state and runs the workflow (model status, start/stop, calibration, Active Mode, tier and free timer,
// visibility) over four small parts: the camera (live-camera.ts), the draw loop (draw-loop.ts), the live-link
// wiring (link-wiring.ts; in device mode device-link.ts feeds the same handlers) and the state with its shared
// changes (tool-state.ts). The component renders `state` and forwards clicks.
// Every frame goes through core's live loop (`loop`), once: with a session (the real-time session page) the
// loop's monitor reads it and sends the feedback, and the page subscribes to the loop's readings; the loop also
// hands the reference of record to whichever producer runs. The page configures the controller and subscribes;
// nothing is handed back and forth between the page and the tool.
import {
  cameraErrorStatus,
  checkModelStatus,
  createDemoTally,
  createLiveLoop,
  DEBUG_LOG_CAP,
  type DemoTally,
  type DetectionFrame,
  FREE_TIER_SECONDS,
  type FrameQuality,
  frameVerdict,
  LIVE_MESSAGES,
  type LiveLinkState,
  type LiveLoop,
  modelStatusLabel,
  nextWorkflowStep,
  PROCESSING_MESSAGES,
  type ProcessingChoice,
  type ProcessingErrorStep,
  type ProfileReference,
  REFERENCE_FRAME_SIZE,
  recordProcessingError,
  referenceOutline,
  type Size,
  testAgainstReferenceStatus,
  tickFreeTimer,
} from '@posture-vision/core';
import { openDeviceLink } from './device-link.ts';
import { addDrawing, corrections, rateOver, startDrawLoop } from './draw-loop.ts';
import { type LinkHandlers, openToolLink, type ToolLink, type ToolLinkOptions } from './link-wiring.ts';
import { openLiveCamera, releaseLiveCamera } from './live-camera.ts';
import {
  emptyMetrics,
  framePatch,
  initialLiveState,
  type LiveState,
  processingErrorPatch,
  SUCCESS_POPUP_MS,
  type Tier,
  TOOL_START_CONTROL,
  workflowPrompt,
} from './tool-state.ts';

export type { CameraState, DetectionSummary, LiveState, Tier } from './tool-state.ts';
export { SUCCESS_POPUP_MS, summarise, TOOL_START_CONTROL, workflowPrompt } from './tool-state.ts';

export interface LiveControllerOptions extends ToolLinkOptions {
  /** The live loop every frame goes through, as its page configured it (the real-time session's runs the
   * session: its monitor reads every frame once and sends the feedback). Without it (the landing page, the
   * dashboard widget) the controller makes one with no session: frames are only shown. */
  loop?: LiveLoop;
  initialTier?: Tier;
  /** Where the video is processed at first (the remembered choice); setProcessing changes it. */
  initialProcessing?: ProcessingChoice;
  /** The clock of the demo's summary, in ms (default Date.now). */
  now?: () => number;
}

export class LiveController {
  state: LiveState;
  /** The one owner of each frame: its reading, the session's feedback, the reference of record. */
  readonly loop: LiveLoop;
  private listeners = new Set<() => void>();
  private streamingListeners = new Set<(streaming: boolean) => void>();
  private stream: MediaStream | null = null;
  private link: { link: ToolLink; close(): void; detach(): void } | null = null;
  private drawing: { stop(): void } | null = null;
  private video: HTMLVideoElement | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private latestFrame: DetectionFrame | null = null;
  private outline: [number, number][] = [];
  private calibrationFrame: Size = REFERENCE_FRAME_SIZE;
  /** The reference of record the producer judges against (the active calibration profile's): its outline. */
  private profile: { outline: [number, number][]; frame: Size } | null = null;
  private timers: { free?: number; metrics?: number; popup?: number } = {};
  private paused = false;
  /** Times of recent overlay draws and detection frames, for rates over a 5 s window. */
  private overlayTimes: number[] = [];
  private detectionTimes: number[] = [];
  /** The demo's tally since Start Camera: every frame's verdict, for the time-up dialog's summary. */
  private demo: DemoTally | null = null;

  constructor(private options: LiveControllerOptions) {
    this.state = initialLiveState(options.initialTier ?? 'free', options.initialProcessing ?? 'server');
    this.loop = options.loop ?? createLiveLoop();
    this.drawReference(this.loop.reference ?? null);
    this.loop.onReference((reference) => this.drawReference(reference));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  /** The camera started or stopped streaming (the real-time session stops its session with the camera). */
  onStreamingChange(listener: (streaming: boolean) => void): () => void {
    this.streamingListeners.add(listener);
    return () => {
      this.streamingListeners.delete(listener);
    };
  }

  private streamingChanged(streaming: boolean) {
    for (const listener of this.streamingListeners) listener(streaming);
  }

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

  /** Model status on load, with the health check as fallback (the vision service's
   * model-status call, then its health; unreachable: the connection error). In device mode the models are this
   * computer's: nothing is asked of the vision service. */
  async checkModelStatus() {
    if (this.state.processing === 'device') {
      this.set({ modelStatus: modelStatusLabel(PROCESSING_MESSAGES.deviceModels) });
      return;
    }
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
    this.set({
      camera: 'starting',
      status: 'Starting camera...',
      timeUp: false,
      demoSummary: null,
      showRetry: false,
    });
    this.demo = createDemoTally(this.now());
    try {
      this.stream = await openLiveCamera(this.video);
    } catch (error) {
      this.set({ camera: 'idle', status: cameraErrorStatus((error as Error).message) });
      return;
    }
    const device = this.state.processing === 'device';
    this.set({
      camera: 'streaming',
      status: device ? PROCESSING_MESSAGES.deviceStarted : 'Camera started. Connecting to server...',
      authRequired: false,
    });
    this.streamingChanged(true);
    this.startLoops();
    const handlers: LinkHandlers = {
      // The link says 'Camera connected! Step 1: …'; with a reference of record already judged against, the
      // calibrate step's prompt says that instead.
      status: (status) =>
        this.set({
          status:
            status === LIVE_MESSAGES.cameraConnected
              ? workflowPrompt('calibrate', TOOL_START_CONTROL, this.profile !== null)
              : status,
        }),
      log: (line) => this.log(line),
      connection: (connection) => this.set({ connection }),
      state: (state) => this.onLinkState(state),
      frame: (frame, quality) => this.onFrame(frame, quality),
      processingError: (step) => this.processingError(step),
    };
    const tier = () => this.state.tier;
    const opened = device
      ? openDeviceLink({ video: this.videoFor(this.stream), tier }, handlers)
      : openToolLink(this.stream, { ...this.options, tier }, handlers);
    // The loop hands the new producer the reference of record.
    this.link = { ...opened, detach: this.loop.attach(opened.link) };
    this.set({ peerId: opened.link.peerId });
  }

  /** The tool's video element, or (no element attached) a muted one playing the stream for the detector. */
  private videoFor(stream: MediaStream): HTMLVideoElement {
    if (this.video) return this.video;
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return video;
  }

  /** "Process video on this computer" or the vision service; changed while the camera is off, from the next
   * Start Camera. */
  setProcessing(processing: ProcessingChoice) {
    if (processing === this.state.processing || this.state.camera !== 'idle') return;
    this.set({ processing });
    this.log(processing === 'device' ? PROCESSING_MESSAGES.device : PROCESSING_MESSAGES.server);
    void this.checkModelStatus();
  }

  private onLinkState(state: LiveLinkState) {
    this.set({ connected: state === 'connected' });
    if (state === 'connected') {
      this.set({ workflow: nextWorkflowStep(this.state.workflow, { type: 'resultsOpened' }) });
      // After a reconnect the prompt of the current step shows again (the link says 'Camera connected!').
      if (this.state.workflow !== 'calibrate') this.set({ status: workflowPrompt(this.state.workflow) });
    } else if (state === 'failed') {
      // The connection error: the Retry Connection button shows and streaming is marked off.
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

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private onFrame(frame: DetectionFrame, quality: FrameQuality | null) {
    this.loop.frame(frame);
    this.demo?.add(frameVerdict(frame), this.now());
    this.latestFrame = frame;
    this.detectionTimes.push(performance.now());
    this.set(framePatch(this.state, frame, quality));
  }

  /** The loop's reference of record changed (the active profile's, or one just taken): the reference outline
   * drawn is it, and Test Calibration reports it. */
  private drawReference(reference: ProfileReference | null) {
    this.profile = reference
      ? {
          outline: referenceOutline(reference.keypoints, reference.frame.width, reference.frame.height),
          frame: reference.frame,
        }
      : null;
    if (this.state.judgingReference !== (reference !== null))
      this.set({ judgingReference: reference !== null });
  }

  private processingError(step: ProcessingErrorStep) {
    this.set(processingErrorPatch(this.state, step));
  }

  private startLoops() {
    if (this.video && this.canvas) {
      this.drawing = startDrawLoop(this.video, this.canvas, {
        frame: () => this.latestFrame,
        layers: () =>
          this.state.tier === 'pro'
            ? this.state.layers
            : { hns: true, hand: false, boxes: false, outline: true },
        corrections: (size) =>
          corrections(
            this.latestFrame,
            this.state.activeMode,
            this.profile?.outline ?? this.outline,
            this.profile?.frame ?? this.calibrationFrame,
            size,
          ),
        paused: () => this.paused,
        drawn: (drawing) => {
          this.overlayTimes.push(performance.now());
          // Totals are kept without notifying: the metrics timer publishes them once a second.
          this.state.drawn = addDrawing(this.state.drawn, drawing);
        },
        failed: (error) => {
          this.log(`Processing error: ${error.message}`);
          this.processingError(recordProcessingError(this.state.metrics.processingErrors));
        },
      });
    }
    const started = performance.now();
    this.timers.metrics = window.setInterval(() => {
      const now = performance.now();
      this.set({
        metrics: {
          ...this.state.metrics,
          overlayFps: rateOver(this.overlayTimes, now, started),
          detectionFps: rateOver(this.detectionTimes, now, started),
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

  /** At 0 (or when the server ends the Free Tier) the camera stops as Stop Camera stops it (no skeleton, no
   * 'Connected' or posture left standing) and the e-mail capture opens, saying why, with the demo's summary. */
  private timeIsUp() {
    const demoSummary = this.demo?.summary(this.now()) ?? null;
    this.demo = null;
    this.stopCamera();
    this.set({ timeUp: true, demoSummary, freeSeconds: 0, status: LIVE_MESSAGES.freeTierLimit });
  }

  setTier(tier: Tier) {
    if (tier === this.state.tier) return;
    this.link?.link.setTier(tier);
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
    this.set({ activeMode: on, workflow, status: workflowPrompt(workflow) });
    this.log(`Active Mode ${on ? 'on' : 'off'}`);
  }

  async calibrate() {
    const link = this.link?.link;
    if (!link) {
      this.set({ status: LIVE_MESSAGES.notConnected });
      return;
    }
    this.set({ calibrating: true, status: 'Calibrating... hold still' });
    const result = await link.calibrate();
    this.set({ calibrating: false });
    if (!result.ok) {
      this.set({ status: result.status, ...(result.enableDebug ? { debug: true } : {}) });
      return;
    }
    this.outline = result.outline;
    if (result.frameSize) this.calibrationFrame = result.frameSize;
    const workflow = nextWorkflowStep(this.state.workflow, { type: 'calibrated' });
    this.set({ calibrated: true, workflow, status: workflowPrompt(workflow), successPopup: true });
    this.log(`Calibration successful (${this.outline.length} outline points)`);
    // With a session the reference taken becomes the reference of record (the page stores it in the profile).
    this.loop.referenceTaken(result.reference);
    navigator.vibrate?.([100, 50, 100]);
    clearTimeout(this.timers.popup);
    this.timers.popup = window.setTimeout(() => this.set({ successPopup: false }), SUCCESS_POPUP_MS);
  }

  async testCalibration() {
    if (this.profile) {
      // The posture is judged against the active profile's reference, not the service's calibration.
      const message = testAgainstReferenceStatus(this.profile.outline.length);
      this.set({ status: message });
      this.log(message);
      return;
    }
    // Nothing calibrated yet: the service's calibration call would take a calibration and call it a success.
    if (!this.state.calibrated) {
      this.set({ status: LIVE_MESSAGES.testNoCalibration });
      return;
    }
    const link = this.link?.link;
    if (!link) {
      this.set({ status: LIVE_MESSAGES.noPeerId });
      return;
    }
    const result = await link.testCalibration();
    if (!result.ok) {
      this.set({ status: result.status });
      return;
    }
    const outline = Array.isArray(result.body.outline) ? result.body.outline.length : 0;
    const message = `Test calibration: ${String(result.body.message ?? 'no message')} (${outline} outline points)`;
    this.set({ status: message });
    this.log(message);
  }

  /** Tab hidden: drawing and the free timer pause; they resume when it is shown again. */
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
    this.drawing?.stop();
    this.drawing = null;
    this.link?.detach();
    this.link?.close();
    this.link = null;
    releaseLiveCamera(this.stream, this.video);
    this.stream = null;
    const wasStreaming = this.state.camera !== 'idle';
    this.set({ camera: 'idle', connected: false, peerId: null });
    if (wasStreaming) this.streamingChanged(false);
  }

  /** Stop Camera resets everything, then says 'Camera stopped'. */
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
