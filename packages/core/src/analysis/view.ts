// How the person faces the camera: from the front, with the head turned (to a second screen, to talk), or side on.
// A posture is judged only from the front; a turned head is a look, not a posture; a side view cannot be a
// reference. Thresholds chosen on the real webcam frames of bench/accuracy (224x224 laptop webcam, one man, 65
// frames upright and sunk; see bench/accuracy/README.md).
import type { Keypoint } from '../detection/frame';
import type { BodyGeometry } from './body';
import { isUsableKeypoint as usable } from './keypoints';

/**
 * The nose's sideways offset from the eyes' midpoint, in eye spans, beyond which the head is turned. Facing the
 * screen it stays within 0.16 on every real frame (mean 0.04); the nose stands about 0.6 eye spans in front of the
 * eyes, so 0.35 is a turn of about 30 degrees: a look at a second screen or a colleague, not reading the screen.
 */
export const HEAD_TURNED_NOSE_OFFSET = 0.35;

/**
 * Head size over shoulder width beyond which the shoulders are seen side on. From the front it is 0.46-0.56 on
 * every real frame; a body turned 60 degrees or more shows half its shoulder width or less, which doubles it.
 * 0.85 leaves room for a narrow-shouldered person and long hair widening the ears' span.
 */
export const SIDE_ON_HEAD_PER_SHOULDERS = 0.85;

export type View = 'front' | 'head-turned' | 'side' | 'partial';

/**
 * The view of a body: 'partial' without both eyes or the nose (a face the detector does not see from the front);
 * 'side' when the shoulders are seen side on; 'head-turned' when the nose is off the eyes' midline; else 'front'.
 */
export function viewOf(k: readonly Keypoint[], body: BodyGeometry): View {
  const [nose, le, re] = [k[0], k[1], k[2]];
  if (!usable(nose) || !usable(le) || !usable(re)) return 'partial';
  if (body.headSize !== null && body.headSize / body.shoulderWidth > SIDE_ON_HEAD_PER_SHOULDERS) return 'side';
  const eyeSpan = Math.abs(le.x - re.x);
  if (eyeSpan <= 0) return 'side';
  const offset = Math.abs(nose.x - (le.x + re.x) / 2) / eyeSpan;
  return offset > HEAD_TURNED_NOSE_OFFSET ? 'head-turned' : 'front';
}
