// Detection frames for tests, shaped like the vision service's: one builder that the
// packages' tests change only where their case differs.
import type { DetectionFrame, PostureVerdict, TemporalPostureData } from '@posture-vision/core/detection';

/** COCO-17 keypoints (normalised) of a person sitting upright facing the camera: head and shoulders, arms at the
 * sides, hips at the frame's foot, legs out of view. Core's analysis takes it as a reference. */
export const person = [
  [0.5, 0.35],
  [0.53, 0.31],
  [0.47, 0.31],
  [0.57, 0.33],
  [0.43, 0.33],
  [0.65, 0.55],
  [0.35, 0.55],
  [0.7, 0.75],
  [0.3, 0.75],
  [0.66, 0.9],
  [0.34, 0.9],
  [0.6, 0.96],
  [0.4, 0.96],
  [0.6, 0.99],
  [0.4, 0.99],
  [0.6, 0.995],
  [0.4, 0.995],
].map(([x, y]) => ({ x: x as number, y: y as number, score: 0.9 }));

/** Temporal posture data: steady and not deviated, with `change` applied. */
export function temporalData(change: Partial<TemporalPostureData> = {}): TemporalPostureData {
  return {
    is_posture_deviated: false,
    deviation_level: 'moderate',
    confidence: 0.9,
    stability_factor: 1,
    smoothing_factor: 0.5,
    all_offset_vector: [],
    ...change,
  };
}

/** The verdict of nobody in view (core's analysis decides it; frames carry it as `posture_verdict`). */
export const NOBODY: PostureVerdict = { status: 'neutral', issue: null, level: null };

/** A frame of one person in good posture (or deviated, 'Head tilted': poor, issue tilt), with `change`
 * applied. The verdict travels as data, as the vision service sends it. */
export function detectionFrame(change: Partial<DetectionFrame> = {}, deviated = false): DetectionFrame {
  return {
    status: 'ok',
    hns: { poses: [person], boxes: [], emotions: [] },
    hand: { poses: [], confidences: [] },
    drowsiness: {
      drowsiness_state: false,
      mouth_state: 'closed',
      eye_state: 'open',
      blinking_count: 0,
      yawning_count: 0,
      boxes: [],
    },
    body_status: deviated ? 'Head tilted' : 'Good posture',
    temporal_posture_data: temporalData({ is_posture_deviated: deviated }),
    posture_verdict: deviated
      ? { status: 'poor', issue: 'tilt', level: 'moderate' }
      : { status: 'good', issue: null, level: null },
    ...change,
  };
}
