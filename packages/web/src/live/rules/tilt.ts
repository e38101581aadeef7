// Head tilt from the eye keypoints 1 and 2 (document 2, sections 4.1 and 9).
import type { Keypoint } from '@posture-vision/core';

export type Tilt = 'Severe' | 'Moderate' | 'Neutral' | 'Analyzing...';

export const TILT_MODERATE = 0.02;
export const TILT_SEVERE = 0.05;

export function classifyTilt(keypoints: readonly Keypoint[] | undefined): Tilt {
  if (!keypoints || keypoints.length < 11) return 'Analyzing...';
  const left = keypoints[1];
  const right = keypoints[2];
  if (!isPoint(left) || !isPoint(right)) return 'Analyzing...';
  const diff = Math.abs(left.y - right.y);
  if (diff > TILT_SEVERE) return 'Severe';
  if (diff > TILT_MODERATE) return 'Moderate';
  return 'Neutral';
}

/** Keypoint drawing skips points whose x or y is not a number (5.1). */
export function isPoint(p: Partial<Keypoint> | null | undefined): p is Keypoint {
  return !!p && Number.isFinite(p.x) && Number.isFinite(p.y);
}
