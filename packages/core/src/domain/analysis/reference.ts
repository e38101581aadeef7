// Taking the reference: the person's own upright posture, that every later frame is judged against. One frame
// is one instant of a detector that jitters by a few pixels and of a person who was perhaps mid-movement, and the
// instant the user pressed Calibrate decided a whole session's verdicts (on real webcam frames, upright frames
// passed 14-79% depending on which one was the reference). So the reference is the median of the last few
// seconds of frames, taken only when they are steady and seen from the front.
import type { Keypoint } from '../detection/frame';
import { bodyGeometry } from './body';
import { isUsableKeypoint } from './keypoints';
import { MIN_TRACKED, TRACKED } from './thresholds';
import type { FrameSize } from './tilt';
import { viewOf } from './view';

/** The frames a reference is the median of: the last 3 s (at the slowest capture rate, 1 frame/s, three frames). */
export const REFERENCE_WINDOW_MS = 3000;

/**
 * The largest movement of the head or the shoulders within the window, in shoulder widths, for the frames to be
 * steady. A still person's keypoints jitter by 0.02-0.04 shoulder widths on the real webcam frames; 0.15 is a
 * clear movement (a third of the way into a slouch).
 */
export const REFERENCE_MAX_MOVEMENT = 0.15;

/** Why no reference was taken; the texts are core's CALIBRATION_PROBLEMS (live/calibration-problems.ts). */
export type ReferenceProblem = 'nobody' | 'partial' | 'side' | 'head-turned' | 'moving';

export interface ReferenceSample {
  keypoints: readonly Keypoint[];
  time: number;
}

/** Why these keypoints cannot be a reference, or null when they can: a person, head and both shoulders in view,
 * facing the camera with the head not turned. */
export function referenceProblem(keypoints: readonly Keypoint[], frame: FrameSize): ReferenceProblem | null {
  const seen = TRACKED.filter((i) => isUsableKeypoint(keypoints[i]));
  if (seen.length < MIN_TRACKED) return 'nobody';
  const body = bodyGeometry(keypoints, frame);
  if (!body) return 'partial';
  const view = viewOf(keypoints, body);
  return view === 'front' ? null : view;
}

/** Per keypoint, the median position and score over the samples where it was usable (a keypoint usable in
 * fewer than half of them is left out, as not reliably seen). */
export function medianKeypoints(samples: readonly (readonly Keypoint[])[]): Keypoint[] {
  const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
  };
  return Array.from({ length: 17 }, (_, i) => {
    const seen = samples.map((k) => k[i]).filter(isUsableKeypoint);
    if (seen.length * 2 < samples.length || seen.length === 0)
      return { x: Number.NaN, y: Number.NaN, score: 0, name: samples[0]?.[i]?.name };
    const name = seen[0]?.name;
    const point: Keypoint = {
      x: median(seen.map((k) => k.x)),
      y: median(seen.map((k) => k.y)),
      score: median(seen.map((k) => k.score ?? 1)),
    };
    return name === undefined ? point : { ...point, name };
  });
}

/** The steady stretch a reference needs at least: a second of frames that agree (at the slowest capture rate,
 * 1 frame/s, two frames). */
export const REFERENCE_MIN_STEADY_MS = 1000;

const movedFrom = (a: readonly Keypoint[], b: readonly Keypoint[], frame: FrameSize, scale: number) =>
  TRACKED.some((i) => {
    const [p, q] = [a[i], b[i]];
    if (!isUsableKeypoint(p) || !isUsableKeypoint(q)) return false;
    return Math.hypot((p.x - q.x) * frame.width, (p.y - q.y) * frame.height) / scale > REFERENCE_MAX_MOVEMENT;
  });

/**
 * The reference keypoints from the samples of the last REFERENCE_WINDOW_MS before `now`: the median of the newest
 * steady stretch, the frames back from the newest that show a frontal body within REFERENCE_MAX_MOVEMENT of it
 * (frames without a usable body in between are passed over: a detector misses one now and then); when movement
 * ended that stretch, it must last REFERENCE_MIN_STEADY_MS. Else why not (the newest frame's problem first, so the
 * message says what is wrong now). Movement before the last steady second does not count.
 */
export function referenceFromSamples(
  samples: readonly ReferenceSample[],
  frame: FrameSize,
  now: number,
): { keypoints: Keypoint[] } | { problem: ReferenceProblem } {
  const recent = samples.filter((s) => now - s.time <= REFERENCE_WINDOW_MS);
  const newest = recent.at(-1);
  if (!newest) return { problem: 'nobody' };
  const newestProblem = referenceProblem(newest.keypoints, frame);
  if (newestProblem) return { problem: newestProblem };
  const scale = bodyGeometry(newest.keypoints, frame)?.shoulderWidth ?? 0;
  if (!(scale > 0)) return { problem: 'partial' };
  const steady: ReferenceSample[] = [];
  let moved = false;
  for (const s of [...recent].reverse()) {
    if (referenceProblem(s.keypoints, frame)) continue;
    if (movedFrom(s.keypoints, newest.keypoints, frame, scale)) {
      moved = true;
      break;
    }
    steady.push(s);
  }
  // A stretch cut short by movement must last a second; one cut short only by the window's start or by frames
  // without a person (someone who just sat down, a camera just started) is what there is to take.
  const oldest = steady.at(-1) ?? newest;
  if (moved && newest.time - oldest.time < REFERENCE_MIN_STEADY_MS) return { problem: 'moving' };
  const keypoints = medianKeypoints(steady.map((s) => s.keypoints));
  return bodyGeometry(keypoints, frame) ? { keypoints } : { problem: 'partial' };
}
