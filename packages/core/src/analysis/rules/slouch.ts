// Slouch: the head and shoulders dropping. A desk camera stays put relative to the screen, so a person who sinks
// in the chair or rounds the back is seen with the head lower in the frame than when sitting up; moving sideways
// or nearer while upright does not lower it. Measured in the reference's shoulder widths so it holds at any
// distance and resolution.
import type { DeviationLevel } from '../../detection/frame';
import type { PostureMeasures } from '../measures';
import { type Levels, levelOf } from './levels';

/**
 * The head's drop in the frame since the reference, in reference shoulder widths. On the real webcam sets
 * (bench/accuracy) the head of a man sitting upright moves within ±0.04 between frames, and sinking in the chair
 * lowers it by 0.17-0.33 (0.27 from his high seat, 0.19 from the middle one). Mild at 0.10 is 2.5 times the
 * upright spread and below every real slouch; 0.20 and 0.30 are the middle and high seats' full slouch.
 */
export const SLOUCH_HEAD_DROP: Levels = { mild: 0.1, moderate: 0.2, severe: 0.3 };

/**
 * The shoulders took part in a drop of the head when they dropped at least this much (reference shoulder
 * widths) or the body shrank below SANK_BACK_SCALE (sunk back and down, away from the camera): then the drop is
 * a slouch; a head that dropped on still shoulders came forward and down (forward head). Upright the shoulders
 * stay within ±0.02; in every real slouch they dropped 0.05-0.12 or the body shrank to 0.72.
 */
export const SHOULDERS_DROPPED = 0.05;
export const SANK_BACK_SCALE = 0.9;

export function slouchLevel(m: PostureMeasures): DeviationLevel | null {
  return levelOf(m.head_drop, SLOUCH_HEAD_DROP);
}

/** Whether the body, not the head alone, went down. */
export function shouldersTookPart(m: PostureMeasures): boolean {
  return m.shoulder_drop >= SHOULDERS_DROPPED || m.scale <= SANK_BACK_SCALE;
}
