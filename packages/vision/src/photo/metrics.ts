// Posture metrics from one photo's COCO-17 keypoints (normalised 0..1, converted back to pixels so angles are
// true; the side-view formula, its C7 model and the physiological ranges are core's calibration/geometry.ts: C7
// from the trunk when the hips are seen), and the overall score of a three-photo calibration. Thresholds are the
// calibration's key-metric rule: CVA below 45 poor, below 48 warning; forward head distance above 100 poor, above
// 90 warning; shoulder tilt and head tilt above 5 warning.
import { isSeenFrom, isUsableKeypoint, type Keypoint } from '@posture-vision/core/analysis';
import {
  cvaFromC7,
  cvaStatus,
  FORWARD_HEAD_DISTANCE_MIN_CVA,
  forwardHeadStatus,
  headTiltStatus,
  isPhysiological,
  type MetricStatus,
  overallPostureScore,
  PHYSIOLOGICAL_RANGE,
  type RangedMetric,
  SIDE_VIEW_MAX_SHOULDER_SPAN,
  SIDE_VIEW_MAX_SHOULDER_SPAN_OF_TRUNK,
  SIDE_VIEW_SHOULDER_SCORE,
  shoulderTiltStatus,
  sideGeometry,
  TRUNK_HIP_SCORE,
  trunkC7,
} from '@posture-vision/core/calibration';

export type ViewType = 'front' | 'left' | 'right';

export interface SideMetrics {
  cranial_vertebral_angle: number;
  /** Absent below FORWARD_HEAD_DISTANCE_MIN_CVA (the answer's not_measurable says why). */
  forward_head_distance?: number;
}

export interface FrontMetrics {
  shoulder_tilt_angle: number;
  head_tilt_angle: number;
}

export type ViewMetrics = Partial<SideMetrics & FrontMetrics>;

/** Keypoints below core's MIN_KEYPOINT_SCORE are treated as not seen: one threshold for photo and live. */
const seen = isUsableKeypoint;
/** A shoulder a side view may measure from (SIDE_VIEW_SHOULDER_SCORE: a lower bar than other keypoints'). */
export const sideShoulder = (p: Keypoint | undefined): p is Keypoint =>
  isSeenFrom(p, SIDE_VIEW_SHOULDER_SCORE);

const mean = (ps: Keypoint[]) => ({
  x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
  y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
});

const round1 = (v: number) => Math.round(v * 10) / 10;
const deg = (rad: number) => (rad * 180) / Math.PI;

/** The keypoints a view needs are not in the photo (a 422: the photo must be retaken). */
export class MissingKeypoints extends Error {}

/** The photo shows the person, but this view's metrics, or some of them, cannot be measured from it (wrong view,
 * or a value no human neck or shoulder line can have). The answer says so instead of giving a number, and keeps
 * the metrics that were measured (a front photo's head tilt when only its shoulder line is out of range). */
export class NotMeasurable extends Error {
  constructor(
    message: string,
    readonly measured: ViewMetrics = {},
  ) {
    super(message);
  }
}

export const NOT_MEASURABLE = {
  frontal:
    'Not measurable from this view: the photo shows the person from the front. Turn sideways so that one ear and one shoulder face the camera.',
  faceFrontal:
    'Not measurable from this view: the face is turned towards the camera. Look straight ahead, sideways to the camera.',
  lowHead:
    'The forward head distance is not given: the head hangs too low for it to be measured (the cranial vertebral angle, which is, says how far forward it is).',
  outOfRange: (name: string, value: number, min: number, max: number) =>
    `Not measurable from this view: the ${name} measured ${round1(value)}°, outside the human range of ${min}-${max}°, so the ear or shoulder was not found reliably. Retake the photo.`,
  /** A front tilt beyond core's range: the person leans (or lies) sideways, or the pose model put a hidden shoulder
   * or eye elsewhere. Both happen with people sitting upright: the bench's two photos of women facing the camera,
   * one with hair over a shoulder and one in a dark top against a dark window frame, read 26° and 33° (bench/README.md),
   * so the message names what to change in the picture, not only the posture. */
  leaning: (name: string, value: number, max: number, hidden: string) =>
    `Not measurable from this view: the ${name} measured ${round1(value)}°, more than the ${max}° of someone sitting upright, so either you lean sideways or ${hidden}. Sit upright facing the camera with both shoulders and both eyes clearly in view (hair behind the shoulders, a background lighter or darker than your clothes), and retake the photo.`,
} as const;

