// The live tool's state: what the component renders, its initial value and
// the pure changes to it that more than one part makes (a processing error, the frame summary).
import {
  type ConnectionIndicator,
  classifyTilt,
  type DemoSummary,
  type DetectionFrame,
  FREE_TIER_SECONDS,
  type FrameQuality,
  isDrawableKeypoint,
  LIVE_MESSAGES,
  modelStatusLabel,
  type ProcessingChoice,
  type ProcessingErrorStep,
  type TiltClass,
  type UnjudgedReason,
  type WorkflowStep,
} from '@posture-vision/core';
import type { OverlayDrawing } from './overlay.ts';

/** The tool's own control that starts the camera (landing page and dashboard). */
export const TOOL_START_CONTROL = 'Start Camera';

const PROMPTS: Record<Exclude<WorkflowStep, 'start'>, string> = {
  calibrate: LIVE_MESSAGES.cameraConnected,
  active: 'Calibrated! Step 2: Turn on Active Mode to get posture corrections',
  complete: 'Active Mode on: follow the arrows to return to your calibrated posture',
};

/**
 * The prompt of a workflow step. Before the camera runs it names the control that starts it where the tool is
 * hosted: the tool's own Start Camera, or the host page's control (the real-time session's Start Session), so
 * no page asks for a button it does not have. At the calibrate step with a reference of record already judged
 * against (`judging`), it says so instead of asking for a first calibration.
 */
export function workflowPrompt(
  step: WorkflowStep,
  startControl = TOOL_START_CONTROL,
  judging = false,
): string {
  if (step === 'start') return `Click ${startControl} to begin`;
  if (step === 'calibrate' && judging) return LIVE_MESSAGES.cameraConnectedWithReference;
  return PROMPTS[step];
}
export const SUCCESS_POPUP_MS = 3000;

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
  /** Why an analysed frame judged nothing (the producer's reason); null when judged or not said. */
  unjudged: UnjudgedReason | null;
}

export type DrawnTotals = OverlayDrawing & { overlayFrames: number };

export interface LiveState {
  tier: Tier;
  /** Where the video is processed: the vision service, or this computer (device-link.ts). */
  processing: ProcessingChoice;
  camera: CameraState;
  workflow: WorkflowStep;
  status: string;
  modelStatus: string;
  authRequired: boolean;
  connection: ConnectionIndicator | 'none';
  showRetry: boolean;
  connected: boolean;
  calibrated: boolean;
  /** A reference of record (the active profile's) is what the posture is judged against. */
  judgingReference: boolean;
  calibrating: boolean;
  activeMode: boolean;
  activeModeDisabled: boolean;
  layers: { hns: boolean; hand: boolean; boxes: boolean; outline: boolean };
  freeSeconds: number;
  timeUp: boolean;
  /** What the demo saw from Start Camera to the time-up (the time-up dialog shows it and mails it); null before. */
  demoSummary: DemoSummary | null;
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
  drawn: DrawnTotals;
}

export const emptyMetrics = (): LiveState['metrics'] => ({
  frameQuality: '—',
  overlayFps: 0,
  detectionFps: 0,
  framesReceived: 0,
  processingErrors: 0,
});

export const noDrawing = (): DrawnTotals => ({
  keypoints: 0,
  handPoints: 0,
  boxes: 0,
  outlinePoints: 0,
  arrows: 0,
  overlayFrames: 0,
});

export function initialLiveState(tier: Tier, processing: ProcessingChoice = 'server'): LiveState {
  return {
    tier,
    processing,
    camera: 'idle',
    workflow: 'start',
    status: '',
    modelStatus: modelStatusLabel('checking...'),
    authRequired: false,
    connection: 'none',
    showRetry: false,
    connected: false,
    calibrated: false,
    judgingReference: false,
    calibrating: false,
    activeMode: false,
    activeModeDisabled: true,
    layers: { hns: true, hand: true, boxes: false, outline: true },
    freeSeconds: FREE_TIER_SECONDS,
    timeUp: false,
    demoSummary: null,
    successPopup: false,
    debug: false,
    log: [],
    peerId: null,
    detection: null,
    metrics: emptyMetrics(),
    drawn: noDrawing(),
  };
}

/** What the Detection Status panel shows of one frame. */
export function summarise(frame: DetectionFrame): DetectionSummary {
  const pose = frame.hns?.poses?.[0] ?? [];
  const t = frame.temporal_posture_data;
  return {
    keypointCount: pose.filter(isDrawableKeypoint).length,
    tilt: classifyTilt(pose, frame.frame_size),
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
    unjudged: (t && frame.posture_unjudged) || null,
  };
}

/** A processing error (a malformed frame from the link, or a failed draw), the one way: the
 * count, and past 5 'quality degraded' with debug turned on (core's recordProcessingError decides). */
export function processingErrorPatch(state: LiveState, step: ProcessingErrorStep): Partial<LiveState> {
  return {
    metrics: { ...state.metrics, processingErrors: step.count },
    ...(step.degraded ? { status: LIVE_MESSAGES.qualityDegraded } : {}),
    ...(step.enableDebug ? { debug: true } : {}),
  };
}

/** One received frame: its summary, the frame count and quality, and Active Mode enabled once keypoints show. */
export function framePatch(
  state: LiveState,
  frame: DetectionFrame,
  quality: FrameQuality | null,
): Partial<LiveState> {
  const detection = summarise(frame);
  return {
    detection,
    metrics: {
      ...state.metrics,
      frameQuality: quality ?? state.metrics.frameQuality,
      framesReceived: state.metrics.framesReceived + 1,
    },
    ...(detection.keypointCount > 0 && state.activeModeDisabled ? { activeModeDisabled: false } : {}),
  };
}
