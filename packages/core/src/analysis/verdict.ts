// The posture fields of a detection frame (body_status, temporal_posture_data, posture_verdict), decided here
// for every producer; and the verdict where there is no calibrated reference to compare with (the live tool
// before Calibrate Posture): only the head tilt can be judged without one, against the horizontal.
import type { DetectionFrame, Keypoint, PostureVerdict } from '../detection/frame';
import { isUsableKeypoint } from './keypoints';
import {
  GOOD_VERDICT,
  NEUTRAL_VERDICT,
  type PostureReference,
  type PostureState,
  stepPosture,
} from './posture';
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

/** The posture part of one detection frame. */
export type FramePosture = Pick<DetectionFrame, 'body_status' | 'temporal_posture_data'> & {
  posture_verdict: PostureVerdict;
};

/**
 * One observation → the posture fields of its detection frame, the same for every producer (the vision
 * service, an on-device engine): against the reference when there is one (advancing the state), else the head
 * tilt alone. `keypoints` is null when no person was detected.
 */
export function analyseFrame(
  state: PostureState,
  input: { keypoints: Keypoint[] | null; time: number; frame: FrameSize },
  reference: PostureReference | null,
): { state: PostureState; posture: FramePosture } {
  const keypoints = input.keypoints ?? [];
  if (!reference) {
    const body_status = input.keypoints ? 'Calibrate to start posture analysis' : 'No person detected';
    const posture_verdict = verdictWithoutReference(keypoints, input.frame);
    return { state, posture: { body_status, temporal_posture_data: null, posture_verdict } };
  }
  const step = stepPosture(state, { keypoints, time: input.time }, reference);
  const { body_status, verdict, measures: _measures, ...temporal } = step.result;
  return {
    state: step.state,
    posture: { body_status, temporal_posture_data: temporal, posture_verdict: verdict },
  };
}
