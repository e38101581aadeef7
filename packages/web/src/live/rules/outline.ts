// The calibration reference outline, scaled to the canvas and shifted with the person (document 2, 3.2 and 9).
import type { Keypoint } from '@posture-vision/core';
import { isPoint } from './tilt.ts';

/** The reference frame size of the calibration outline when its points are in pixels. */
export const REFERENCE_FRAME = { width: 640, height: 640 };
/** The outline follows the person only when the centres differ by more than 50 px (10 % of 640). */
export const OUTLINE_SHIFT_MIN_PX = 50;

export type Point = [number, number];

/**
 * Outline points in canvas pixels. Points within 0..1 are normalised; larger ones are pixels of
 * the frame size at calibration (or the 640x640 reference frame).
 */
export function scaleOutline(
  outline: readonly (readonly number[])[],
  canvas: { width: number; height: number },
  calibrationFrame: { width: number; height: number } = REFERENCE_FRAME,
): Point[] {
  const points = outline.filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1])) as Point[];
  const normalised = points.every(([x, y]) => Math.abs(x) <= 1 && Math.abs(y) <= 1);
  const sx = normalised ? canvas.width : canvas.width / calibrationFrame.width;
  const sy = normalised ? canvas.height : canvas.height / calibrationFrame.height;
  return points.map(([x, y]) => [x * sx, y * sy]);
}

function centre(points: readonly Point[]): Point {
  const n = points.length || 1;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

/** The head-neck-shoulder keypoints (COCO 0..6) the vision service builds the outline from. */
const OUTLINE_KEYPOINTS = 7;

/**
 * Moves the outline so its centre sits on the centre of the current head-neck-shoulder keypoints, but only
 * when they are more than 50 px apart (measured in the 640 px reference frame); small drifts keep it still.
 */
export function shiftOutline(
  outline: readonly Point[],
  keypoints: readonly Keypoint[],
  canvas: { width: number; height: number },
): Point[] {
  const current = keypoints
    .slice(0, OUTLINE_KEYPOINTS)
    .filter(isPoint)
    .map((k) => [k.x * canvas.width, k.y * canvas.height] as Point);
  if (outline.length < 3 || current.length === 0) return [...outline];
  const [ox, oy] = centre(outline);
  const [kx, ky] = centre(current);
  const dx = kx - ox;
  const dy = ky - oy;
  const inReference = Math.hypot(
    (dx * REFERENCE_FRAME.width) / canvas.width,
    (dy * REFERENCE_FRAME.height) / canvas.height,
  );
  if (inReference <= OUTLINE_SHIFT_MIN_PX) return [...outline];
  return outline.map(([x, y]) => [x + dx, y + dy]);
}
