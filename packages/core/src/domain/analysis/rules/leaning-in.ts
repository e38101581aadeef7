// Leaning in: the head brought toward the screen until the shoulders leave the bottom of the picture (on the real
// webcam frames, students leaning in to read). With no shoulders there is no shoulder width or neck to judge a
// slouch or a forward head by, so what is left is the head itself: nearer the camera (bigger than in the person's
// own reference) and not higher (a person who stands up or stretches leaves at the top, or grows only a little).
import type { DeviationLevel, Keypoint } from '../../detection/frame';
import type { BodyGeometry, PixelPoint } from '../body';
import { isUsableKeypoint as usable } from '../keypoints';
import type { FrameSize } from '../tilt';
import { headTurned } from '../view';
import { type Levels, levelOf } from './levels';

/**
 * The head's size (ear span, else eye span) over the reference's, with the shoulders out of the picture. On the real
 * webcam sets (bench/accuracy) the upright frames whose shoulders left the picture (a camera moved between takes,
 * a student sitting low) have the head at most 1.07 times the reference's size where it is not higher than at the
 * reference (1.09 where it is); a student leaning in to the screen until the shoulders leave reaches 1.10-1.30
 * (median 1.17). Mild at 1.12 is above every upright frame; 1.20 and 1.30 are a head a sixth and a quarter nearer.
 */
export const LEANING_IN: Levels = { mild: 1.12, moderate: 1.2, severe: 1.3 };

const mid = (a: Keypoint, b: Keypoint, f: FrameSize): PixelPoint => ({
  x: ((a.x + b.x) / 2) * f.width,
  y: ((a.y + b.y) / 2) * f.height,
});
const span = (a: Keypoint, b: Keypoint, f: FrameSize) =>
  Math.hypot((a.x - b.x) * f.width, (a.y - b.y) * f.height);

/**
 * The head's growth against the reference's when the shoulders are out of the picture, the face is seen from the
 * front and the head is not higher than at the reference; null otherwise (nothing to judge as leaning in).
 */
export function leaningInGrowth(k: readonly Keypoint[], ref: BodyGeometry, frame: FrameSize): number | null {
  if (usable(k[5]) && usable(k[6])) return null;
  const [nose, le, re, lear, rear] = [k[0], k[1], k[2], k[3], k[4]];
  if (!usable(nose) || !usable(le) || !usable(re) || headTurned(k)) return null;
  const refEyes = ref.head.eyes;
  if (!refEyes || mid(le, re, frame).y < refEyes.y) return null;
  if (usable(lear) && usable(rear) && ref.spans.ears) return span(lear, rear, frame) / ref.spans.ears;
  return ref.spans.eyes ? span(le, re, frame) / ref.spans.eyes : null;
}

export function leaningInLevel(growth: number | null): DeviationLevel | null {
  return growth === null ? null : levelOf(growth, LEANING_IN);
}