/** What a front tilt beyond the human range can be besides leaning: a part the pose model could not see. */
const HIDDEN = {
  shoulderTiltAngle:
    'a shoulder was hidden (by hair, or by dark clothes against a dark background) and not found',
  headTiltAngle: 'an eye was hidden (by hair or glasses) and not found',
} as const;

/** The value rounded to 0.1, or NotMeasurable when it lies outside its physiological range. A front tilt can only
 * be too large, and then the person most likely leans sideways (the 'woman' test photo: a 28° shoulder line,
 * hand-marked 17-28°, her head a further 12°), so that message asks her to sit upright. */
function inRange(metric: RangedMetric, name: string, value: number): number {
  if (!isPhysiological(metric, value)) {
    const r = PHYSIOLOGICAL_RANGE[metric];
    const hidden = HIDDEN[metric as keyof typeof HIDDEN];
    throw new NotMeasurable(
      hidden
        ? NOT_MEASURABLE.leaning(name, value, r.max, hidden)
        : NOT_MEASURABLE.outOfRange(name, value, r.min, r.max),
    );
  }
  return round1(value);
}

/** The way a side view faces, 1 right or -1 left: the side of the ears' mean the nose (or an eye) is on; null when
 * no ear or no face point is seen. Normalised or pixel coordinates alike (the sign does not depend on the scale). */
export function sideFacing(k: Keypoint[]): 1 | -1 | null {
  const ears = [k[3], k[4]].filter(seen);
  const face = [k[0], k[1], k[2]].find(seen);
  if (!ears.length || !face) return null;
  return face.x >= ears.reduce((s, e) => s + e.x, 0) / ears.length ? 1 : -1;
}

/**
 * Side view. Method:
 * 1. The ear point is the mean of the ears seen (in a true side view both ears project onto nearly the same
 *    spot, and averaging halves the detector's jitter). The facing direction is the side of the ear the nose (or an
 *    eye) is on.
 * 2. C7, when the photo shows the hips (a hip at core's TRUNK_HIP_SCORE or more): core's trunkC7 from the mean of
 *    the shoulders seen and the hips' mean. Which of the two shoulder points is the near one then no longer matters.
 * 3. Otherwise (a photo cut at the chest) C7 comes from one shoulder and the ear's height above it (core's
 *    sideGeometry). That shoulder is the one (from core's SIDE_VIEW_SHOULDER_SCORE) furthest forward (towards the
 *    face): in a true side view both shoulder joints project onto the same spot, and the far one, hidden behind the
 *    body, is what MoveNet misplaces — backwards on the side-view test photos facing left, up to 180 px and at times
 *    with a higher score than the near one. (Facing right, the photo model put it in front; service.ts measures a
 *    side view facing right in its mirror image.) In webcam frames of a forward head it puts the far one in front
 *    too: when most looks show that, service.ts passes the shoulder the model itself names as the near one
 *    (`nearShoulder`), and it is used instead.
 * 4. It must be a side view: with both shoulders seen, they lie at most SIDE_VIEW_MAX_SHOULDER_SPAN_OF_TRUNK trunk
 *    lengths apart, or without the trunk SIDE_VIEW_MAX_SHOULDER_SPAN ear heights; with both ears seen, the nose is
 *    not between them (between them means a face turned to the camera). Otherwise NotMeasurable, never a number.
 * 5. A CVA outside its physiological range (core: −30-80°, every angle a seated person holds) is NotMeasurable. A
 *    CVA below FORWARD_HEAD_DISTANCE_MIN_CVA is given without the forward head distance (NotMeasurable with the CVA
 *    kept).
 */
