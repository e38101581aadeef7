// Live posture analysis against the calibrated reference of one peer: a pure step function over frames.
// Every threshold is in thresholds.ts (tilt.ts, keypoints.ts for the rules shared with the live tool) with
// its reason. The verdict (status, issue, level) is decided here, once, as data; body_status is its text.
import type { DeviationLevel, Keypoint, PostureVerdict, TemporalPostureData } from '../detection/frame';
import type { PostureIssue } from '../sessions/feedback';
import { keypointWeight, isUsableKeypoint as valid } from './keypoints';
import {
  DEVIATION,
  DIRECTION_MIN,
  FORWARD_HEAD,
  HEAD_AHEAD_OF_SHOULDERS,
  MIN_TRACKED,
  ONSET_MS,
  RECOVERY_FRACTION,
  RECOVERY_MS,
  SHOULDER_TILT_DEG,
  SMOOTHING_TAU_MS,
  STABILITY_SPREAD,
  STABILITY_WINDOW_MS,
  TRACKED,
} from './thresholds';
import { eyeLineAngle, type FrameSize, TILT_DEG, tiltDegrees, tiltLevel } from './tilt';

export type { FrameSize } from './tilt';

/** One observation: COCO-17 keypoints normalised 0..1 (of a frame shaped like the calibration frame) and a
 * timestamp in ms. */
export interface PostureInput {
  keypoints: Keypoint[];
  time: number;
}

/** The calibrated reference: the upright posture's keypoints and the measures derived from them. */
export interface PostureReference {
  keypoints: Keypoint[];
  frame: FrameSize;
  shoulderWidth: number;
  headSize: number;
  eyeAngle: number;
  /** Angle of the shoulder line, degrees (absent in references made before it was measured). */
  shoulderAngle?: number;
}

export interface PostureState {
  smoothed: Keypoint[] | null;
  lastTime: number | null;
  deviated: boolean;
  /** Since when the measures have been over the threshold (not yet reported), or under it (recovering). */
  overSince: number | null;
  underSince: number | null;
  history: { time: number; deviation: number }[];
}

export interface PostureResult extends TemporalPostureData {
  body_status: string;
  /** The verdict as data; the frame carries it as `posture_verdict`. */
  verdict: PostureVerdict;
  /** The raw measures, for debugging and the benchmark. */
  measures: {
    deviation: number;
    forward_head_ratio: number;
    shoulder_ratio: number;
    tilt_deg: number;
    shoulder_tilt_deg: number;
  };
}

const px = (k: Keypoint, f: FrameSize) => [k.x * f.width, k.y * f.height] as const;

const distance = (a: Keypoint, b: Keypoint, f: FrameSize) => {
  const [ax, ay] = px(a, f);
  const [bx, by] = px(b, f);
  return Math.hypot(ax - bx, ay - by);
};

/** Head size: distance between the ears, else between the eyes times 1.9 (typical ear/eye span ratio). */
function headSize(k: Keypoint[], f: FrameSize): number | null {
  if (valid(k[3]) && valid(k[4])) return distance(k[3], k[4], f);
  if (valid(k[1]) && valid(k[2])) return distance(k[1], k[2], f) * 1.9;
  return null;
}

