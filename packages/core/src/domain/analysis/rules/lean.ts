// Leaning sideways: the head moving over one shoulder. The whole upper body sliding sideways in the frame (a
// person shifting in the chair, sitting off-centre) moves head and shoulders together and is not a lean; so the
// head's sideways offset is measured from the shoulders' midpoint, in the body's own shoulder widths.
import type { DeviationLevel } from '../../detection/frame';
import type { PostureMeasures } from '../measures';
import { type Levels, levelOf } from './levels';

/**
 * The head's sideways offset over the shoulders, against the reference's, in shoulder widths. Between upright
 * frames of the real webcam sets it varies by up to 0.16 for a man reading and up to 0.28 for students talking
 * and turning to each other (bench/accuracy: at 0.22, 10% of their upright frames read as a lean); mild at 0.30
 * is above both; 0.40 and 0.50 put the head over the inner half of a shoulder and over the shoulder itself.
 */
export const LEAN: Levels = { mild: 0.3, moderate: 0.4, severe: 0.5 };

export function leanLevel(m: PostureMeasures): DeviationLevel | null {
  return levelOf(Math.abs(m.lean), LEAN);
}

/**
 * A shoulder line turned this many degrees from the reference's names the cause 'shoulder_asymmetry' of a poor
 * posture (the calibration calls a shoulder tilt above 5 degrees a warning). It names a cause only.
 */
export const SHOULDER_TILT_DEG = 5;
