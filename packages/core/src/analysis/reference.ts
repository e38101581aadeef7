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

/**
 * At most this share of the window's frames may be unusable (nobody, turned, partial) for the rest to make a
 * reference: a detector misses a body now and then, and a blink of a glance is not a reason to refuse.
 */
export const REFERENCE_MAX_UNUSABLE = 1 / 3;

/**
 * The reference keypoints from the samples of the last REFERENCE_WINDOW_MS before `now`: the median of the usable
 * frontal bodies among them, when the newest is one, at most REFERENCE_MAX_UNUSABLE of them are not, and none moved
 * more than REFERENCE_MAX_MOVEMENT from the median; else why not (the newest sample's problem first, so the message
 * says what is wrong now).
 */
export function referenceFromSamples(
  samples: readonly ReferenceSample[],
  frame: FrameSize,
  now: number,
): { keypoints: Keypoint[] } | { problem: ReferenceProblem } {
  const recent = samples.filter((s) => now - s.time <= REFERENCE_WINDOW_MS);
  const newest = recent.at(-1);
  if (!newest) return { problem: 'nobody' };
  const problems = recent.map((s) => referenceProblem(s.keypoints, frame));
  const newestProblem = problems.at(-1);
  if (newestProblem) return { problem: newestProblem };
  const usable = recent.filter((_, i) => problems[i] === null);
  if (recent.length - usable.length > recent.length * REFERENCE_MAX_UNUSABLE)
    return { problem: problems.find((p) => p !== null) ?? 'nobody' };
  const keypoints = medianKeypoints(usable.map((s) => s.keypoints));
  const body = bodyGeometry(keypoints, frame);
  if (!body) return { problem: 'partial' };
  for (const s of usable)
    for (const i of TRACKED) {
      const [a, b] = [s.keypoints[i], keypoints[i]];
      if (!isUsableKeypoint(a) || !isUsableKeypoint(b)) continue;
      const moved = Math.hypot((a.x - b.x) * frame.width, (a.y - b.y) * frame.height) / body.shoulderWidth;
      if (moved > REFERENCE_MAX_MOVEMENT) return { problem: 'moving' };
    }
  return { keypoints };
}
