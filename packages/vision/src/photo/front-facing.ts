// Whether a photo taken for the front view shows the person from the front: a side view given as the front photo
// has eye and shoulder lines that are no head or shoulder tilt (one read "head tilt 22°" and cost 20 points).
import {
  bodyGeometry,
  EDGE_ON_HEAD_PER_SHOULDERS,
  type Keypoint,
  viewOf,
} from '@posture-vision/core/analysis';

/**
 * Head size over shoulder width above which a front photo's shoulders are seen side on. The live rule's 1.2
 * (core `SIDE_ON_HEAD_PER_SHOULDERS`) is a reference's, taken over a steady second of frames; one photo of a woman
 * with narrow shoulders facing the camera reads 0.88 in a 640x480 frame and 1.16 in its mirror image, and over 1.2
 * as the wizard captures it (the fake camera's I420 frame, mirrored, JPEG), so one photo is held to more. A body
 * side on in the real side-view photos (bench/accuracy's two people, 26 photos) reads either edge-on (under 0.3,
 * the hidden ear and eye guessed beside the seen ones) or 1.71; 1.5 lies between that and every frontal photo.
 */
export const FRONT_PHOTO_SIDE_ON_HEAD_PER_SHOULDERS = 1.5;

export type FrontPhotoProblem = 'side' | 'head-turned';

/** Why a front photo's live look (the whole photo, as the live model saw it) is not a front view, or null. */
export function frontPhotoProblem(
  keypoints: readonly Keypoint[],
  frame: { width: number; height: number },
): FrontPhotoProblem | null {
  const body = bodyGeometry(keypoints, frame);
  if (!body) return null;
  const view = viewOf(keypoints, body);
  if (view === 'head-turned') return view;
  if (view !== 'side') return null;
  const ratio = body.headSize === null ? null : body.headSize / body.shoulderWidth;
  // Edge-on, or wider than any frontal photo: side on. Between the live rule's bar and the photo's, a front view.
  if (ratio === null || ratio < EDGE_ON_HEAD_PER_SHOULDERS || ratio > FRONT_PHOTO_SIDE_ON_HEAD_PER_SHOULDERS)
    return 'side';
  return null;
}
