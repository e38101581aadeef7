// The calibrated reference outline: built by the vision service from the
// calibration frame's keypoints, placed and drawn by the live tool.
import { isUsableKeypoint } from '../analysis/keypoints';
import type { Keypoint } from '../detection/frame';
import type { Point, Size } from './geometry';

/** Outline order around the upper body (COCO-17): left shoulder, up over the head, down to the right shoulder.
 * The head-neck-shoulder keypoints, the ones the outline follows when the person moves. */
export const OUTLINE_KEYPOINTS = [5, 3, 1, 0, 2, 4, 6] as const;

/** Outline points in pixels of a width x height calibration frame, usable keypoints only, in outline order. */
export function referenceOutline(
  keypoints: readonly Keypoint[],
  width: number,
  height: number,
): [number, number][] {
  return OUTLINE_KEYPOINTS.map((i) => keypoints[i])
    .filter(isUsableKeypoint)
    .map((k) => [Math.round(k.x * width), Math.round(k.y * height)]);
}

export const OUTLINE_MIN_POINTS = 3;
/** The outline follows the person only when the centres differ by more than 50 px (10%). */
export const OUTLINE_SHIFT_MIN_PX = 50;

/** Outline points as the calibration answers them: [x, y] pairs in pixels of the calibration frame. */
export type OutlinePoints = readonly (readonly [number, number])[];

const numeric = (p: readonly unknown[]): boolean =>
  typeof p[0] === 'number' && typeof p[1] === 'number' && !Number.isNaN(p[0]) && !Number.isNaN(p[1]);

/** The outline needs at least 3 (numeric) points to be drawn. */
export function isOutlineDrawable(outline: unknown): outline is OutlinePoints {
  return (
    Array.isArray(outline) &&
    outline.filter((p) => Array.isArray(p) && numeric(p)).length >= OUTLINE_MIN_POINTS
  );
}

export function centroid(points: readonly Point[]): Point {
  const n = points.length || 1;
  return {
    x: points.reduce((s, p) => s + p.x, 0) / n,
    y: points.reduce((s, p) => s + p.y, 0) / n,
  };
}

/** The shift to apply to the outline: the centre offset when it is over 50 px, else none. */
export function outlineShift(outlineCentre: Point, personCentre: Point): Point {
  const dx = personCentre.x - outlineCentre.x;
  const dy = personCentre.y - outlineCentre.y;
  return Math.hypot(dx, dy) > OUTLINE_SHIFT_MIN_PX ? { x: dx, y: dy } : { x: 0, y: 0 };
}

/**
 * The outline in canvas pixels: scaled from the calibration frame size to the canvas, then shifted to
 * the person's current centre (canvas pixels) when it moved more than 50 px. Null when not drawable.
 */
export function placeOutline(
  outline: unknown,
  calibrationSize: Size,
  canvasSize: Size,
  personCentre?: Point | null,
): Point[] | null {
  if (!isOutlineDrawable(outline)) return null;
  const sx = canvasSize.width / calibrationSize.width;
  const sy = canvasSize.height / calibrationSize.height;
  const scaled = outline.filter(numeric).map(([x, y]) => ({ x: x * sx, y: y * sy }));
  if (!personCentre) return scaled;
  const shift = outlineShift(centroid(scaled), personCentre);
  return scaled.map((p) => ({ x: p.x + shift.x, y: p.y + shift.y }));
}