export function sideMetrics(
  k: Keypoint[],
  width: number,
  height: number,
  /** The shoulder facing the camera, when the looks told it from the far one (service.ts nearShoulder): then
   * it replaces step 3's forward shoulder. */
  nearShoulder?: Keypoint,
): SideMetrics {
  const px = (p: Keypoint): Keypoint => ({ ...p, x: p.x * width, y: p.y * height });
  const ears = [k[3], k[4]].filter(seen).map(px);
  const shoulders = [k[5], k[6]].filter(sideShoulder).map(px);
  const face = [k[0], k[1], k[2]].find(seen);
  if (!ears.length || !shoulders.length || !face)
    throw new MissingKeypoints('an ear, a shoulder and the face must be visible in a side photo');
  const ear = mean(ears);
  const nose = px(face);
  const facing = sideFacing(k) as 1 | -1;
  const [e1, e2] = ears;
  if (e1 && e2 && nose.x > Math.min(e1.x, e2.x) && nose.x < Math.max(e1.x, e2.x))
    throw new NotMeasurable(NOT_MEASURABLE.faceFrontal);
  const hips = [k[11], k[12]].filter((p): p is Keypoint => isSeenFrom(p, TRUNK_HIP_SCORE)).map(px);
  const [s1, s2] = shoulders;
  const span = s1 && s2 ? Math.abs(s1.x - s2.x) : 0;
  let g: { cranialVertebralAngle: number; forwardHeadDistance: number } | null;
  if (hips.length) {
    const at = mean(shoulders);
    const hip = mean(hips);
    if (span > SIDE_VIEW_MAX_SHOULDER_SPAN_OF_TRUNK * Math.hypot(at.x - hip.x, at.y - hip.y))
      throw new NotMeasurable(NOT_MEASURABLE.frontal);
    const c7 = trunkC7(at, hip, facing);
    if (!c7) throw new MissingKeypoints('the shoulders must be above the hips in a side photo');
    g = cvaFromC7(ear, c7, facing);
  } else {
    const shoulder =
      nearShoulder && sideShoulder(nearShoulder)
        ? px(nearShoulder)
        : shoulders.reduce((a, b) => (b.x * facing > a.x * facing ? b : a));
    const h = shoulder.y - ear.y;
    if (h <= 0) throw new MissingKeypoints('the ear must be above the shoulder in a side photo');
    if (span > SIDE_VIEW_MAX_SHOULDER_SPAN * h) throw new NotMeasurable(NOT_MEASURABLE.frontal);
    g = sideGeometry(ear, shoulder, facing);
  }
  if (!g) throw new MissingKeypoints('the ear must be above the shoulder in a side photo');
  const cva = inRange('cranialVertebralAngle', 'cranial vertebral angle', g.cranialVertebralAngle);
  if (cva < FORWARD_HEAD_DISTANCE_MIN_CVA)
    throw new NotMeasurable(NOT_MEASURABLE.lowHead, { cranial_vertebral_angle: cva });
  return { cranial_vertebral_angle: cva, forward_head_distance: round1(g.forwardHeadDistance) };
}

/** Angle of the line between two points to the horizontal, 0..90 degrees whichever side is lower. */
function tilt(a: Keypoint, b: Keypoint, width: number, height: number): number {
  const angle = Math.abs(deg(Math.atan2((b.y - a.y) * height, (b.x - a.x) * width)));
  return round1(angle > 90 ? 180 - angle : angle);
}

/**
 * Front view: tilt of the shoulder line, and of the eye line (ears when the eyes are not seen). Each tilt is
 * measured on its own: one beyond its range (a hidden shoulder, bench/README.md) is NotMeasurable with the other
 * kept, so a calibration can still give the head tilt, and its side photos' CVA, when a shoulder was not found.
 */
export function frontMetrics(k: Keypoint[], width: number, height: number): FrontMetrics {
  const [ls, rs] = [k[5], k[6]];
  if (!seen(ls) || !seen(rs)) throw new MissingKeypoints('both shoulders must be visible in a front photo');
  const head = seen(k[1]) && seen(k[2]) ? [k[1], k[2]] : seen(k[3]) && seen(k[4]) ? [k[3], k[4]] : null;
  if (!head) throw new MissingKeypoints('both eyes or both ears must be visible in a front photo');
  const measured: Partial<FrontMetrics> = {};
  const reasons: string[] = [];
  const measure = (key: keyof FrontMetrics, value: () => number) => {
    try {
      measured[key] = value();
    } catch (error) {
      if (!(error instanceof NotMeasurable)) throw error;
      reasons.push(error.message);
    }
  };
  measure('shoulder_tilt_angle', () =>
    inRange('shoulderTiltAngle', 'shoulder tilt', tilt(ls, rs, width, height)),
  );
  measure('head_tilt_angle', () =>
    inRange('headTiltAngle', 'head tilt', tilt(head[0] as Keypoint, head[1] as Keypoint, width, height)),
  );
  if (reasons.length) throw new NotMeasurable(reasons.join(' '), measured);
  return measured as FrontMetrics;
}

