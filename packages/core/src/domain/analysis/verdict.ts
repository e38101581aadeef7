// The posture fields of a detection frame (body_status, temporal_posture_data, posture_verdict), decided here
// for every producer; without a calibrated reference to compare with (the live tool before Calibrate Posture)
// nothing is judged.
import type { DetectionFrame, Keypoint, PostureVerdict } from '../detection/frame';
import { isUsableKeypoint } from './keypoints';
import { NEUTRAL_VERDICT, type PostureReference, type PostureState, stepPosture } from './posture';
import type { PictureQuality } from './seeing';
import { MIN_TRACKED, TRACKED } from './thresholds';
import type { FrameSize } from './tilt';

/** Enough of a person to judge: MIN_TRACKED of the head-and-shoulder keypoints, both shoulders among them. */
export function isPersonInView(keypoints: readonly Keypoint[]): boolean {
  const seen = TRACKED.filter((i) => isUsableKeypoint(keypoints[i]));
  return seen.length >= MIN_TRACKED && seen.includes(5) && seen.includes(6);
}

/**
 * Without a reference there is no posture to judge: neutral ("not calibrated"), so no time counts as good or poor
 * before the user's own upright posture is known. (A head tilt against the horizontal was judged here once; a
 * person's resting head and the camera need not be level, so it said "good" or "tilt" of nobody's posture.)
 */
export function verdictWithoutReference(): PostureVerdict {
  return NEUTRAL_VERDICT;
}

/** The posture part of one detection frame. */
export type FramePosture = Pick<
  DetectionFrame,
  'body_status' | 'temporal_posture_data' | 'posture_unjudged'
> & {
  posture_verdict: PostureVerdict;
};

/**
 * One observation → the posture fields of its detection frame, the same for every producer (the vision
 * service, an on-device engine): against the reference when there is one (advancing the state), else nothing is
 * judged. `keypoints` is null when no person was detected.
 */
export function analyseFrame(
  state: PostureState,
  input: { keypoints: Keypoint[] | null; time: number; frame: FrameSize; picture?: PictureQuality | null },
  reference: PostureReference | null,
): { state: PostureState; posture: FramePosture } {
  const keypoints = input.keypoints ?? [];
  if (!reference) {
    const body_status = input.keypoints ? 'Calibrate to start posture analysis' : 'No person detected';
    const posture_verdict = verdictWithoutReference();
    return { state, posture: { body_status, temporal_posture_data: null, posture_verdict } };
  }
  const step = stepPosture(state, { keypoints, time: input.time, picture: input.picture }, reference);
  const { body_status, verdict, unjudged, measures: _measures, ...temporal } = step.result;
  return {
    state: step.state,
    posture: {
      body_status,
      temporal_posture_data: temporal,
      posture_verdict: verdict,
      ...(unjudged ? { posture_unjudged: unjudged } : {}),
    },
  };
}
