// A detection frame with nothing detected (testkit's builder), for tests that fill in the parts they are about.
import { detectionFrame, NOBODY } from '@posture-vision/testkit/frames';
import type { DetectionFrame, Keypoint, PostureVerdict } from '../../src/domain/detection/frame';

export function emptyFrame(): DetectionFrame {
  return detectionFrame({
    hns: { poses: [], boxes: [], emotions: [] },
    body_status: 'No person detected',
    temporal_posture_data: null,
    posture_verdict: NOBODY,
  });
}

/** A frame with this body (normalised keypoints in a picture of `frameSize`) and the verdict its producer judged
 * against its reference. */
export function judgedFrame(
  verdict: PostureVerdict,
  keypoints: Keypoint[],
  frameSize: { width: number; height: number },
): DetectionFrame {
  return {
    ...emptyFrame(),
    body_status: 'text the monitor never reads',
    posture_verdict: verdict,
    hns: { poses: [keypoints], boxes: [], emotions: [] },
    frame_size: frameSize,
    temporal_posture_data: {
      is_posture_deviated: verdict.status === 'poor',
      deviation_level: verdict.level ?? 'mild',
      confidence: 0.9,
      stability_factor: 1,
      smoothing_factor: 0.5,
      all_offset_vector: [],
    },
  };
}
