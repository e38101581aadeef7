// The verdict of a frame where there is no calibrated reference to compare with (the live tool before
// Calibrate Posture): only the head tilt can be judged without one, against the horizontal.
import type { Keypoint, PostureVerdict } from '../detection/frame';
import { isUsableKeypoint } from './keypoints';
import { GOOD_VERDICT, NEUTRAL_VERDICT } from './posture';
import { MIN_TRACKED, TRACKED } from './thresholds';
import { eyeLineAngle, type FrameSize, TILT_DEG, tiltDegrees, tiltLevel } from './tilt';

/** Enough of a person to judge: MIN_TRACKED of the head-and-shoulder keypoints, both shoulders among them. */
export function isPersonInView(keypoints: readonly Keypoint[]): boolean {
  const seen = TRACKED.filter((i) => isUsableKeypoint(keypoints[i]));
  return seen.length >= MIN_TRACKED && seen.includes(5) && seen.includes(6);
}

/**
 * Without a reference: neutral when nobody is in view; poor ('tilt') when the eye line is tilted to the
 * moderate level or more, the tilt the Detection Status calls Moderate or Severe (a mild tilt is normal head
 * movement, and without a reference there is no onset delay to tell a glance from a posture); else good.
 */
export function verdictWithoutReference(keypoints: readonly Keypoint[], frame: FrameSize): PostureVerdict {
  if (!isPersonInView(keypoints)) return NEUTRAL_VERDICT;
  const angle = eyeLineAngle(keypoints, frame);
  const degrees = angle === null ? 0 : tiltDegrees(angle);
  const level = tiltLevel(degrees);
  if (!level || Math.abs(degrees) < TILT_DEG.moderate) return GOOD_VERDICT;
  return { status: 'poor', issue: 'tilt', level };
}
