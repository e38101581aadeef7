// Forward head: the head coming forward of the shoulders. A frontal camera sees the head grow (it is nearer the
// camera) while it sinks toward the shoulder line (it moves forward and down, so less neck shows between the
// eyes and the shoulders). Their quotient, the head's size over the height of the neck, is the measure: it needs
// no shoulder width (the shoulders leave the frame's edges when a person leans in) and it does not change when the
// whole body moves nearer, farther, sideways or up and down in the frame.
import type { DeviationLevel } from '../../detection/frame';
import type { PostureMeasures } from '../measures';
import { type Levels, levelOf } from './levels';

/**
 * Head size over neck height, over the reference's. Chosen on the real webcam sets (bench/accuracy, five people):
 * with the first upright frame as the reference, upright frames stay at or below 1.08 for four of them (one
 * upright frame of one student, talking, reaches 1.16) and frames of the head forward and down reach 1.10-1.50
 * (median 1.13-1.37 per person); whichever upright frame is the reference, the man's upright frames reach 1.12
 * (224-pixel frames place the eyes to a pixel or two). Mild at 1.12 sits above that; 1.20 and 1.35 are each
 * person's median forward head and the strongest ones.
 */
export const FORWARD_HEAD: Levels = { mild: 1.12, moderate: 1.2, severe: 1.35 };

/**
 * A head that comes forward comes down toward the shoulder line, nearer the camera, or both. When head over neck
 * grows while the head is higher than at the reference and no nearer, it is the shoulder line that rose under it:
 * a shrug, or, on real video, an arm in front of the shoulders (a hand at the chin) that the pose model reads as
 * the shoulders higher. On the real sets (bench/accuracy) every student's forward head with the head less than
 * HEAD_NEARER times its reference size was at or below its reference height (from 0.007 shoulder widths higher to
 * 0.055 lower), and those higher than HEAD_RISEN were 1.13-1.33 times its size; the man of the natural video with a
 * hand at his chin read head over neck 1.13-1.25 with the head 0.034-0.048 higher and 1.06-1.09 times its size,
 * and was called forward head.
 */
export const HEAD_RISEN = 0.02;
export const HEAD_NEARER = 1.1;

/**
 * The same holds for a head that stayed where it was: the neck reads shorter only because the shoulder line is
 * found higher under it. In a dim, blurred or low-quality picture the pose model finds the shoulders of a person in
 * dark clothes before a dark chair with less confidence and higher (bench/accuracy/conditions.ts: the man of the
 * middle-seat set, upright, in dim light: shoulders 8-34 px higher in a 224 px frame, the head within 0.03 shoulder
 * widths and 1.05 times its size, read forward head up to severe). On the real frames as they were taken, 1 of the
 * 153 poor frames caught as forward head or slouch has the shoulders SHOULDERS_ROSE higher with the head less than
 * HEAD_STILL lower and HEAD_STILL_SIZE times its size (students bad/390), none of the upright ones fails for it;
 * under the day's conditions it is 7 of 14 upright frames read poor in dim light, 14 of 44 backlit, 9 of 30 in a
 * low-quality stream and 9 of 22 in soft focus. A real forward head brings the head down or nearer.
 */
export const SHOULDERS_ROSE = 0.05;
export const HEAD_STILL = 0.04;
export const HEAD_STILL_SIZE = 1.05;

/** Head over neck as the forward-head rule reads it: unchanged (1) when the head rose and came no nearer, or stayed
 * put while the shoulder line rose under it. */
export function forwardHeadMeasure(m: PostureMeasures): number {
  if (m.head_drop <= -HEAD_RISEN && m.head_size < HEAD_NEARER) return 1;
  if (m.shoulder_drop <= -SHOULDERS_ROSE && m.head_drop < HEAD_STILL && m.head_size < HEAD_STILL_SIZE)
    return 1;
  return m.head_over_neck;
}

export function forwardHeadLevel(m: PostureMeasures): DeviationLevel | null {
  return levelOf(forwardHeadMeasure(m), FORWARD_HEAD);
}
