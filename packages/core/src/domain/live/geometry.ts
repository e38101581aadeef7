// Shared geometry and the live tool's drawability rules.
import type { Box } from '../detection/frame';

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The reference frame size of the live tool. */
export const REFERENCE_FRAME_SIZE: Size = { width: 640, height: 640 };

const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);

/** Keypoint drawing skips points whose x or y is not a number. */
export function isDrawableKeypoint(point: { x?: unknown; y?: unknown } | null | undefined): point is Point {
  return !!point && isNumber(point.x) && isNumber(point.y);
}

/** Boxes need numeric x, y, w and h. */
export function isDrawableBox(box: Partial<Record<keyof Box, unknown>> | null | undefined): box is Box {
  return !!box && isNumber(box.x) && isNumber(box.y) && isNumber(box.w) && isNumber(box.h);
}

/** Offset vectors need two numeric components and are skipped when both are zero. */
export function isDrawableOffset(vector: unknown): vector is [number, number] {
  if (!Array.isArray(vector) || vector.length < 2) return false;
  const [dx, dy] = vector;
  return isNumber(dx) && isNumber(dy) && !(dx === 0 && dy === 0);
}

/** A normalised point in canvas pixels. */
export function toPixels(point: Point, size: Size): Point {
  return { x: point.x * size.width, y: point.y * size.height };
}
