// Live posture analysis against the calibrated reference of one peer: a pure step function over frames.
// Each rule family's thresholds are with it (rules/*.ts, tilt.ts, view.ts), the timing in thresholds.ts, each
// with its reason. The verdict (status, issue, level) is decided here, once, as data; body_status is its text.
import type { DeviationLevel, Keypoint, PostureVerdict, TemporalPostureData } from '../detection/frame';
import type { PostureIssue } from '../sessions/feedback';
import { type BodyGeometry, bodyGeometry } from './body';
import { keypointWeight, isUsableKeypoint as valid } from './keypoints';
import { type PostureMeasures, postureMeasures, UNCHANGED } from './measures';
import { type ReferenceProblem, referenceProblem } from './reference';
import { FORWARD_HEAD, forwardHeadLevel, forwardHeadMeasure } from './rules/forward-head';
import { LEAN, leanLevel, SHOULDER_TILT_DEG } from './rules/lean';
import { LEANING_IN, leaningInGrowth } from './rules/leaning-in';
import { LEVEL_RANK, levelOf, worstLevel } from './rules/levels';
import { neckSettled, SLOUCH_HEAD_DROP, shouldersTookPart, slouchLevel } from './rules/slouch';
import { clearPictureKeypoints, type PictureQuality, type UnjudgedReason, unseenReason } from './seeing';
import {
  MIN_TRACKED,
  ONSET_MS,
  RECOVERY_FRACTION,
  RECOVERY_MS,
  SMOOTHING_TAU_MS,
  STABILITY_SPREAD,
  STABILITY_WINDOW_MS,
  TRACKED,
} from './thresholds';
import { type FrameSize, TILT_DEG, tiltLevel } from './tilt';
import { viewOf } from './view';

export type { FrameSize } from './tilt';

/** One observation: COCO-17 keypoints normalised 0..1 (of a frame shaped like the calibration frame) and a
 * timestamp in ms. */
export interface PostureInput {
  keypoints: Keypoint[];
  time: number;
  /** How well the picture shows the person (detector picture.ts), to say why a frame is not judged. */
  picture?: PictureQuality | null;
}

/** The calibrated reference: the upright posture's keypoints and the measures derived from them. */
export interface PostureReference {
  keypoints: Keypoint[];
  frame: FrameSize;
  /** The upright body's geometry in the reference frame's pixels (body.ts). */
  body: BodyGeometry;
  /** The whole frame's brightness (0-1) of the picture the reference was taken in, where the producer measured it
   * (the detector's frameBrightness): whether the light has gone since it was taken. */
  light?: number;
}

export interface PostureState {
  smoothed: Keypoint[] | null;
  lastTime: number | null;
  deviated: boolean;
  /** The issue and level last reported, kept while the head is turned away (a look is not a posture). */
  held: { issue: PostureIssue | null; level: DeviationLevel } | null;
  /** Since when the measures have been over the threshold (not yet reported; brief dips under it do not restart
   * it: ONSET_DIP_MS), or under it (recovering). */
  overSince: number | null;
  underSince: number | null;
  /** While a deviation is being timed: when the measures were last over the threshold, and for how long in all
   * since overSince (ONSET_OVER_SHARE). */
  lastOverAt: number | null;
  overMs: number;
  /** Since when the head has been turned away (view.ts), null while the person faces the camera. */
  turnedSince: number | null;
  history: { time: number; deviation: number }[];
}

export interface PostureResult extends TemporalPostureData {
  body_status: string;
  /** The verdict as data; the frame carries it as `posture_verdict`. */
  verdict: PostureVerdict;
  /** Why a neutral verdict judged nothing (seeing.ts); null when the frame was judged. */
  unjudged: UnjudgedReason | null;
  /** The measures against the reference (measures.ts), for the benchmark and debugging; `deviation` is the
   * weighted mean keypoint displacement the stability factor follows. */
  measures: PostureMeasures & { deviation: number };
}

/** Why a reference was refused: the problem names the words (core's CALIBRATION_PROBLEMS). */
export class CalibrationError extends Error {
  constructor(readonly problem: ReferenceProblem) {
    super(`no reference: ${problem}`);
  }
}

/** The reference from upright keypoints (one frame, or the median of a few: reference.ts): a person facing the
 * camera with the head and both shoulders in view; otherwise a CalibrationError saying why. */
export function createReference(keypoints: Keypoint[], frame: FrameSize, light?: number): PostureReference {
  const problem = referenceProblem(keypoints, frame);
  const body = bodyGeometry(keypoints, frame);
  if (problem || !body) throw new CalibrationError(problem ?? 'partial');
  return typeof light === 'number' ? { keypoints, frame, body, light } : { keypoints, frame, body };
}

