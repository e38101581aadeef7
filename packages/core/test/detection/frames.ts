// A detection frame with nothing detected, for tests that fill in the parts they are about.
import type { DetectionFrame } from '../../src/detection/frame';

export function emptyFrame(): DetectionFrame {
  return {
    status: 'ok',
    hns: { poses: [], boxes: [], emotions: [] },
    hand: { poses: [], confidences: [] },
    drowsiness: {
      drowsiness_state: false,
      mouth_state: 'closed',
      eye_state: 'open',
      blinking_count: 0,
      yawning_count: 0,
      boxes: [],
    },
    body_status: 'No person detected',
    temporal_posture_data: null,
  };
}
