// Posture metrics from one photo's COCO-17 keypoints (normalised 0..1, converted back to pixels so angles
// are true), and the overall score of a three-photo calibration. Thresholds are those of the second
// specification document, section 5.2: CVA below 45 poor, below 48 warning; forward head distance above
// 100 poor, above 90 warning; shoulder tilt and head tilt above 5 warning.
import type { Keypoint } from '@posture-vision/core/analysis';
import {
  cvaStatus,
  forwardHeadStatus,
  headTiltStatus,
  type MetricStatus,
  shoulderTiltStatus,
} from '@posture-vision/core/calibration';

export type ViewType = 'front' | 'left' | 'right';

export interface SideMetrics {
  cranial_vertebral_angle: number;
  forward_head_distance: number;
}

export interface FrontMetrics {
  shoulder_tilt_angle: number;
  head_tilt_angle: number;
}

export type ViewMetrics = Partial<SideMetrics & FrontMetrics>;

/** Keypoints below this detector score are treated as not seen (MoveNet guesses hidden parts at ~0.1-0.2). */
export const MIN_KEYPOINT_SCORE = 0.3;

/**
 * Vertical distance from the shoulder line to the ear, in millimetres, used as the ruler of a side photo
 * (no photo has a known scale). 100 mm is a typical adult tragus-to-acromion height; with it the forward
 * head distance is 100 / tan(CVA), so the two metrics' thresholds coincide: CVA 48° ⇔ 90 mm (warning) and
 * CVA 45° ⇔ 100 mm (poor), exactly the thresholds of section 5.2.
 */
export const EAR_TO_SHOULDER_MM = 100;

const seen = (k: Keypoint | undefined): k is Keypoint =>
  !!k && Number.isFinite(k.x) && Number.isFinite(k.y) && (k.score ?? 1) >= MIN_KEYPOINT_SCORE;

const round1 = (v: number) => Math.round(v * 10) / 10;
const deg = (rad: number) => (rad * 180) / Math.PI;

export class MissingKeypoints extends Error {}

/** The ear/shoulder pair of one side: the one the detector is surer of (the side facing the camera). */
function sidePair(k: Keypoint[]): { ear: Keypoint; shoulder: Keypoint } | null {
  const pairs = [
    { ear: k[3], shoulder: k[5] },
    { ear: k[4], shoulder: k[6] },
  ].filter((p): p is { ear: Keypoint; shoulder: Keypoint } => seen(p.ear) && seen(p.shoulder));
  pairs.sort(
    (a, b) => (b.ear.score ?? 0) + (b.shoulder.score ?? 0) - (a.ear.score ?? 0) - (a.shoulder.score ?? 0),
  );
  return pairs[0] ?? null;
}

/**
 * Side view. Cranial vertebral angle: angle to the horizontal of the line from the shoulder (the C7 proxy
 * a pose model offers) to the ear (tragus); smaller means the head sits further forward. The facing
 * direction comes from the nose (or eye), which is in front of the ear. Forward head distance: how far the
 * ear is ahead of the shoulder, in millimetres on the EAR_TO_SHOULDER_MM ruler (negative: behind).
 */
export function sideMetrics(k: Keypoint[], width: number, height: number): SideMetrics {
  const pair = sidePair(k);
  const face = [k[0], k[1], k[2]].find(seen);
  if (!pair || !face) throw new MissingKeypoints('ear, shoulder and face must be visible in a side photo');
  const facing = Math.sign((face.x - pair.ear.x) * width) || 1;
  const forward = (pair.ear.x - pair.shoulder.x) * width * facing;
  const up = (pair.shoulder.y - pair.ear.y) * height;
  if (up <= 0) throw new MissingKeypoints('the ear must be above the shoulder in a side photo');
  const cva = deg(Math.atan2(up, forward));
  return {
    cranial_vertebral_angle: round1(cva),
    forward_head_distance: round1((forward / up) * EAR_TO_SHOULDER_MM),
  };
}

