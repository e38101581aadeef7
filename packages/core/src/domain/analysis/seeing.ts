// Why a frame is not judged, in words a user can act on: nobody there, the shoulders out of view, a head turned
// away, or a picture too dark or too blurred to find the person in. The picture's quality is measured by the
// detector, which has the pixels (detector picture.ts); the rule that names the reason is here, the same for the
// vision service and device mode.
import type { Keypoint, UnjudgedReason } from '../detection/frame';
import { MIN_KEYPOINT_SCORE, isUsableKeypoint as usable } from './keypoints';

/** How well the picture shows the person, over the region they are in (detector picture.ts). */
export interface PictureQuality {
  /** The luminance the brightest tenth of the region reaches, 0 (black) to 1 (white): a dark room has no bright
   * parts, where a person in dark clothes before a dark chair still has a lit face and wall. */
  brightness: number;
  /** Mean luminance step between neighbouring samples over the region's own spread of luminance: low when blurred. */
  sharpness: number;
  /** The camera's frame was dark, and evened out before the model looked (detector exposure.ts): the figures above
   * are of what the model saw, and the picture is too dark however bright that reads. */
  evenedOut?: boolean;
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

/**
 * A picture at least this sharp (and not too dark) is clear: the real webcam frames read 0.034 as the median (a
 * quarter under 0.031), a low-quality stream 0.027 and soft focus 0.017; a dim or dark picture reads sharper than
 * any (0.09-0.21) from its noise, which TOO_DARK_BRIGHTNESS leaves out.
 */
export const CLEAR_SHARPNESS = 0.03;

/**
 * In a clear picture a keypoint the model scored at least this is used, though under MIN_KEYPOINT_SCORE: there the
 * model scores a shoulder at the picture's edge or against a dark chair 0.25-0.3 where it still places it right.
 * Chosen on the conditions benchmark (bench/accuracy/README.md): on the real frames as taken, slouches caught 161 →
 * 168 of 204 and frames not judged 56 → 43 of 405, every upright frame as before; over every light of a desk day
 * calibrated before it changed, slouches 804 → 825 of 1505 and upright 1379 → 1377 of 1470. The bar lowered in
 * every picture judged more of the upright in a low-quality stream poor (90 → 82 %), and in dim or dark ones
 * (sharp from noise) 7 of a student's 29 upright frames. The price, on the real frames: the frames now judged are
 * judged against every reference, and against the worst of one student's (students C) 13 of his 51 upright frames
 * pass where 16 did; 0.27, or the shoulders alone, cost the same and catch fewer.
 */
export const CLEAR_PICTURE_KEYPOINT_SCORE = 0.25;

/** Whether the picture is clear enough to trust a keypoint under the usual bar: bright enough and sharp. A dark frame
 * evened out for the model counts by what the model saw (chosen on the conditions benchmark, dim and dark: slouches
 * caught 140 → 161 of 430 after the light changed, upright 409 → 410 of 420). */
export function clearPicture(p: PictureQuality | null | undefined): boolean {
  return !!p && p.brightness >= TOO_DARK_BRIGHTNESS && p.sharpness >= CLEAR_SHARPNESS;
}

/** The keypoints a frame is judged by: in a clear picture, one scored from CLEAR_PICTURE_KEYPOINT_SCORE counts as
 * found at the usual bar (its score raised to MIN_KEYPOINT_SCORE). */
export function clearPictureKeypoints(
  keypoints: readonly Keypoint[],
  picture: PictureQuality | null | undefined,
): Keypoint[] {
  if (!clearPicture(picture)) return keypoints as Keypoint[];
  return keypoints.map((k) => {
    const score = k?.score;
    return score !== undefined && score >= CLEAR_PICTURE_KEYPOINT_SCORE && score < MIN_KEYPOINT_SCORE
      ? { ...k, score: MIN_KEYPOINT_SCORE }
      : k;
  });
}

/** The picture's own problem, if it has one: too dark first (a dark picture reads sharp from its noise). */
export function pictureProblem(p: PictureQuality | null | undefined): 'too_dark' | 'too_blurred' | null {
  if (!p) return null;
  if (p.evenedOut || p.brightness < TOO_DARK_BRIGHTNESS) return 'too_dark';
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
