// Detection frames for unit tests, shaped like the vision service's (document 2, section 3.1), with the verdict
// core's analysis decided.
import type { DetectionFrame, PostureVerdict } from '@posture-vision/core';

export const NOBODY: PostureVerdict = { status: 'neutral', issue: null, level: null };

/** 17 keypoints of a person in view. */
export const person = Array.from({ length: 17 }, (_, i) => ({
  x: 0.3 + i * 0.01,
  y: 0.2 + i * 0.03,
  score: 0.9,
}));

export function frame(change: Partial<DetectionFrame> = {}, deviated = false): DetectionFrame {
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
    body_status: deviated ? 'Moderate deviation: Head tilted sideways (17°)' : 'Good posture',
    temporal_posture_data: {
      is_posture_deviated: deviated,
      deviation_level: 'moderate',
      confidence: 0.9,
      stability_factor: 1,
      smoothing_factor: 0.5,
      all_offset_vector: [],
    },
    posture_verdict: deviated
      ? { status: 'poor', issue: 'tilt', level: 'moderate' }
      : { status: 'good', issue: null, level: null },
    ...change,
  };
}
