// Every threshold of the live posture analysis, with why (the keypoint score and weights are in keypoints.ts,
// the tilt levels in tilt.ts, shared with the live tool). Distances are in shoulder widths of the
// calibrated reference (so they hold at any distance from the camera and any resolution); times in ms.

/** Keypoints compared against the reference: the head and shoulders, which a desk camera always sees
 * (hips and arms are often hidden or moving for reasons other than posture). COCO-17 indices. */
export const TRACKED = [0, 1, 2, 3, 4, 5, 6] as const;

/** The weight of each tracked keypoint in the deviation measure is `keypointWeight` (keypoints.ts): the
 * arrows' weights of document 2, section 9. */

/** At least this many tracked keypoints, including both shoulders, must be seen to judge posture;
 * fewer means the person left or is turned away. */
export const MIN_TRACKED = 4;

/** Deviation (weighted mean keypoint displacement in shoulder widths) that starts each level. 0.15 is
 * beyond the 2-5% jitter of a still person and a small lean; 0.30 is a clear slouch or lean; 0.50 means
 * the head or shoulders moved by half a shoulder width. */
export const DEVIATION = { mild: 0.15, moderate: 0.3, severe: 0.5 } as const;

/** Forward head: how much larger the head appears than at calibration, i.e. how much closer to the camera
 * it came (the camera looks at the face, so this is the head moving forward). 10% closer is visible
 * craning toward the screen; 20% and 35% are pronounced and severe. */
export const FORWARD_HEAD = { mild: 1.1, moderate: 1.2, severe: 1.35 } as const;

/** Which words: when the head grew at least 8% more than the shoulder width did, the head moved ahead of
 * the shoulders ('Forward head posture'); otherwise the whole trunk leaned in ('Leaning toward the
 * screen'). 8% is above the shoulder width's own detection jitter of a few percent. */
export const HEAD_AHEAD_OF_SHOULDERS = 1.08;

/** Lateral head tilt: TILT_DEG in tilt.ts, the one tilt rule of the live tool and the analysis. */

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

/** Stability window: the spread of the deviation over the last 2 s; a spread of 0.1 shoulder widths
 * (restless movement) or more gives stability 0. */
export const STABILITY_WINDOW_MS = 2000;
export const STABILITY_SPREAD = 0.1;

/** Direction words: a component of the mean displacement above this (shoulder widths) is named. */
export const DIRECTION_MIN = 0.12;

/** A shoulder line turned this many degrees from the reference's names the cause 'shoulder_asymmetry' of a
 * poor posture (document 2, section 5.2 calls a shoulder tilt above 5° a warning). It names a cause only:
 * whether the posture is poor is decided by the levels above. */
export const SHOULDER_TILT_DEG = 5;
