// Side-view geometry of the calibration photos: which photo is a real side view, the cranial vertebral
// angle (CVA) and forward head distance from a pose model's keypoints, and the physiological ranges a
// stored value must lie in. Shared by the vision service (measures), the API (stores) and the tests
// (build side-view photos whose true CVA is known by construction).

/** A point in pixels (y down). */
interface Point {
  x: number;
  y: number;
}

/**
 * The clinical CVA is the angle to the horizontal of the line from the C7 spinous process to the tragus.
 * A pose model has no C7 keypoint: it gives the shoulder joint (humeral head) and the ear. C7 is placed
 * from the shoulder with two ratios of H, the height of the ear above the shoulder keypoint (the only
 * ruler a photo without a known scale offers):
 * - up 0.25 H: the C7 spinous process sits at about the height of the acromion, which lies a quarter of
 *   the ear-to-shoulder-joint height above the joint's centre;
 * - back 0.55 H: the base of the neck lies behind the shoulder joint by about half that height (the neck's
 *   depth, ~6 cm for an ear ~12 cm above the joint).
 * With them the plumb-line posture (ear straight above the shoulder joint, the textbook upright posture)
 * reads 53.7°, within the 50–56° that studies report for adults without neck pain, and every 0.1 H that the
 * ear moves forward lowers the CVA by about 4°.
 */
export const C7_UP = 0.25;
export const C7_BACK = 0.55;

/**
 * Forward head distance: horizontal distance from C7 to the tragus, in millimetres, with the tragus's height
 * above C7 taken as 100 mm (a typical adult value; no photo has a known scale). So FHD = 100 / tan(CVA), and
 * the specification's thresholds agree with each other: CVA 48° ⇔ 90 mm (warning), CVA 45° ⇔ 100 mm (poor).
 */
export const EAR_ABOVE_C7_MM = 100;

/**
 * Physiological ranges: a value outside is a measuring error (wrong view, a keypoint on the hair, a person
 * lying down), never a posture, and is neither shown nor stored.
 * - CVA 20–70°: severe forward head posture in studies reaches the mid-20s; above ~65° the head would sit
 *   behind the neck, which a seated person cannot hold (a 92° CVA comes from a frontal photo).
 * - Forward head distance: what the CVA range maps to through 100 / tan(CVA): 36–275 mm.
 * - Shoulder tilt 0–20° and head tilt 0–45°: beyond them the person is leaning out of the chair or lying
 *   on the side, not sitting in a posture to calibrate.
 */
export const PHYSIOLOGICAL_RANGE = {
  cranialVertebralAngle: { min: 20, max: 70 },
  forwardHeadDistance: { min: 36, max: 275 },
  shoulderTiltAngle: { min: 0, max: 20 },
  headTiltAngle: { min: 0, max: 45 },
} as const;

export type RangedMetric = keyof typeof PHYSIOLOGICAL_RANGE;

/** Whether a measured value lies in its metric's physiological range (finite and between the bounds). */
export function isPhysiological(metric: RangedMetric, value: number): boolean {
  const r = PHYSIOLOGICAL_RANGE[metric];
  return Number.isFinite(value) && value >= r.min && value <= r.max;
}

/**
 * A side view shows the shoulders one behind the other. When both shoulders are seen, their horizontal
 * distance must stay below this many ear-above-shoulder heights (H). Facing the camera the shoulders are
 * 2.5–4 H apart (36–41 cm apart, ear 10–15 cm above them); turned fully sideways they overlap, but MoveNet
 * places the hidden far shoulder up to ~0.8 H behind the near one (measured on the side-view test photos).
 * 1.5 H leaves room for that and still refuses a frontal photo labelled as a side photo (a body turned less
 * than about 60° from facing the camera).
 */
export const SIDE_VIEW_MAX_SHOULDER_SPAN = 1.5;

/**
 * The detector score from which a shoulder counts in a side view (elsewhere MIN_KEYPOINT_SCORE, 0.3). The side
 * view measures from the shoulder furthest forward, because the hidden far one is the one the pose models misplace
 * (backwards). In a side photo the near shoulder lies at the body's edge under the hair, and the photo model scored
 * it 0.22-0.29 on some retakes of the side-view test photo while it gave the far one, placed 0.5 H behind, 0.3 or
 * more: with the usual bar the far shoulder was measured alone (a CVA of 33-36° for a true 50°). With this bar
 * the near one is among the candidates and wins by being in front. Below 0.2 the models guess at hidden parts.
 */
export const SIDE_VIEW_SHOULDER_SCORE = 0.2;

export interface SideGeometry {
  cranialVertebralAngle: number;
  forwardHeadDistance: number;
}

/**
 * CVA and forward head distance from the ear and shoulder (pixels, y down) and the direction the person
 * faces (+1: towards +x). Returns null when the ear is not above the shoulder (no neck to measure).
 */
export function sideGeometry(ear: Point, shoulder: Point, facing: 1 | -1): SideGeometry | null {
  const h = shoulder.y - ear.y;
  if (!(h > 0)) return null;
  const c7 = { x: shoulder.x - facing * C7_BACK * h, y: shoulder.y - C7_UP * h };
  const forward = (ear.x - c7.x) * facing;
  const up = c7.y - ear.y;
  const cva = (Math.atan2(up, forward) * 180) / Math.PI;
  return { cranialVertebralAngle: cva, forwardHeadDistance: (forward / up) * EAR_ABOVE_C7_MM };
}

/**
 * The inverse of `sideGeometry`: how far ahead of the shoulder the ear must sit, `up` px above it, for a
 * given CVA. Test photos and the benchmark place a head with it so their true CVA is known by construction.
 */
export function earForwardForCva(cva: number, up: number): number {
  return ((1 - C7_UP) * up) / Math.tan((cva * Math.PI) / 180) - C7_BACK * up;
}
