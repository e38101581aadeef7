// Which keypoints count and how much: one rule for the posture analysis, the live tool's correction arrows,
// the reference outline and the photo analysis. COCO-17 indices: 0 nose, 1/2 eyes, 3/4 ears, 5/6 shoulders,
// 11/12 hips.
import type { Keypoint } from '../detection/frame';

/** A keypoint below this detector score is not used: the pose models guess hidden parts at about 0.1-0.25,
 * and a guessed ear or shoulder would move the analysis as much as a real movement. */
export const MIN_KEYPOINT_SCORE = 0.3;

/** Numeric x and y, and a score (when the detector gives one) of at least MIN_KEYPOINT_SCORE. */
export function isUsableKeypoint(k: Keypoint | null | undefined): k is Keypoint {
  return isSeenFrom(k, MIN_KEYPOINT_SCORE);
}

/** Numeric x and y, and a score (when the detector gives one) of at least `minScore`: isUsableKeypoint with
 * another bar, for a rule that has its reason for one (calibration's SIDE_VIEW_SHOULDER_SCORE). */
export function isSeenFrom(k: Keypoint | null | undefined, minScore: number): k is Keypoint {
  return (
    !!k &&
    typeof k.x === 'number' &&
    typeof k.y === 'number' &&
    Number.isFinite(k.x) &&
    Number.isFinite(k.y) &&
    (k.score ?? 1) >= minScore
  );
}

/**
 * Keypoint weights (the correction arrows'): nose 1, eyes (1, 2) 0.9, shoulders (5, 6) 0.8, hips (11, 12) 0.7,
 * others 0.5. The analysis weighs its deviation measure the same way the arrows are drawn, so what the arrows
 * show is what the verdict counts; the ears get the 0.5 of "others" because hair often hides them.
 */
export function keypointWeight(index: number): number {
  if (index === 0) return 1;
  if (index === 1 || index === 2) return 0.9;
  if (index === 5 || index === 6) return 0.8;
  if (index === 11 || index === 12) return 0.7;
  return 0.5;
}

/** COCO-17's left/right pairs by index (eyes, ears, shoulders, elbows, wrists, hips, knees, ankles). The body models
 * name a pair's points by x, the person's left on the image's right. */
export const COCO17_PAIRS: readonly (readonly [left: number, right: number])[] = [
  [1, 2],
  [3, 4],
  [5, 6],
  [7, 8],
  [9, 10],
  [11, 12],
  [13, 14],
  [15, 16],
];

/** The keypoints of the mirror image (x flipped), each pair's points renamed by x again as the models name them:
 * a photo taken mirrored like a preview, read as the camera sees it. */
export function mirrorKeypoints(k: readonly Keypoint[]): Keypoint[] {
  const out = k.map((p) => ({ ...p, x: 1 - p.x }));
  for (const [a, b] of COCO17_PAIRS) {
    const pa = out[a] as Keypoint;
    const pb = out[b] as Keypoint;
    out[a] = { ...pb, name: pa.name };
    out[b] = { ...pa, name: pb.name };
  }
  return out;
}
