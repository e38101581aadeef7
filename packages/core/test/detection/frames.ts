// A detection frame with nothing detected (testkit's builder), for tests that fill in the parts they are about.
import { detectionFrame, NOBODY } from '@posture-vision/testkit/frames';
import type { DetectionFrame } from '../../src/detection/frame';

export function emptyFrame(): DetectionFrame {
  return detectionFrame({
    hns: { poses: [], boxes: [], emotions: [] },
    body_status: 'No person detected',
    temporal_posture_data: null,
    posture_verdict: NOBODY,
  });
}
