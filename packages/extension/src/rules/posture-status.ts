// What one detection frame means for passive monitoring: good, poor or neutral (nobody in view), or
// nothing at all while the service is still waiting for a calibration or a decoded frame.
import {
  countsAsPoor,
  type DetectionFrame,
  type PostureFeedback,
  type PostureStatus,
  type Sensitivity,
} from '@posture-vision/core';

/** The tilt classification needs at least this many keypoints (document 2, section 4.1). */
const MIN_KEYPOINTS = 11;

export function personInView(frame: DetectionFrame): boolean {
  const pose = frame.hns.poses[0];
  return !!pose && pose.length >= MIN_KEYPOINTS;
}

/** Poor when the analysis reports a deviation at a level the user's sensitivity counts (core's
 * alert-preferences: high counts every level, medium from moderate, low only severe). */
export function postureOfFrame(
  frame: DetectionFrame,
  sensitivity: Sensitivity = 'high',
): PostureStatus | null {
  if (frame.status === 'waiting') return null;
  const t = frame.temporal_posture_data;
  if (!personInView(frame) || !t) return 'neutral';
  return t.is_posture_deviated && countsAsPoor(t.deviation_level, sensitivity) ? 'poor' : 'good';
}

/** The issue named in the frame's body status (forward head unless it names tilt or the shoulders). */
export function issueOf(frame: DetectionFrame): 'forward_head' | 'shoulder_asymmetry' | 'tilt' {
  if (/tilt/i.test(frame.body_status)) return 'tilt';
  if (/shoulder/i.test(frame.body_status)) return 'shoulder_asymmetry';
  return 'forward_head';
}

/** The feedback a passive session records for a posture (document 2, section 3.4). */
export function feedbackFor(frame: DetectionFrame, status: PostureStatus, at: number): PostureFeedback {
  const deviation = frame.temporal_posture_data;
  return {
    postureStatus: status,
    timestamp: new Date(at).toISOString(),
    details: {
      type: 'passive',
      ...(status === 'poor' && deviation ? { issue: issueOf(frame), level: deviation.deviation_level } : {}),
    },
  };
}
