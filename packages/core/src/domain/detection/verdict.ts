// Reading a frame's verdict on the client: the `posture_verdict` the producer decided with core's analysis.
// A frame from an older producer lacks it; its verdict then follows temporal_posture_data alone (no named
// issue), and never the body_status text.
import type { DetectionFrame, PostureVerdict } from './frame';

export function frameVerdict(frame: DetectionFrame): PostureVerdict {
  if (frame.posture_verdict) return frame.posture_verdict;
  const t = frame.temporal_posture_data;
  if (!t) return { status: 'neutral', issue: null, level: null };
  return t.is_posture_deviated
    ? { status: 'poor', issue: null, level: t.deviation_level }
    : { status: 'good', issue: null, level: null };
}
