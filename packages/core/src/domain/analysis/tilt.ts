// Lateral head tilt: one rule for the live tool's Detection Status and the posture analysis.
//
// The tilt is the angle of the eye line (keypoints 1 and 2) in degrees, measured in pixels of the frame, against
// the calibrated reference's eye line once there is one (a person's resting head and the camera need not be
// level), else against the horizontal. The specification's rule classifies by the eyes' vertical difference in
// normalised units (0.02 and 0.05); that number grows as the person comes closer to the camera and shrinks with
// the frame's height, so the same head reads differently at different distances. The angle does not depend on
// distance or resolution: it is the better-founded of the two rules the live tool and the analysis used, and
// the one kept. At the reference frame (640x640) with the eyes 0.1 apart, 0.02 and 0.05 are 11° and
// 27°, close to the moderate and severe levels below.
import type { DeviationLevel, Keypoint } from '../detection/frame';
import { isUsableKeypoint } from './keypoints';

/** Tilt levels in degrees. On the real webcam frames (bench/accuracy) the eye line of a man sitting upright and
 * reading varies by up to 11° between frames (in a 224-pixel frame one pixel of an eye is 2°) and students talking
 * tilt their heads by up to 14°, so a tilt is poor posture from 15° (it was 8°, and one upright frame against
 * another read as a tilt); 20° and 25° are clearly and strongly tilted. */
export const TILT_DEG = { mild: 15, moderate: 20, severe: 25 } as const;

/** Fewer keypoints than this means the pose is not complete enough to judge. */
export const TILT_MIN_KEYPOINTS = 11;

export interface FrameSize {
  width: number;
  height: number;
}

/** The live tool's reference frame, for keypoints whose frame size is not known. */
const SQUARE: FrameSize = { width: 640, height: 640 };

/** Angle of the eye line (from the image-right eye, 2, to the image-left eye, 1) in degrees; null when an eye
 * is not usable. */
export function eyeLineAngle(k: readonly Keypoint[], frame: FrameSize = SQUARE): number | null {
  const [left, right] = [k[1], k[2]];
  if (!isUsableKeypoint(left) || !isUsableKeypoint(right)) return null;
  const dx = (left.x - right.x) * frame.width;
  const dy = (left.y - right.y) * frame.height;
  return (Math.atan2(dy, dx) * 180) / Math.PI;
}

/** Signed tilt in degrees (−180..180) of an eye-line angle against a reference angle (0: the horizontal). */
export function tiltDegrees(angle: number, referenceAngle = 0): number {
  return ((angle - referenceAngle + 540) % 360) - 180;
}

/** The level of a tilt in degrees; null below the mild level. */
export function tiltLevel(degrees: number): DeviationLevel | null {
  const d = Math.abs(degrees);
  return d >= TILT_DEG.severe
    ? 'severe'
    : d >= TILT_DEG.moderate
      ? 'moderate'
      : d >= TILT_DEG.mild
        ? 'mild'
        : null;
}

export type TiltClass = 'Severe' | 'Moderate' | 'Neutral' | 'Analyzing...';

/**
 * The Detection Status's head tilt: 'Analyzing...' with fewer than 11 keypoints or
 * without both eyes; else Severe from the severe level, Moderate from the mild one, Neutral below.
 */
export function classifyTilt(
  keypoints: readonly Keypoint[] | null | undefined,
  frame: FrameSize = SQUARE,
): TiltClass {
  if (!keypoints || keypoints.length < TILT_MIN_KEYPOINTS) return 'Analyzing...';
  const angle = eyeLineAngle(keypoints, frame);
  if (angle === null) return 'Analyzing...';
  // The panel's Moderate is any tilt the posture rule counts (from TILT_DEG.mild, 15°): the same 15° and 25° bounds
  // the panel always had.
  const level = tiltLevel(tiltDegrees(angle));
  if (level === 'severe') return 'Severe';
  if (level) return 'Moderate';
  return 'Neutral';
}
