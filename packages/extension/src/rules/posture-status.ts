// What one detection frame means for passive monitoring: good, poor or neutral (nobody in view), or
// nothing at all while the service is still waiting for a calibration or a decoded frame.
import type { DetectionFrame, PostureFeedback, PostureStatus } from '@posture-vision/core';

/** The tilt classification needs at least this many keypoints (document 2, section 4.1). */
const MIN_KEYPOINTS = 11;

export function personInView(frame: DetectionFrame): boolean {
  const pose = frame.hns.poses[0];
  return !!pose && pose.length >= MIN_KEYPOINTS;
}

export function postureOfFrame(frame: DetectionFrame): PostureStatus | null {
  if (frame.status === 'waiting') return null;
  if (!personInView(frame) || !frame.temporal_posture_data) return 'neutral';
  return frame.temporal_posture_data.is_posture_deviated ? 'poor' : 'good';
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
