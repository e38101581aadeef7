// One calibration: the photo calibration's front photo, taken at the desk with the same camera, is the live
// monitor's reference of the active calibration profile, so a user who calibrated is judged from the first live
// frame (web session and extension alike); the live tool's Calibrate Posture refreshes that same reference. The
// API keeps it when it stores the calibration (its calibration routes), whichever client took the photos.
import { mirrorKeypoints } from '../analysis/keypoints';
import { referenceProblem } from '../analysis/reference';
import { PROFILE_SETUP_LABELS, type ProfileReference, parseProfileReference } from './profiles';

/** The profile a user without one gets when the photo calibration gives the first live reference. */
export const FIRST_PROFILE = { name: PROFILE_SETUP_LABELS.laptop, setup: 'laptop' } as const;

/** The live camera's frame (ideal 640x480): the web app's live tool and the extension ask for it. */
export const LIVE_CAMERA_FRAME = { width: 640, height: 480 } as const;

/**
 * Keypoints of a photo of another shape in the live camera's frame: the photo calibration asks the camera for a
 * wide picture (1280x720) and the live tool for 640x480, and the browser gives a narrower shape by cropping the
 * sides of the same picture (Chrome's crop-and-scale), so the live frame is the photo's centre at the live shape.
 * A camera that instead switches lens area would leave the reference's scale off; the posture measures the rules
 * judge are ratios of the body itself (forward head, lean, tilt) or need one of them with it (slouch), so that
 * cannot make a posture poor by itself.
 */
export function toLiveFrame(reference: ProfileReference, live = LIVE_CAMERA_FRAME): ProfileReference {
  const { width, height } = reference.frame;
  const aspect = live.width / live.height;
  if (!(width > 0 && height > 0) || Math.abs(width / height - aspect) < 0.01) return reference;
  // The part of the photo the live frame shows: its full height and the centre at the live shape, or its full width.
  const [w, h] = width / height > aspect ? [height * aspect, height] : [width, width / aspect];
  const [ox, oy] = [(width - w) / 2, (height - h) / 2];
  return {
    frame: { width: live.width, height: live.height },
    keypoints: reference.keypoints.map((k) => ({
      ...k,
      x: (k.x * width - ox) / w,
      y: (k.y * height - oy) / h,
    })),
  };
}

/**
 * The batch photo analysis' live reference (`live_reference`: the front photo as the live model sees it), as the
 * live camera sees it: a photo captured mirrored like the preview is turned back, and put in the live frame
 * (toLiveFrame). Null when the answer has none, or one the live analysis would refuse as a reference. The API keeps
 * it on the active profile when it stores the calibration.
 */
export function photoLiveReference(
  analysis: { live_reference?: unknown } | null | undefined,
  mirrored: boolean,
): ProfileReference | null {
  const found = parseProfileReference(analysis?.live_reference);
  if (!found) return null;
  const seen = mirrored ? { ...found, keypoints: mirrorKeypoints(found.keypoints) } : found;
  const live = toLiveFrame(seen);
  return referenceProblem(live.keypoints, live.frame) ? null : live;
}
