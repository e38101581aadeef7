// Forward head: the head coming forward of the shoulders. A frontal camera sees it two ways: the head grows
// against the shoulders (it is nearer the camera than they are), and it sinks toward the shoulder line (it moves
// forward and down, so less neck shows between the eyes and the shoulders). Both are ratios to the body's own
// shoulder width, so the whole body moving nearer or farther does not count.
import type { DeviationLevel } from '../../detection/frame';
import type { PostureMeasures } from '../measures';
import { type Levels, levelOf, worstLevel } from './levels';

/**
 * How much of the reference's neck height (eyes above the shoulder line, per shoulder width) has gone. Between
 * upright frames of the real webcam sets it varies by up to 16% (the 224-pixel frames put the eyes to within a
 * pixel or two of 10); mild at 20% is above that spread.
 */
export const NECK_SHORTENED: Levels = { mild: 0.2, moderate: 0.3, severe: 0.45 };

/**
 * Head size per shoulder width over the reference's. Upright frames of the real sets vary within 13%; mild at
 * 15% is above it, 25% and 40% are a head well and far ahead of the shoulders.
 */
export const HEAD_AHEAD: Levels = { mild: 1.15, moderate: 1.25, severe: 1.4 };

export function forwardHeadLevel(m: PostureMeasures): DeviationLevel | null {
  return worstLevel([levelOf(1 - m.neck_ratio, NECK_SHORTENED), levelOf(m.head_to_shoulders, HEAD_AHEAD)]);
}
