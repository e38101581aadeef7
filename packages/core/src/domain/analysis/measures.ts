// The posture measures of one body against the reference's: what the rules (rules/*.ts) judge. Each is a change
// of the body relative to itself or a drop in the frame, never a plain displacement: where the body sits in the
// frame, and how near the camera, is not posture.
import { type BodyGeometry, type PixelPoint, sharedAnchor, sharedSpan } from './body';
import { tiltDegrees } from './tilt';

export interface PostureMeasures {
  /** The head centre's drop in the frame since the reference, reference shoulder widths (positive: lower). */
  head_drop: number;
  /** The shoulders' midpoint's drop in the frame, reference shoulder widths (positive: lower). */
  shoulder_drop: number;
  /** Head size over the neck's height (the head above the shoulder line, square to it), over the reference's (1:
   * unchanged; above 1: the head forward and down). Needs no shoulder width. */
  head_over_neck: number;
  /** The neck's height over the shoulder width, over the reference's (1: unchanged; below 1: the head sunk between
   * the shoulders). A camera tilted or moved changes where the body is and how big, not this proportion. */
  neck_vs_shoulders: number;
  /** With the shoulders out of the picture: the head's size over the reference's where the face is frontal and the
   * head not higher (rules/leaning-in.ts); 1 while the shoulders are in view. */
  leaning_in: number;
  /** Shoulder width over the reference's: the distance to the camera (above 1: nearer). Not judged by itself. */
  scale: number;
  /** The head's span (ears, else eyes) over the reference's: the head nearer the camera (above 1) or farther. */
  head_size: number;
  /** The head centre's sideways offset from the shoulders' midpoint, shoulder widths, minus the reference's. */
  lean: number;
  /** Eye line against the reference's, degrees. */
  tilt_deg: number;
  /** Shoulder line against the reference's, degrees. */
  shoulder_tilt_deg: number;
}

/** Every measure unchanged: an upright person at the reference. */
export const UNCHANGED: PostureMeasures = {
  head_drop: 0,
  shoulder_drop: 0,
  head_over_neck: 1,
  neck_vs_shoulders: 1,
  leaning_in: 1,
  scale: 1,
  head_size: 1,
  lean: 0,
  tilt_deg: 0,
  shoulder_tilt_deg: 0,
};

/** The head point's height above the shoulder line (pixels), square to that line: a body leaning sideways as a
 * whole turns the line with it and keeps this height, where the vertical distance would shrink. */
function neckHeight(head: PixelPoint, body: BodyGeometry): number {
  const a = (body.shoulderAngle * Math.PI) / 180;
  const [vx, vy] = [head.x - body.shoulders.x, head.y - body.shoulders.y];
  return Math.sin(a) * vx - Math.cos(a) * vy;
}

/** The measures of `now` against `ref` (both in the reference frame's pixels). A measure whose landmarks either
 * body lacks stays unchanged. */
export function postureMeasures(now: BodyGeometry, ref: BodyGeometry): PostureMeasures {
  const sw = ref.shoulderWidth;
  const anchor = sharedAnchor(now, ref);
  const head = anchor ? now.head[anchor] : undefined;
  const refHead = anchor ? ref.head[anchor] : undefined;
  const out = { ...UNCHANGED };
  out.shoulder_drop = (now.shoulders.y - ref.shoulders.y) / sw;
  out.scale = now.shoulderWidth / sw;
  out.shoulder_tilt_deg = tiltDegrees(now.shoulderAngle, ref.shoulderAngle);
  const spans = sharedSpan(now, ref);
  if (spans && spans[1] > 0) out.head_size = spans[0] / spans[1];
  if (head && refHead) {
    out.head_drop = (head.y - refHead.y) / sw;
    out.lean = (head.x - now.shoulders.x) / now.shoulderWidth - (refHead.x - ref.shoulders.x) / sw;
    // Head over neck needs the reference's neck; a head now at or below the shoulder line has come all the way down.
    const [neck, refNeck] = [neckHeight(head, now), neckHeight(refHead, ref)];
    if (spans && spans[1] > 0 && refNeck > 0)
      out.head_over_neck = neck > 0 ? spans[0] / neck / (spans[1] / refNeck) : Number.POSITIVE_INFINITY;
    if (refNeck > 0) out.neck_vs_shoulders = Math.max(0, neck) / now.shoulderWidth / (refNeck / sw);
  }
  if (now.eyeAngle !== null && ref.eyeAngle !== null) out.tilt_deg = tiltDegrees(now.eyeAngle, ref.eyeAngle);
  return out;
}
