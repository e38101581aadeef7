// The geometry of one upper body seen from the front, in pixels of a frame: where the head and the shoulders
// are and how big they look. The posture rules compare these between the reference and now; nothing here
// judges. COCO-17 indices: 0 nose, 1/2 eyes, 3/4 ears, 5/6 shoulders.
import type { Keypoint } from '../detection/frame';
import { isUsableKeypoint as usable } from './keypoints';
import { eyeLineAngle, type FrameSize } from './tilt';

export interface PixelPoint {
  x: number;
  y: number;
}

/** Which head landmark pair the head centre was taken from: the same pair must be used in the reference and now,
 * or a change of pair would read as movement. */
export type HeadAnchor = 'eyes' | 'ears' | 'nose';

export interface BodyGeometry {
  /** Midpoint of the shoulders, pixels. */
  shoulders: PixelPoint;
  /** Distance between the shoulders, pixels. */
  shoulderWidth: number;
  /** Angle of the shoulder line (from shoulder 6 to shoulder 5), degrees. */
  shoulderAngle: number;
  /** Head centre per anchor that is visible, pixels. */
  head: Partial<Record<HeadAnchor, PixelPoint>>;
  /** Distance between the ears, else between the eyes times EAR_SPAN_PER_EYE_SPAN; null without either pair. */
  headSize: number | null;
  /** The spans behind it: between the ears and between the eyes, where seen (a head size is compared span for
   * span, or hair hiding an ear would read as the head shrinking). */
  spans: { ears?: number; eyes?: number };
  /** Angle of the eye line, degrees; null without both eyes. */
  eyeAngle: number | null;
}

/** Typical ear-to-ear span over eye-to-eye span of an adult face seen from the front. */
export const EAR_SPAN_PER_EYE_SPAN = 1.9;

const px = (k: Keypoint, f: FrameSize): PixelPoint => ({ x: k.x * f.width, y: k.y * f.height });
const mid = (a: PixelPoint, b: PixelPoint): PixelPoint => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
export const dist = (a: PixelPoint, b: PixelPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** The body's geometry; null without both shoulders (then there is no scale to judge anything by). */
export function bodyGeometry(k: readonly Keypoint[], f: FrameSize): BodyGeometry | null {
  const [ls, rs] = [k[5], k[6]];
  if (!usable(ls) || !usable(rs)) return null;
  const a = px(ls, f);
  const b = px(rs, f);
  const shoulderWidth = dist(a, b);
  if (!(shoulderWidth > 0)) return null;
  const head: BodyGeometry['head'] = {};
  const eyes = usable(k[1]) && usable(k[2]) ? [px(k[1], f), px(k[2], f)] : null;
  const ears = usable(k[3]) && usable(k[4]) ? [px(k[3], f), px(k[4], f)] : null;
  if (eyes) head.eyes = mid(eyes[0] as PixelPoint, eyes[1] as PixelPoint);
  if (ears) head.ears = mid(ears[0] as PixelPoint, ears[1] as PixelPoint);
  if (usable(k[0])) head.nose = px(k[0], f);
  const spans: BodyGeometry['spans'] = {};
  if (ears) spans.ears = dist(ears[0] as PixelPoint, ears[1] as PixelPoint);
  if (eyes) spans.eyes = dist(eyes[0] as PixelPoint, eyes[1] as PixelPoint);
  const headSize = spans.ears ?? (spans.eyes === undefined ? null : spans.eyes * EAR_SPAN_PER_EYE_SPAN);
  return {
    shoulders: mid(a, b),
    shoulderWidth,
    shoulderAngle: (Math.atan2(a.y - b.y, a.x - b.x) * 180) / Math.PI,
    head,
    headSize,
    spans,
    eyeAngle: eyeLineAngle(k, f),
  };
}

/** The head anchor both bodies show, eyes first (the detector places them best), then ears, then the nose. */
export function sharedAnchor(a: BodyGeometry, b: BodyGeometry): HeadAnchor | null {
  for (const anchor of ['eyes', 'ears', 'nose'] as const) if (a.head[anchor] && b.head[anchor]) return anchor;
  return null;
}

/** A head span both bodies show, ears first (wider, so steadier), for comparing head sizes. */
export function sharedSpan(a: BodyGeometry, b: BodyGeometry): [number, number] | null {
  for (const pair of ['ears', 'eyes'] as const) {
    const [x, y] = [a.spans[pair], b.spans[pair]];
    if (x !== undefined && y !== undefined) return [x, y];
  }
  return null;
}
