// The live posture analysis' timing and tracking thresholds, with why (the keypoint score and weights are in
// keypoints.ts; each posture measure's levels are with its rule). Distances are in shoulder widths of the
// calibrated reference (so they hold at any distance from the camera and any resolution); times in ms.

/** Keypoints compared against the reference: the head and shoulders, which a desk camera always sees
 * (hips and arms are often hidden or moving for reasons other than posture). COCO-17 indices. */
export const TRACKED = [0, 1, 2, 3, 4, 5, 6] as const;

/** The weight of each tracked keypoint in the deviation measure is `keypointWeight` (keypoints.ts): the
 * correction arrows' weights. */

/** At least this many tracked keypoints, including both shoulders, must be seen to judge posture;
 * fewer means the person left or is turned away. */
export const MIN_TRACKED = 4;

/** The posture measures' own thresholds live with their rules (rules/slouch.ts, rules/forward-head.ts,
 * rules/lean.ts, tilt.ts); how the person faces the camera in view.ts; the reference's in reference.ts. */

/** A deviation must last this long before it is reported: a glance at the keyboard or a reach for a cup
 * takes about a second; a slouch that lasts 2.5 s is posture, not a movement. */
export const ONSET_MS = 2500;

/** Hysteresis: once reported, the posture counts as corrected only when every measure is below this
 * fraction of its mild threshold, for RECOVERY_MS, so a posture hovering at the threshold does not flicker. */
export const RECOVERY_FRACTION = 0.7;
export const RECOVERY_MS = 1000;

/** Smoothing time constant: keypoints are averaged exponentially over about 0.3 s, which removes the
 * detector's frame-to-frame jitter but follows a real movement within a second at any frame rate. */
export const SMOOTHING_TAU_MS = 300;

/** Stability window: the spread of the deviation (the weighted mean keypoint displacement from the reference)
 * over the last 2 s; a spread of 0.1 shoulder widths (restless movement) or more gives stability 0. */
export const STABILITY_WINDOW_MS = 2000;
export const STABILITY_SPREAD = 0.1;
