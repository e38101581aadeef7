// Correction arrows: weights, minimum offsets, lengths and widths by level.
// The keypoint weights are the analysis's (analysis/keypoints.ts), so the arrows show what the verdict counts.
import { keypointWeight } from '../analysis/keypoints';
import type { DeviationLevel, TemporalPostureData } from '../detection/frame';
import { isDrawableKeypoint, isDrawableOffset, type Point, type Size } from './geometry';

export const HIGH_CONFIDENCE = 0.8;
export const ARROW_LENGTH = { maxSevere: 100, max: 80, min: 15 } as const;
export const ARROW_WIDTH: Record<DeviationLevel, number> = { mild: 2, moderate: 3, severe: 4 };

/** Minimum pixel offset to draw: 3 when confidence is above 0.8, else 5, times (2 − weight). */
export function minPixelOffset(confidence: number, weight: number): number {
  return (confidence > HIGH_CONFIDENCE ? 3 : 5) * (2 - weight);
}

export function maxArrowLength(level: DeviationLevel): number {
  return level === 'severe' ? ARROW_LENGTH.maxSevere : ARROW_LENGTH.max;
}

export function arrowWidth(level: DeviationLevel): number {
  return ARROW_WIDTH[level] ?? ARROW_WIDTH.mild;
}

export interface Arrow {
  index: number;
  from: Point;
  to: Point;
  width: number;
}

/**
 * One correction arrow: from the keypoint's current position (canvas pixels) toward its calibrated place,
 * i.e. against the offset vector (offset = current − reference, normalised). Null when the offset is not
 * drawable or shorter than the keypoint's minimum. The length is clamped to 15..80 (100 when severe).
 */
export function correctionArrow(
  index: number,
  keypoint: Point,
  offset: unknown,
  size: Size,
  level: DeviationLevel,
  confidence: number,
): Arrow | null {
  if (!isDrawableKeypoint(keypoint) || !isDrawableOffset(offset)) return null;
  const dx = -offset[0] * size.width;
  const dy = -offset[1] * size.height;
  const magnitude = Math.hypot(dx, dy);
  if (magnitude < minPixelOffset(confidence, keypointWeight(index))) return null;
  const length = Math.min(Math.max(magnitude, ARROW_LENGTH.min), maxArrowLength(level));
  const from = { x: keypoint.x * size.width, y: keypoint.y * size.height };
  return {
    index,
    from,
    to: { x: from.x + (dx / magnitude) * length, y: from.y + (dy / magnitude) * length },
    width: arrowWidth(level),
  };
}

/** All arrows of a frame's first pose. */
export function correctionArrows(
  keypoints: readonly Point[],
  posture: TemporalPostureData,
  size: Size,
): Arrow[] {
  const arrows: Arrow[] = [];
  posture.all_offset_vector.forEach((offset, index) => {
    const keypoint = keypoints[index];
    if (!keypoint) return;
    const arrow = correctionArrow(index, keypoint, offset, size, posture.deviation_level, posture.confidence);
    if (arrow) arrows.push(arrow);
  });
  return arrows;
}

/** In Active Mode the outline and arrows are drawn only while the posture is deviated. */
export function shouldDrawCorrections(activeMode: boolean, posture: TemporalPostureData | null): boolean {
  return activeMode && !!posture?.is_posture_deviated;
}
