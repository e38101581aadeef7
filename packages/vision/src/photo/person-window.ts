// The person's window of a photo. MoveNet sees the whole photo padded to a square and shrunk to its
// 192 px input, so a person fitted to the height of a landscape frame gets only part of that input (height/width
// of it: 56 % in a 1280×720 frame) and her keypoints get coarser: the 'woman' photo read a 49° shoulder tilt in a
// 1280×720 frame and 35° in 640×480 against 28° in her own portrait crop. When the photo is wider than tall, the
// pose model looks a second time at a column about the person as wide as the photo is high: she then fills its
// input's height as in a portrait photo, whatever the frame's shape.
import { isUsableKeypoint, type Keypoint } from '@posture-vision/core/analysis';

/** Fewer usable keypoints than this and the first look is kept (nothing reliable to centre the window on). */
export const MIN_WINDOW_KEYPOINTS = 3;
/** The window is at least this many times the seen keypoints' width (arms and hair beside them). */
export const PERSON_WIDTH_MARGIN = 1.5;

export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The column of a photo wider than tall that holds the person (pixels): the photo's full height, as wide as the
 * photo is high or PERSON_WIDTH_MARGIN times the seen keypoints' width if that is more, centred on them. Null for
 * a photo at most as wide as tall (the pose model already sees the person at full height), with too few usable
 * keypoints, or when the column would be the whole photo.
 */
export function personWindow(k: Keypoint[], width: number, height: number): Region | null {
  if (width <= height) return null;
  const seen = k.filter(isUsableKeypoint);
  if (seen.length < MIN_WINDOW_KEYPOINTS) return null;
  const xs = seen.map((p) => p.x * width);
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const w = Math.round(Math.max(height, (right - left) * PERSON_WIDTH_MARGIN));
  if (w >= width) return null;
  const x = Math.round(Math.min(width - w, Math.max(0, (left + right) / 2 - w / 2)));
  return { x, y: 0, w, h: height };
}

export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The region of a packed-RGB image as its own image. */
export function cropRgb(img: Rgb, r: Region): Rgb {
  const data = new Uint8Array(r.w * r.h * 3);
  for (let y = 0; y < r.h; y++) {
    const from = ((r.y + y) * img.width + r.x) * 3;
    data.set(img.data.subarray(from, from + r.w * 3), y * r.w * 3);
  }
  return { width: r.w, height: r.h, data };
}

/** Keypoints found in a region, back in the whole image's normalised coordinates. */
export function fromRegion(k: Keypoint[], r: Region, width: number, height: number): Keypoint[] {
  return k.map((p) => ({ ...p, x: (r.x + p.x * r.w) / width, y: (r.y + p.y * r.h) / height }));
}