/** Angle of the shoulder line (from shoulder 6 to shoulder 5) in degrees. */
function shoulderAngle(k: Keypoint[], f: FrameSize): number | null {
  if (!valid(k[5]) || !valid(k[6])) return null;
  const [ax, ay] = px(k[6], f);
  const [bx, by] = px(k[5], f);
  return (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
}

export class CalibrationError extends Error {}

/** The reference from an upright frame; needs both shoulders, and the eyes or ears. */
export function createReference(keypoints: Keypoint[], frame: FrameSize): PostureReference {
  const [ls, rs] = [keypoints[5], keypoints[6]];
  if (!valid(ls) || !valid(rs)) throw new CalibrationError('both shoulders must be visible');
  const head = headSize(keypoints, frame);
  const angle = eyeLineAngle(keypoints, frame);
  if (head === null || angle === null) throw new CalibrationError('both eyes must be visible');
  return {
    keypoints,
    frame,
    shoulderWidth: distance(ls, rs, frame),
    headSize: head,
    eyeAngle: angle,
    shoulderAngle: shoulderAngle(keypoints, frame) ?? 0,
  };
}

export function initialPostureState(): PostureState {
  return { smoothed: null, lastTime: null, deviated: false, overSince: null, underSince: null, history: [] };
}

/** Exponential smoothing with a time constant, so the result does not depend on the frame rate. */
function smooth(prev: Keypoint[] | null, next: Keypoint[], alpha: number): Keypoint[] {
  if (!prev) return next;
  return next.map((k, i) => {
    const p = prev[i];
    if (!valid(k) || !valid(p)) return k;
    return { ...k, x: p.x + alpha * (k.x - p.x), y: p.y + alpha * (k.y - p.y) };
  });
}

function levelOf(
  value: number,
  t: { mild: number; moderate: number; severe: number },
): DeviationLevel | null {
  return value >= t.severe ? 'severe' : value >= t.moderate ? 'moderate' : value >= t.mild ? 'mild' : null;
}

const RANK: Record<DeviationLevel, number> = { mild: 1, moderate: 2, severe: 3 };

function worst(levels: (DeviationLevel | null)[]): DeviationLevel | null {
  let out: DeviationLevel | null = null;
  for (const l of levels) if (l && (!out || RANK[l] > RANK[out])) out = l;
  return out;
}

/** Nobody (or too little of a person) to judge. */
export const NEUTRAL_VERDICT: PostureVerdict = { status: 'neutral', issue: null, level: null };
export const GOOD_VERDICT: PostureVerdict = { status: 'good', issue: null, level: null };

const PERSON_LEFT: Omit<PostureResult, 'smoothing_factor'> = {
  is_posture_deviated: false,
  deviation_level: 'mild',
  confidence: 0,
  stability_factor: 0,
  all_offset_vector: [],
  body_status: 'No person detected',
  verdict: NEUTRAL_VERDICT,
  measures: { deviation: 0, forward_head_ratio: 1, shoulder_ratio: 1, tilt_deg: 0, shoulder_tilt_deg: 0 },
};

/** One named cause of a deviation, with the level of the measure that names it. */
interface Finding {
  issue: PostureIssue;
  level: DeviationLevel;
  text: string;
}

/** What is wrong, from the measures and the mean displacement (in shoulder widths), in the order the words
 * name them. A directional issue (slouch, lean) takes the level of the displacement measure. */
function findings(m: PostureResult['measures'], mean: { dx: number; dy: number }): Finding[] {
  const out: Finding[] = [];
  const moved = levelOf(m.deviation, DEVIATION) ?? 'mild';
  const forward = levelOf(m.forward_head_ratio, FORWARD_HEAD);
  if (forward)
    out.push(
      m.forward_head_ratio / m.shoulder_ratio >= HEAD_AHEAD_OF_SHOULDERS
        ? { issue: 'forward_head', level: forward, text: 'Forward head posture' }
        : { issue: 'leaning_in', level: forward, text: 'Leaning toward the screen' },
    );
  const tilt = tiltLevel(m.tilt_deg);
  if (tilt)
    out.push({
      issue: 'tilt',
      level: tilt,
      text: `Head tilted sideways (${Math.round(Math.abs(m.tilt_deg))}°)`,
    });
  if (mean.dy >= DIRECTION_MIN)
    out.push({ issue: 'slouch', level: moved, text: 'Slouching (head and shoulders dropped)' });
  else if (mean.dy <= -DIRECTION_MIN)
    out.push({ issue: 'leaning_back', level: moved, text: 'Leaning up or back' });
  if (Math.abs(mean.dx) >= DIRECTION_MIN)
    out.push({ issue: 'leaning_sideways', level: moved, text: 'Leaning to one side' });
  if (Math.abs(m.shoulder_tilt_deg) >= SHOULDER_TILT_DEG)
    out.push({
      issue: 'shoulder_asymmetry',
      level: 'mild',
      text: `Shoulders uneven (${Math.round(Math.abs(m.shoulder_tilt_deg))}°)`,
    });
  return out;
}

/**
 * On a tie of levels, the cause named first in this order is stored. Forward head (the head alone ahead of the
 * shoulders) is the concern the calibration's CVA measures; a slouch drops the head and shoulders and, with a
 * camera at the screen, brings them closer too, so it comes before leaning in, which would otherwise name
 * most slouches; tilt and the lateral causes follow.
 */
const TIE_ORDER: readonly PostureIssue[] = [
  'forward_head',
  'slouch',
  'tilt',
  'leaning_in',
  'leaning_back',
  'leaning_sideways',
  'shoulder_asymmetry',
];

/** The issue a poor posture is stored with: the finding of the worst level (TIE_ORDER on a tie). */
export function primaryIssue(
  found: readonly { issue: PostureIssue; level: DeviationLevel }[],
): PostureIssue | null {
  const order = (f: { issue: PostureIssue; level: DeviationLevel }) =>
    RANK[f.level] * 100 - TIE_ORDER.indexOf(f.issue);
  let best: { issue: PostureIssue; level: DeviationLevel } | null = null;
  for (const f of found) if (!best || order(f) > order(best)) best = f;
  return best?.issue ?? null;
}

/** Words for what is wrong (the frame's body_status), from the same findings as the verdict. */
function describe(level: DeviationLevel, found: Finding[], deviated: boolean): string {
  if (!deviated) return 'Good posture';
  const words = found.length ? found.map((f) => f.text) : ['Posture has shifted from calibration'];
  return `${level[0]?.toUpperCase()}${level.slice(1)} deviation: ${words.join(', ')}`;
}

/** One frame of analysis: returns the new state and the frame's temporal posture data. */
export function stepPosture(
  state: PostureState,
  input: PostureInput,
  ref: PostureReference,
): { state: PostureState; result: PostureResult } {
  const dt = state.lastTime === null ? 0 : Math.max(0, input.time - state.lastTime);
  const alpha = state.smoothed ? 1 - Math.exp(-dt / SMOOTHING_TAU_MS) : 1;
  const seen = TRACKED.filter((i) => valid(input.keypoints[i]) && valid(ref.keypoints[i]));
  const shouldersSeen = seen.includes(5) && seen.includes(6);
  if (seen.length < MIN_TRACKED || !shouldersSeen) {
    // The person left or turned away: nothing to judge, and the onset timer starts again on return.
    return {
      state: { ...initialPostureState(), lastTime: input.time },
      result: { ...PERSON_LEFT, smoothing_factor: alpha },
    };
  }
  const smoothed = smooth(state.smoothed, input.keypoints, alpha);
  const rf = ref.frame;
  const sw = ref.shoulderWidth;

  // Offsets in normalised units (the frame contract), measured in reference pixels for the deviation.
  const all_offset_vector = smoothed.map((k, i): [number, number] => {
    const r = ref.keypoints[i];
    return valid(k) && valid(r) ? [k.x - r.x, k.y - r.y] : [0, 0];
  });
  let weightSum = 0;
  let devSum = 0;
  let dxSum = 0;
  let dySum = 0;
  for (const i of seen) {
    const w = keypointWeight(i);
    const [dx, dy] = all_offset_vector[i] as [number, number];
    const ddx = (dx * rf.width) / sw;
    const ddy = (dy * rf.height) / sw;
    weightSum += w;
    devSum += w * Math.hypot(ddx, ddy);
    dxSum += w * ddx;
    dySum += w * ddy;
  }
  const deviation = devSum / weightSum;
  const mean = { dx: dxSum / weightSum, dy: dySum / weightSum };

  // Sizes are compared in the reference frame's pixels (keypoints are normalised), so a change of
  // resolution does not read as movement.
  const shoulder_ratio = distance(smoothed[5] as Keypoint, smoothed[6] as Keypoint, rf) / sw;
  const head = headSize(smoothed, rf);
  const forward_head_ratio = head === null ? 1 : head / ref.headSize;
  const angle = eyeLineAngle(smoothed, rf);
  const tilt_deg = angle === null ? 0 : tiltDegrees(angle, ref.eyeAngle);
  const shoulders = shoulderAngle(smoothed, rf);
  const shoulder_tilt_deg = shoulders === null ? 0 : tiltDegrees(shoulders, ref.shoulderAngle ?? 0);
  const measures = { deviation, forward_head_ratio, shoulder_ratio, tilt_deg, shoulder_tilt_deg };

  const level = worst([
    levelOf(deviation, DEVIATION),
    levelOf(forward_head_ratio, FORWARD_HEAD),
    tiltLevel(tilt_deg),
  ]);
  const recovered =
    deviation < DEVIATION.mild * RECOVERY_FRACTION &&
    forward_head_ratio - 1 < (FORWARD_HEAD.mild - 1) * RECOVERY_FRACTION &&
    Math.abs(tilt_deg) < TILT_DEG.mild * RECOVERY_FRACTION;

  let { deviated, overSince, underSince } = state;
  const t = input.time;
  if (!deviated) {
    overSince = level ? (overSince ?? t) : null;
    if (overSince !== null && t - overSince >= ONSET_MS) {
      deviated = true;
      underSince = null;
    }
  } else {
    underSince = recovered ? (underSince ?? t) : null;
    if (underSince !== null && t - underSince >= RECOVERY_MS) {
      deviated = false;
      overSince = null;
    }
  }

  const history = [...state.history.filter((h) => t - h.time <= STABILITY_WINDOW_MS), { time: t, deviation }];
  const values = history.map((h) => h.deviation);
  const avg = values.reduce((s, v) => s + v, 0) / values.length;
  const spread = Math.sqrt(values.reduce((s, v) => s + (v - avg) ** 2, 0) / values.length);
  const stability_factor = Math.max(0, 1 - spread / STABILITY_SPREAD);

  const scores = seen.map((i) => input.keypoints[i]?.score ?? 1);
  const confidence = (scores.reduce((s, v) => s + v, 0) / scores.length) * (seen.length / TRACKED.length);
  const reported: DeviationLevel = level ?? 'mild';
  const found = findings(measures, mean);
  const verdict: PostureVerdict = deviated
    ? { status: 'poor', issue: primaryIssue(found), level: reported }
    : GOOD_VERDICT;

  return {
    state: { smoothed, lastTime: t, deviated, overSince, underSince, history },
    result: {
      is_posture_deviated: deviated,
      deviation_level: reported,
      confidence: Math.min(1, Math.max(0, confidence)),
      stability_factor,
      smoothing_factor: alpha,
      all_offset_vector,
      body_status: describe(reported, found, deviated),
      verdict,
      measures,
    },
  };
}
