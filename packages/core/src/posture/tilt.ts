// Tilt classification from the eye keypoints (document 2 sections 4.1 and 9).
import type { Keypoint } from '../detection/frame';
import { isDrawableKeypoint } from './geometry';

export const TILT_THRESHOLDS = { moderate: 0.02, severe: 0.05 } as const;
/** Fewer keypoints than this means the pose is not complete enough to judge. */
export const TILT_MIN_KEYPOINTS = 11;

export type TiltClass = 'Severe' | 'Moderate' | 'Neutral' | 'Analyzing...';

/** By the vertical difference between keypoints 1 and 2 (the eyes), normalised units. */
export function classifyTilt(keypoints: readonly Keypoint[] | null | undefined): TiltClass {
  if (!keypoints || keypoints.length < TILT_MIN_KEYPOINTS) return 'Analyzing...';
  const left = keypoints[1];
  const right = keypoints[2];
  if (!isDrawableKeypoint(left) || !isDrawableKeypoint(right)) return 'Analyzing...';
  const difference = Math.abs(left.y - right.y);
  if (difference > TILT_THRESHOLDS.severe) return 'Severe';
  if (difference > TILT_THRESHOLDS.moderate) return 'Moderate';
  return 'Neutral';
}
