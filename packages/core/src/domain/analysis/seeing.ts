// Why a frame is not judged, in words a user can act on: nobody there, the shoulders out of view, a head turned
// away, or a picture too dark or too blurred to find the person in. The picture's quality is measured by the
// detector, which has the pixels (detector picture.ts); the rule that names the reason is here, the same for the
// vision service and device mode.
import type { Keypoint, UnjudgedReason } from '../detection/frame';
import { isUsableKeypoint as usable } from './keypoints';

/** How well the picture shows the person, over the region they are in (detector picture.ts). */
export interface PictureQuality {
  /** The luminance the brightest tenth of the region reaches, 0 (black) to 1 (white): a dark room has no bright
   * parts, where a person in dark clothes before a dark chair still has a lit face and wall. */
  brightness: number;
  /** Mean luminance step between neighbouring samples over the region's own spread of luminance: low when blurred. */
  sharpness: number;
}

export type { UnjudgedReason };

/**
 * Too dark below this brightness. On the real webcam frames (bench/accuracy/conditions.ts, every frame of
 * real-media's frontal sets) the brightest tenth of the person's region reaches 0.52 at the least (the man of the
 * middle-seat set, dark sweater before a dark chair) and 0.84 as the median; made dim or dark by script it reaches
 * 0.14-0.28 (median) and the model loses the shoulders. 0.4 sits between, a fifth below every real frame.
 */
export const TOO_DARK_BRIGHTNESS = 0.4;

/**
 * Too blurred below this sharpness. The real frames read 0.019 at the least (median 0.035); in soft focus (a blur of
 * 1.4 % of the width) 0.009-0.023 (median 0.017), in a low-quality stream 0.012-0.037. 0.015 is below every real
 * frame, so only a picture blurrier than any real one is called blurred; a blur in between is named by what it
 * hides (the shoulders).
 */
export const TOO_BLURRED_SHARPNESS = 0.015;

/** The picture's own problem, if it has one: too dark first (a dark picture reads sharp from its noise). */
export function pictureProblem(p: PictureQuality | null | undefined): 'too_dark' | 'too_blurred' | null {
  if (!p) return null;
  if (p.brightness < TOO_DARK_BRIGHTNESS) return 'too_dark';
  if (p.sharpness < TOO_BLURRED_SHARPNESS) return 'too_blurred';
  return null;
}

/** Why a frame without enough of the person to judge was not judged: the picture's problem when it has one, else
 * the shoulders out of view when the face is seen (two of nose and eyes), else nobody. */
export function unseenReason(
  keypoints: readonly Keypoint[],
  picture?: PictureQuality | null,
): UnjudgedReason {
  const problem = pictureProblem(picture);
  if (problem) return problem;
  const face = [0, 1, 2].filter((i) => usable(keypoints[i])).length >= 2;
  return face ? 'shoulders_out_of_view' : 'nobody';
}
