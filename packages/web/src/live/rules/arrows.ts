// Correction arrows from the temporal posture offsets (document 2, section 9).
import type { DeviationLevel, Keypoint } from '@posture-vision/core';
import { isPoint } from './tilt.ts';

export interface Arrow {
  keypoint: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  lineWidth: number;
}

/** Keypoint weight: nose 1, eyes 0.9, shoulders 0.8, hips 0.7, others 0.5. */
export function keypointWeight(index: number): number {
  if (index === 0) return 1;
  if (index === 1 || index === 2) return 0.9;
  if (index === 5 || index === 6) return 0.8;
  if (index === 11 || index === 12) return 0.7;
  return 0.5;
}

export function arrowLineWidth(level: DeviationLevel): number {
  return level === 'severe' ? 4 : level === 'moderate' ? 3 : 2;
}

export interface ArrowInput {
  keypoints: readonly Keypoint[];
  /** One [dx, dy] per keypoint, normalised like the keypoints. */
  offsets: readonly (readonly number[])[];
  level: DeviationLevel;
  confidence: number;
  width: number;
  height: number;
}

/**
 * Arrows point from each keypoint toward where it should be (keypoint + offset), in canvas pixels.
 * Offsets below the minimum (3 px when confidence > 0.8, else 5 px, times 2 − weight) are ignored;
 * lengths are clamped to 15..80 (100 when severe).
 */
export function correctionArrows(input: ArrowInput): Arrow[] {
  const arrows: Arrow[] = [];
  const maxLength = input.level === 'severe' ? 100 : 80;
  const minLength = 15;
  const base = input.confidence > 0.8 ? 3 : 5;
  input.offsets.forEach((offset, i) => {
    const kp = input.keypoints[i];
    const [dx, dy] = offset;
    if (!isPoint(kp) || !Number.isFinite(dx) || !Number.isFinite(dy)) return;
    if (dx === 0 && dy === 0) return;
    const px = (dx as number) * input.width;
    const py = (dy as number) * input.height;
    const length = Math.hypot(px, py);
    if (length < base * (2 - keypointWeight(i))) return;
    const drawn = Math.min(maxLength, Math.max(minLength, length));
    const fromX = kp.x * input.width;
    const fromY = kp.y * input.height;
    arrows.push({
      keypoint: i,
      fromX,
      fromY,
      toX: fromX + (px / length) * drawn,
      toY: fromY + (py / length) * drawn,
      lineWidth: arrowLineWidth(input.level),
    });
  });
  return arrows;
}
