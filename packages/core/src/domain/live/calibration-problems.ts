// Why a live calibration took nothing ('No calibration data found' and its reason): the same
// words whether the vision service (server mode) or the live tool itself (device mode) took the reference.
import { CalibrationError, createReference } from '../analysis/posture';
import { type ReferenceProblem, referenceProblem } from '../analysis/reference';
import type { FrameSize } from '../analysis/tilt';
import type { Keypoint } from '../detection/frame';

/** The `reason` of a CALIBRATION_NONE answer (the live tool adds what to do next). */
export const CALIBRATION_PROBLEMS = {
  notConnected: 'the camera is not connected to the service',
  noVideo: 'no video has reached the service yet',
  nobody: 'nobody is in view',
  partial: 'your head and both shoulders are not all in view',
  side: 'you are turned to the side: face the camera',
  headTurned: 'your head is turned away: look at the screen',
  moving: 'you were moving: sit still for a moment',
} as const;

/** The words for each reason the analysis refuses a reference (analysis/reference.ts). */
export const REFERENCE_PROBLEM_TEXT: Record<ReferenceProblem, string> = {
  nobody: CALIBRATION_PROBLEMS.nobody,
  partial: CALIBRATION_PROBLEMS.partial,
  side: CALIBRATION_PROBLEMS.side,
  'head-turned': CALIBRATION_PROBLEMS.headTurned,
  moving: CALIBRATION_PROBLEMS.moving,
};

/**
 * The reason for the newest detection's keypoints (null: no frame yet), when no reason from the reference's
 * frames is known. The pose model answers a "body" of low-score guesses even for an empty room: fewer than
 * MIN_TRACKED usable head-and-shoulder keypoints is nobody; enough of them without both shoulders is partial.
 */
export function calibrationProblem(
  keypoints: readonly Keypoint[] | null,
  frame: FrameSize = { width: 640, height: 480 },
): string {
  if (!keypoints) return CALIBRATION_PROBLEMS.noVideo;
  return REFERENCE_PROBLEM_TEXT[referenceProblem(keypoints, frame) ?? 'partial'];
}

/**
 * Why a saved reference (a calibration profile's) cannot be judged against, or null when it can: the analysis
 * refuses it as it would refuse it live (a reference kept before a newer rule, such as the turned head, is
 * refused the same way). The posture monitor adopts a saved reference only when this is null.
 */
export function savedReferenceProblem(saved: {
  keypoints: readonly Keypoint[];
  frame: FrameSize;
}): string | null {
  try {
    createReference([...saved.keypoints], saved.frame);
    return null;
  } catch (error) {
    return REFERENCE_PROBLEM_TEXT[error instanceof CalibrationError ? error.problem : 'partial'];
  }
}