export function viewMetrics(
  view: ViewType,
  k: Keypoint[],
  width: number,
  height: number,
  nearShoulder?: Keypoint,
): ViewMetrics {
  return view === 'front' ? frontMetrics(k, width, height) : sideMetrics(k, width, height, nearShoulder);
}

const meanOfTwo = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined ? round1((a + b) / 2) : (a ?? b);

/**
 * A three-photo calibration's metrics: the side metrics the mean of the left and right photos' (two photos of the
 * same neck: their mean halves the variance of one reading), the tilts the front photo's. The batch call answers
 * these, and the repeatability bench scores them as it does.
 */
export function calibrationMetrics(views: Record<ViewType, { metrics: ViewMetrics }>): ViewMetrics {
  const { front, left, right } = views;
  return {
    cranial_vertebral_angle: meanOfTwo(
      left.metrics.cranial_vertebral_angle,
      right.metrics.cranial_vertebral_angle,
    ),
    forward_head_distance: meanOfTwo(left.metrics.forward_head_distance, right.metrics.forward_head_distance),
    shoulder_tilt_angle: front.metrics.shoulder_tilt_angle,
    head_tilt_angle: front.metrics.head_tilt_angle,
  };
}

export type Status = MetricStatus;

/** The key-metric statuses, as the calibration summary colours them: core's rule, keyed by the answer's names. */
export const status = {
  cranial_vertebral_angle: cvaStatus,
  forward_head_distance: forwardHeadStatus,
  shoulder_tilt_angle: shoulderTiltStatus,
  head_tilt_angle: headTiltStatus,
};

/**
 * Overall score out of 100: core's rule (calibration/score.ts: 100 minus one continuous penalty per measured metric,
 * clamped to 0..100), which the calibration summary also uses to show how the score was made. A metric not measured
 * (a front photo whose shoulder was hidden: the answer's notes say why) adds no penalty.
 */
export function overallScore(m: Partial<SideMetrics & FrontMetrics>): number {
  return overallPostureScore({
    cranialVertebralAngle: m.cranial_vertebral_angle,
    forwardHeadDistance: m.forward_head_distance,
    shoulderTiltAngle: m.shoulder_tilt_angle,
    headTiltAngle: m.head_tilt_angle,
  });
}

const NOTE: Record<keyof typeof status, Record<Exclude<Status, 'good'>, string>> = {
  cranial_vertebral_angle: {
    warning: 'Cranial vertebral angle is slightly low: the head sits a little forward of the shoulders.',
    poor: 'Cranial vertebral angle is low: forward head posture.',
  },
  forward_head_distance: {
    warning: 'The head is somewhat forward of the shoulders.',
    poor: 'The head is well forward of the shoulders.',
  },
  shoulder_tilt_angle: { warning: 'Shoulders are uneven.', poor: 'Shoulders are uneven.' },
  head_tilt_angle: { warning: 'The head is tilted to one side.', poor: 'The head is tilted to one side.' },
};

/**
 * Assessment notes: one sentence per metric out of the good range, or a single all-good sentence when at least one
 * metric was measured; then why any metric was not measured (`notMeasured`, the views' reasons), so the notes never
 * read as if an absent metric were good.
 */
export function assessmentNotes(m: ViewMetrics, notMeasured: readonly string[] = []): string {
  const notes: string[] = [];
  let measured = 0;
  for (const key of Object.keys(status) as (keyof typeof status)[]) {
    const v = m[key];
    if (v === undefined) continue;
    measured++;
    const s = status[key](v);
    if (s !== 'good') notes.push(NOTE[key][s]);
  }
  if (!notes.length && (measured || !notMeasured.length))
    notes.push('Posture is within the healthy range on every measured metric.');
  return [...notes, ...notMeasured].join(' ');
}
