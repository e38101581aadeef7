// Slouch: the head and shoulders dropping. A desk camera stays put relative to the screen, so a person who sinks
// in the chair is seen lower in the frame than when sitting up, with the neck shortened a little as the head
// settles forward. The whole body moving up or down with its proportions unchanged (sitting higher or lower, a
// laptop screen tilted) is not a slouch, so a drop counts only with the neck shortened.
import type { DeviationLevel } from '../../detection/frame';
import type { PostureMeasures } from '../measures';
import { type Levels, levelOf } from './levels';

/**
 * The head's drop in the frame since the reference, in reference shoulder widths. On the real webcam sets
 * (bench/accuracy) an upright head moves within ±0.04 between frames of one sitting; sinking in the chair lowers
 * it by 0.10-0.33 (a man: 0.27 from a high seat, 0.19 from a middle one; a student 0.10-0.22). Mild at 0.12 is
 * three times the upright spread; 0.20 and 0.30 are a full slouch from a middle and a high seat.
 */
export const SLOUCH_HEAD_DROP: Levels = { mild: 0.12, moderate: 0.2, severe: 0.3 };

/**
 * A drop counts as a slouch when the head's size over the neck's height (forward-head.ts) grew at least this
 * much with it. In every real slouch it grew by 1.03-1.25; when a student's whole upper body was lower in the
 * frame while upright (the camera moved between takes), it stayed within 0.99-1.02 for drops of up to 0.37.
 */
export const SLOUCH_NECK_SETTLED = 1.03;

/**
 * Which words: the shoulders took part in the drop when they dropped at least this much (reference shoulder
 * widths) or the body shrank below SANK_BACK_SCALE (sunk back and down, away from the camera), and the posture
 * is named a slouch; a head that went down on still shoulders came forward and down (forward head). Upright the
 * shoulders stay within ±0.02; in every real slouch they dropped 0.04-0.13 or the body shrank to 0.72.
 */
export const SHOULDERS_DROPPED = 0.04;
export const SANK_BACK_SCALE = 0.9;

/**
 * A camera tilted or moved (a laptop lid pushed back, a webcam knocked) lowers the whole body in the frame, head and
 * shoulders nearly alike, and can make it smaller, which grows the head against the neck a little; it cannot sink
 * the head between the shoulders. So a drop is the body or the camera moving, not a slouch, when the shoulders
 * dropped at least WHOLE_BODY_DROP_SHARE as far as the head and the neck is no shorter against the shoulder width
 * than at the reference (neck_vs_shoulders at least NECK_NOT_SUNK). On the real webcam sets a student's camera
 * moved between takes (upright, 0.35-0.37 shoulder widths lower) drops the shoulders 0.73-0.78 as far as the head
 * with neck_vs_shoulders 1.01-1.11, and was called a slouch; in every real slouch (each of the man's upright frames
 * as the reference in turn, and the students') where the shoulders dropped 0.6 as far as the head or more, the
 * neck was shorter against the shoulders (0.97 at most), and where the neck was not shorter (0.98-0.99) the
 * shoulders dropped 0.43 as far as the head at most.
 */
export const WHOLE_BODY_DROP_SHARE = 0.6;
export const NECK_NOT_SUNK = 1;

/** The head sank with the neck settling: the drop is posture, not the body or the camera moving. */
export function neckSettled(m: PostureMeasures): boolean {
  const wholeBody =
    m.shoulder_drop >= WHOLE_BODY_DROP_SHARE * m.head_drop && m.neck_vs_shoulders >= NECK_NOT_SUNK;
  return m.head_over_neck >= SLOUCH_NECK_SETTLED && !wholeBody;
}

export function slouchLevel(m: PostureMeasures): DeviationLevel | null {
  return neckSettled(m) ? levelOf(m.head_drop, SLOUCH_HEAD_DROP) : null;
}

/** Whether the body, not the head alone, went down. */
export function shouldersTookPart(m: PostureMeasures): boolean {
  return m.shoulder_drop >= SHOULDERS_DROPPED || m.scale <= SANK_BACK_SCALE;
}
