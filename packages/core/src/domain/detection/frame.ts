// Detection frames sent by the vision service on /combined-realtime/results/{peerId}. Extra fields may be added,
// never renamed.
import type { PostureStatus } from '../sessions/contract';
import type { PostureIssue } from '../sessions/feedback';

/** A keypoint normalised to 0..1 of the frame; score is the detector's confidence when known. */
export interface Keypoint {
  x: number;
  y: number;
  score?: number;
  name?: string;
}

/** A box normalised to 0..1 of the frame. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  score?: number;
}

export type DeviationLevel = 'mild' | 'moderate' | 'severe';

export interface HnsResult {
  /** One list of keypoints per person, COCO-17 order (0 nose, 1 left eye, 2 right eye, 3/4 ears, 5/6 shoulders, 11/12 hips …). */
  poses: Keypoint[][];
  boxes: Box[];
  emotions: string[];
}

export interface HandResult {
  /** Up to two hands of 21 landmarks; the first is treated as left, the second as right. */
  poses: Keypoint[][];
  confidences: number[];
}

export interface DrowsinessResult {
  drowsiness_state: boolean;
  mouth_state: 'open' | 'closed' | string;
  eye_state: 'open' | 'closed' | string;
  blinking_count: number;
  yawning_count: number;
  boxes: Box[];
}

export interface TemporalPostureData {
  is_posture_deviated: boolean;
  deviation_level: DeviationLevel;
  /** 0..1 */
  confidence: number;
  stability_factor: number;
  smoothing_factor: number;
  /** One [dx, dy] pair per keypoint, normalised like the keypoints. */
  all_offset_vector: [number, number][];
}

/**
 * The posture verdict of one frame, as data (an added field): decided once by core's analysis
 * (`domain/analysis/verdict.ts`) where the frame is produced, read by the clients as is. `body_status` is its
 * display text and is never parsed back.
 */
export interface PostureVerdict {
  /** neutral: nobody (or too little of a person) in view to judge. */
  status: PostureStatus;
  /** What a poor posture is about, worst first; null when good, neutral, or poor without a named cause. */
  issue: PostureIssue | null;
  /** The deviation level of a poor posture; null otherwise. */
  level: DeviationLevel | null;
}

export interface DetectionFrame {
  /** 'waiting' means skip the frame (no calibration or no frame decoded yet). */
  status: 'ok' | 'waiting' | string;
  hns: HnsResult;
  hand: HandResult;
  drowsiness: DrowsinessResult;
  body_status: string;
  temporal_posture_data: TemporalPostureData | null;
  /** Extra fields (never renamed): server timestamp in ms and the frame's size in pixels. */
  timestamp?: number;
  frame_size?: { width: number; height: number };
  /** Extra field: the verdict as data. Absent from older producers; `frameVerdict` reads either. */
  posture_verdict?: PostureVerdict;
  /** Extra field: what monitoring watches for after this frame (core `live/monitor-rate.ts`), which sets how often
   * a passive monitor looks. Absent from older producers; `frameWatch` falls back on the verdict. */
  posture_watch?: PostureWatch;
  /** Extra field: why a neutral verdict judged nothing, when the producer knows (core analysis/seeing.ts); absent
   * on a judged frame and from older producers. */
  posture_unjudged?: UnjudgedReason;
}

/** Why nothing was judged (core analysis/seeing.ts has the rule). */
export const UNJUDGED_REASONS = [
  'nobody',
  'shoulders_out_of_view',
  'looking_away',
  'too_dark',
  'too_blurred',
] as const;
export type UnjudgedReason = (typeof UNJUDGED_REASONS)[number];

/** at_risk: a posture deviating (being timed), recovering, or a head turned away; poor: a deviation reported and
 * held (not recovering); steady: a person in view whose posture is good (or not judged yet); nobody: no person in
 * view. */
export type PostureWatch = 'at_risk' | 'poor' | 'steady' | 'nobody';