export function initialPostureState(): PostureState {
  return {
    smoothed: null,
    lastTime: null,
    deviated: false,
    held: null,
    overSince: null,
    underSince: null,
    lastOverAt: null,
    overMs: 0,
    turnedSince: null,
    history: [],
  };
}

/**
 * A deviation being timed survives a dip under its threshold, or a frame without the person, shorter than this.
 * On a real camera's frames a held posture near its threshold reads over and under from frame to frame (sensor
 * noise, the model's jitter, breathing), and the model now and then loses a shoulder for a frame. Restarting the
 * onset on every such frame asks for ONSET_MS of unbroken frames over, which a real camera rarely gives: on the
 * monitoring bench's camera (bench/monitoring/onset.ts: the accuracy benchmark's man on a 640×480 frame with sensor
 * noise measured on real still video) a slouched frame read over on 68-88% of frames was reported after 3-19 s, and
 * on real video of students held in a bad posture (webcam-students-good-vs-bad, frames in order) the onset broke
 * mostly on single frames without a person. A dip this long is the posture coming back or the person leaving (a
 * glance of the same length counts as a movement: ONSET_MS's reason); the same second as RECOVERY_MS, which a
 * reported deviation must spend back under to end.
 */
export const ONSET_DIP_MS = 1000;

/**
 * ... and is reported only when the measures were over the threshold for at least this share of the time since it
 * began: mostly over, not a posture that reads good as often as poor. (Time over: each frame's interval since the
 * last counts for the frame's reading.)
 */
export const ONSET_OVER_SHARE = 0.6;

/** Exponential smoothing with a time constant, so the result does not depend on the frame rate. */
function smooth(prev: Keypoint[] | null, next: Keypoint[], alpha: number): Keypoint[] {
  if (!prev) return next;
  return next.map((k, i) => {
    const p = prev[i];
    if (!valid(k) || !valid(p)) return k;
    return { ...k, x: p.x + alpha * (k.x - p.x), y: p.y + alpha * (k.y - p.y) };
  });
}

/** Nobody (or too little of a person) to judge. */
export const NEUTRAL_VERDICT: PostureVerdict = { status: 'neutral', issue: null, level: null };
export const GOOD_VERDICT: PostureVerdict = { status: 'good', issue: null, level: null };

const NOT_JUDGED: Omit<PostureResult, 'smoothing_factor' | 'body_status'> = {
  is_posture_deviated: false,
  deviation_level: 'mild',
  confidence: 0,
  stability_factor: 0,
  all_offset_vector: [],
  verdict: NEUTRAL_VERDICT,
  unjudged: null,
  measures: { ...UNCHANGED, deviation: 0 },
};

/** One named cause of a deviation, with the level of the measure that names it. */
interface Finding {
  issue: PostureIssue;
  level: DeviationLevel;
  text: string;
}

/**
 * What is wrong, from the measures (rules/*.ts), in the order the words name them. A head that dropped in the
 * frame with the neck settling is a slouch when the shoulders went down with it (the head coming forward is part
 * of sinking, so it is not named twice), else the head came forward and down (forward head), as does a head grown
 * against a shortened neck.
 */
function findings(m: PostureMeasures): Finding[] {
  const out: Finding[] = [];
  const dropped = slouchLevel(m);
  const sank = dropped && shouldersTookPart(m) ? dropped : null;
  // A sinking body's head comes forward too: the slouch takes the worse of the two levels.
  const forward = worstLevel([forwardHeadLevel(m), dropped]);
  if (sank)
    out.push({ issue: 'slouch', level: forward ?? sank, text: 'Slouching (head and shoulders dropped)' });
  else if (forward) out.push({ issue: 'forward_head', level: forward, text: 'Forward head posture' });
  const tilt = tiltLevel(m.tilt_deg);
  if (tilt)
    out.push({
      issue: 'tilt',
      level: tilt,
      text: `Head tilted sideways (${Math.round(Math.abs(m.tilt_deg))}°)`,
    });
  const lean = leanLevel(m);
  if (lean) out.push({ issue: 'leaning_sideways', level: lean, text: 'Leaning to one side' });
  const leaningIn = levelOf(m.leaning_in, LEANING_IN);
  if (leaningIn) out.push({ issue: 'leaning_in', level: leaningIn, text: 'Leaning in toward the screen' });
  if (out.length && Math.abs(m.shoulder_tilt_deg) >= SHOULDER_TILT_DEG)
    out.push({
      issue: 'shoulder_asymmetry',
      level: 'mild',
      text: `Shoulders uneven (${Math.round(Math.abs(m.shoulder_tilt_deg))}°)`,
    });
  return out;
}

