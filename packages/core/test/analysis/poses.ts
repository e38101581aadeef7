// Synthetic COCO-17 poses for the analysis tests: an upright person and moves of it.
import type { Keypoint } from '../../src/domain/detection/frame';

// Square so that turning normalised points is a true rotation in pixels.
export const POSE_FRAME = { width: 640, height: 640 };

/** An upright person facing the camera: COCO-17, normalised. Shoulders 0.3 of the width apart. */
export function upright(): Keypoint[] {
  const k: Keypoint[] = Array.from({ length: 17 }, () => ({ x: Number.NaN, y: Number.NaN, score: 0 }));
  const set = (i: number, x: number, y: number) => {
    k[i] = { x, y, score: 0.8 };
  };
  set(0, 0.5, 0.35);
  set(1, 0.53, 0.31);
  set(2, 0.47, 0.31);
  set(3, 0.57, 0.33);
  set(4, 0.43, 0.33);
  set(5, 0.65, 0.55);
  set(6, 0.35, 0.55);
  return k;
}

/** Moves every keypoint: scale about a point, shift, rotate the head about the neck. */
export function transform(
  k: Keypoint[],
  o: {
    scale?: number;
    headScale?: number;
    dy?: number;
    dx?: number;
    headDeg?: number;
    /** The head alone moved (after the rest): down toward the shoulders, or sideways over them. */
    headDy?: number;
    headDx?: number;
  },
): Keypoint[] {
  const neck = { x: 0.5, y: 0.5 };
  const a = ((o.headDeg ?? 0) * Math.PI) / 180;
  return k.map((p, i) => {
    if (!Number.isFinite(p.x)) return p;
    let x = neck.x + (p.x - neck.x) * (o.scale ?? 1);
    let y = neck.y + (p.y - neck.y) * (o.scale ?? 1);
    if (i <= 4) {
      // Head: grows about the nose for forward head, turns about the neck for tilt.
      const nose = k[0] as Keypoint;
      const nx = neck.x + (nose.x - neck.x) * (o.scale ?? 1);
      const ny = neck.y + (nose.y - neck.y) * (o.scale ?? 1);
      x = nx + (x - nx) * (o.headScale ?? 1);
      y = ny + (y - ny) * (o.headScale ?? 1);
      const rx = neck.x + (x - neck.x) * Math.cos(a) - (y - neck.y) * Math.sin(a);
      const ry = neck.y + (x - neck.x) * Math.sin(a) + (y - neck.y) * Math.cos(a);
      x = rx;
      y = ry;
    }
    const head = i <= 4;
    return {
      ...p,
      x: x + (o.dx ?? 0) + (head ? (o.headDx ?? 0) : 0),
      y: y + (o.dy ?? 0) + (head ? (o.headDy ?? 0) : 0),
    };
  });
}

/** Sunk in the chair: head and shoulders lower, the head settled toward the shoulders (as on the real webcam
 * frames: the head drops 0.27 shoulder widths, its size over the neck's height grows 1.2 times). */
export const slouched = () => transform(upright(), { dy: 0.04, headDy: 0.04 });

/** The head forward and down on still shoulders: it grows and sinks toward the shoulder line. */
export const forwardHead = () => transform(upright(), { headScale: 1.15, headDy: 0.03 });
