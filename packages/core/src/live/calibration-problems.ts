// Why a live calibration took nothing (document 2 §3.2 'No calibration data found' and its reason): the same
// words whether the vision service (server mode) or the live tool itself (device mode) took the reference.
import { isUsableKeypoint } from '../analysis/keypoints';
import { MIN_TRACKED, TRACKED } from '../analysis/thresholds';
import type { Keypoint } from '../detection/frame';

/** The `reason` of a CALIBRATION_NONE answer (the live tool adds what to do next). */
export const CALIBRATION_PROBLEMS = {
  notConnected: 'the camera is not connected to the service',
  noVideo: 'no video has reached the service yet',
  nobody: 'nobody is in view',
  partial: 'your head and both shoulders are not all in view',
} as const;

/**
 * The reason for the newest detection's keypoints (null: no frame yet). The pose model answers a "body" of
 * low-score guesses even for an empty room: fewer than MIN_TRACKED usable head-and-shoulder keypoints is
 * nobody; enough of them without both shoulders is partial.
 */
export function calibrationProblem(keypoints: readonly Keypoint[] | null): string {
  if (!keypoints) return CALIBRATION_PROBLEMS.noVideo;
  const seen = TRACKED.filter((i) => isUsableKeypoint(keypoints[i]));
  return seen.length < MIN_TRACKED ? CALIBRATION_PROBLEMS.nobody : CALIBRATION_PROBLEMS.partial;
}