/**
 * On a tie of levels, the cause named first in this order is stored. Forward head (the head alone ahead of the
 * shoulders) is the concern the calibration's CVA measures; a slouch drops the head and shoulders; tilt and the
 * lateral causes follow.
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
    LEVEL_RANK[f.level] * 100 - TIE_ORDER.indexOf(f.issue);
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

/** Every measure back below RECOVERY_FRACTION of its mild threshold: the posture counts as corrected. */
function recovered(m: PostureMeasures): boolean {
  const f = RECOVERY_FRACTION;
  return (
    (m.head_drop < SLOUCH_HEAD_DROP.mild * f || !neckSettled(m)) &&
    forwardHeadMeasure(m) - 1 < (FORWARD_HEAD.mild - 1) * f &&
    Math.abs(m.lean) < LEAN.mild * f &&
    Math.abs(m.tilt_deg) < TILT_DEG.mild * f &&
    m.leaning_in - 1 < (LEANING_IN.mild - 1) * f
  );
}

/** The reference's body, rebuilt for a reference kept before the body was stored with it. */
function referenceBody(ref: PostureReference): BodyGeometry | null {
  return ref.body ?? bodyGeometry(ref.keypoints, ref.frame);
}

/**
 * One frame of analysis: returns the new state and the frame's temporal posture data.
 *
 * The monitoring contract (docs/monitoring.md): nobody in view is neutral at once and the onset starts again on
 * return; a head turned away (view.ts) is a look, not a posture: the verdict stays what it was for ONSET_MS and
 * then becomes neutral (not judged) until the person faces the camera again; a deviation is reported after it
 * lasted ONSET_MS and is over after every measure was back under RECOVERY_FRACTION of its threshold for RECOVERY_MS.
 */