/** Angle of the line between two points to the horizontal, 0..90 degrees whichever side is lower. */
function tilt(a: Keypoint, b: Keypoint, width: number, height: number): number {
  const angle = Math.abs(deg(Math.atan2((b.y - a.y) * height, (b.x - a.x) * width)));
  return round1(angle > 90 ? 180 - angle : angle);
}

/** Front view: tilt of the shoulder line, and of the eye line (ears when the eyes are not seen). */
export function frontMetrics(k: Keypoint[], width: number, height: number): FrontMetrics {
  const [ls, rs] = [k[5], k[6]];
  if (!seen(ls) || !seen(rs)) throw new MissingKeypoints('both shoulders must be visible in a front photo');
  const head = seen(k[1]) && seen(k[2]) ? [k[1], k[2]] : seen(k[3]) && seen(k[4]) ? [k[3], k[4]] : null;
  if (!head) throw new MissingKeypoints('both eyes or both ears must be visible in a front photo');
  return {
    shoulder_tilt_angle: tilt(ls, rs, width, height),
    head_tilt_angle: tilt(head[0] as Keypoint, head[1] as Keypoint, width, height),
  };
}

export function viewMetrics(view: ViewType, k: Keypoint[], width: number, height: number): ViewMetrics {
  return view === 'front' ? frontMetrics(k, width, height) : sideMetrics(k, width, height);
}

export type Status = MetricStatus;

/** Section 5.2 statuses, as the calibration summary colours them: core's rule, keyed by the answer's names. */
export const status = {
  cranial_vertebral_angle: cvaStatus,
  forward_head_distance: forwardHeadStatus,
  shoulder_tilt_angle: shoulderTiltStatus,
  head_tilt_angle: headTiltStatus,
};

/**
 * Overall score out of 100: 100 minus one penalty per metric, clamped to 0..100.
 * - CVA: warning (45-48°) 10; poor (<45°) 20 + 2 per degree below 45, at most 40. The head-neck angle is
 *   the primary finding, so it weighs most.
 * - Forward head distance: warning (90-100 mm) 5; poor (>100 mm) 10 + 0.1 per mm above 100, at most 20
 *   (smaller than CVA's because it restates the same geometry).
 * - Shoulder tilt and head tilt: above 5° each 5 + 1 per degree above 5, at most 20.
 * So a photo set with every metric good scores 100; one warning alone stays above 75 ('Good Alignment'
 * on the dashboard, section 4.8), and a poor CVA with a poor forward head distance falls to 70 or less
 * ('Needs Work').
 */
export function overallScore(m: Partial<SideMetrics & FrontMetrics>): number {
  let penalty = 0;
  const cva = m.cranial_vertebral_angle;
  if (cva !== undefined) penalty += cva < 45 ? Math.min(40, 20 + 2 * (45 - cva)) : cva < 48 ? 10 : 0;
  const fhd = m.forward_head_distance;
  if (fhd !== undefined) penalty += fhd > 100 ? Math.min(20, 10 + 0.1 * (fhd - 100)) : fhd > 90 ? 5 : 0;
  for (const t of [m.shoulder_tilt_angle, m.head_tilt_angle])
    if (t !== undefined && t > 5) penalty += Math.min(20, 5 + (t - 5));
  return Math.round(Math.max(0, Math.min(100, 100 - penalty)));
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

/** Assessment notes: one sentence per metric out of the good range, or a single all-good sentence. */
export function assessmentNotes(m: ViewMetrics): string {
  const notes: string[] = [];
  for (const key of Object.keys(status) as (keyof typeof status)[]) {
    const v = m[key];
    if (v === undefined) continue;
    const s = status[key](v);
    if (s !== 'good') notes.push(NOTE[key][s]);
  }
  return notes.length ? notes.join(' ') : 'Posture is within the healthy range on every measured metric.';
}