export function stepPosture(
  state: PostureState,
  input: PostureInput,
  ref: PostureReference,
): { state: PostureState; result: PostureResult } {
  // In a clear picture a keypoint found just under the usual bar is used (seeing.ts clearPictureKeypoints).
  input = { ...input, keypoints: clearPictureKeypoints(input.keypoints, input.picture) };
  const t = input.time;
  const dt = state.lastTime === null ? 0 : Math.max(0, t - state.lastTime);
  const alpha = state.smoothed ? 1 - Math.exp(-dt / SMOOTHING_TAU_MS) : 1;
  const rf = ref.frame;
  const refBody = referenceBody(ref);
  const seen = TRACKED.filter((i) => valid(input.keypoints[i]) && valid(ref.keypoints[i]));
  const shouldersSeen = seen.includes(5) && seen.includes(6);
  // Shoulders out of the picture: judged only as leaning in (the head nearer and not higher), while it is one or
  // while a reported lean-in recovers; else there is nothing to judge posture against.
  const leanIn = refBody && !shouldersSeen ? leaningInGrowth(input.keypoints, refBody, rf) : null;
  const judgingLeanIn =
    leanIn !== null && (leanIn >= LEANING_IN.mild || (state.deviated && state.held?.issue === 'leaning_in'));
  if (!refBody || (!judgingLeanIn && (seen.length < MIN_TRACKED || !shouldersSeen))) {
    // The person left: nothing to judge, and the onset timer starts again on return. A frame or two where the
    // model lost a shoulder while a deviation is being timed is a dip, not a departure (ONSET_DIP_MS): on real
    // video of students held in a bad posture most breaks of the onset were single frames of this kind. The frame
    // is not judged; the timing goes on if the person is back within the dip time.
    const timing = refBody !== null && !state.deviated && state.overSince !== null;
    const dip = timing && t - (state.lastOverAt ?? (state.overSince as number)) < ONSET_DIP_MS;
    return {
      state: dip ? state : { ...initialPostureState(), lastTime: t },
      result: {
        ...NOT_JUDGED,
        unjudged: unseenReason(input.keypoints, input.picture),
        body_status: 'No person detected',
        smoothing_factor: alpha,
      },
    };
  }
  const rawBody = bodyGeometry(input.keypoints, rf);
  if (rawBody && viewOf(input.keypoints, rawBody, refBody) !== 'front') {
    // A look away (a second screen, a colleague, the body turned to talk): the smoothing restarts when the face
    // comes back, and the verdict holds, then is not judged.
    const turnedSince = state.turnedSince ?? t;
    const holding = t - turnedSince < ONSET_MS;
    const verdict: PostureVerdict =
      holding && state.deviated
        ? { status: 'poor', issue: state.held?.issue ?? null, level: state.held?.level ?? 'mild' }
        : holding
          ? GOOD_VERDICT
          : NEUTRAL_VERDICT;
    return {
      state: { ...state, smoothed: null, lastTime: t, overSince: null, underSince: null, turnedSince },
      result: {
        ...NOT_JUDGED,
        is_posture_deviated: verdict.status === 'poor',
        deviation_level: verdict.level ?? 'mild',
        verdict,
        unjudged: verdict.status === 'neutral' ? 'looking_away' : null,
        body_status: holding ? (state.deviated ? 'Looking away' : 'Good posture') : 'Looking away',
        smoothing_factor: alpha,
      },
    };
  }

  const smoothed = smooth(state.smoothed, input.keypoints, alpha);
  const body = bodyGeometry(smoothed, rf);
  const sw = refBody.shoulderWidth;

  // Offsets in normalised units (the frame contract), measured in reference pixels for the deviation.
  const all_offset_vector = smoothed.map((k, i): [number, number] => {
    const r = ref.keypoints[i];
    return valid(k) && valid(r) ? [k.x - r.x, k.y - r.y] : [0, 0];
  });
  let weightSum = 0;
  let devSum = 0;
  for (const i of seen) {
    const w = keypointWeight(i);
    const [dx, dy] = all_offset_vector[i] as [number, number];
    weightSum += w;
    devSum += w * Math.hypot((dx * rf.width) / sw, (dy * rf.height) / sw);
  }
  const deviation = devSum / weightSum;
  const measures = { ...(body ? postureMeasures(body, refBody) : UNCHANGED), deviation };
  if (judgingLeanIn) measures.leaning_in = leaningInGrowth(smoothed, refBody, rf) ?? leanIn;

  const found = findings(measures);
  const level = worstLevel(found.map((f) => f.level));
  let { deviated, overSince, underSince, held } = state;
  let { lastOverAt, overMs } = state;
  if (!deviated) {
    if (level) {
      if (overSince === null) {
        overSince = t;
        overMs = 0;
      } else overMs += dt;
      lastOverAt = t;
    } else if (overSince !== null && t - (lastOverAt ?? overSince) >= ONSET_DIP_MS) {
      overSince = null;
      lastOverAt = null;
      overMs = 0;
    }
    // Reported on a frame over the threshold (its findings name the issue), ONSET_MS after the deviation began,
    // when it was mostly over since.
    if (
      level &&
      overSince !== null &&
      t - overSince >= ONSET_MS &&
      overMs >= ONSET_OVER_SHARE * (t - overSince)
    ) {
      deviated = true;
      underSince = null;
    }
  } else {
    underSince = recovered(measures) ? (underSince ?? t) : null;
    if (underSince !== null && t - underSince >= RECOVERY_MS) {
      // Recovered: nothing is timed any more. (A recovery left timing would keep monitoring at risk, at its fast
      // rate, until the person left the picture: monitor-rate.ts postureWatch.)
      deviated = false;
      underSince = null;
      overSince = null;
      lastOverAt = null;
      overMs = 0;
    }
  }

  const history = [...state.history.filter((h) => t - h.time <= STABILITY_WINDOW_MS), { time: t, deviation }];
  const values = history.map((h) => h.deviation);
  const avg = values.reduce((s, v) => s + v, 0) / values.length;
  const spread = Math.sqrt(values.reduce((s, v) => s + (v - avg) ** 2, 0) / values.length);
  const stability_factor = Math.max(0, 1 - spread / STABILITY_SPREAD);

  const scores = seen.map((i) => input.keypoints[i]?.score ?? 1);
  const confidence = (scores.reduce((s, v) => s + v, 0) / scores.length) * (seen.length / TRACKED.length);
  // While a reported deviation recovers, it keeps its last named cause and level (a measure dipping below its
  // threshold is not yet a corrected posture).
  const reported: DeviationLevel = level ?? held?.level ?? 'mild';
  const issue = primaryIssue(found) ?? held?.issue ?? null;
  const verdict: PostureVerdict = deviated ? { status: 'poor', issue, level: reported } : GOOD_VERDICT;
  held = deviated ? { issue, level: reported } : null;

  return {
    state: {
      smoothed,
      lastTime: t,
      deviated,
      held,
      overSince,
      underSince,
      lastOverAt,
      overMs,
      turnedSince: null,
      history,
    },
    result: {
      is_posture_deviated: deviated,
      deviation_level: reported,
      confidence: Math.min(1, Math.max(0, confidence)),
      stability_factor,
      smoothing_factor: alpha,
      all_offset_vector,
      body_status: describe(reported, found, deviated),
      verdict,
      unjudged: null,
      measures,
    },
  };
}
