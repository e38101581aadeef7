// How often passive monitoring looks, following what is happening: fast while posture is at risk, slower while
// it is steadily good, a frame every few seconds while nobody is there; none while the screen is locked or the
// computer idle (the extension stops the camera then: its idle rule). The same rule in device mode (the
// extension's offscreen document sets its camera's rate) and in the vision service's per-peer loop, which thins
// the frames of a posture-only peer to it. Together with the change gate (change-gate.ts), which lets the model
// run only when the picture moved, most of a desk day costs a camera frame and a grid now and then.
import { isUsableKeypoint } from '../../analysis/keypoints';
import type { PostureState } from '../../analysis/posture';
import { MIN_TRACKED, TRACKED } from '../../analysis/thresholds';
import type { DetectionFrame, Keypoint, PostureWatch } from '../../detection/frame';

/** What monitoring watches for (a detection frame's `posture_watch`, detection/frame.ts): at_risk, a posture
 * deviating (within the onset delay), reported poor, recovering, or a head turned away; steady, a person in view
 * whose posture is good (or not judged yet: no reference); nobody, no person in view. */
export type { PostureWatch };

/** Frames per second while posture is at risk: the rate monitoring has always used for poor posture. A deviation
 * is reported ONSET_MS after it began; at 5 frames/s the frame that reports it comes within 200 ms of that, and a
 * recovery (RECOVERY_MS, 1 s) is seen over five frames. */
export const AT_RISK_FPS = 5;

/** Frames per second while posture is steadily good. A slouch is seen on the first frame after it began (the
 * gate runs the model at once on movement) and the rate is at AT_RISK_FPS from there, so the verdict comes at most
 * 1/STEADY_FPS + 200 ms after the onset delay: 0.5 s here keeps it within the onset delay + 1 s, where 1 frame/s
 * (the old good-posture rate) could take up to + 1.2 s, plus the smoothing's frame or two. With the gate, a frame the model does not run on costs
 * about 2 CPU-ms of camera and copying. */
export const STEADY_FPS = 2;

/** Frames per second while nobody is in view: someone sitting down is seen within 3 s; an empty chair costs
 * almost nothing meanwhile. */
export const NOBODY_FPS = 1 / 3;

/** The model runs at least this often even on a still picture (the change gate's backstop), per watch: a slow
 * drift the grid cannot see (sinking a few pixels a minute under the noise) is seen within this time. While at
 * risk, every second, so a deviation being timed is confirmed on the model's own look; while steady, every 5 s;
 * an empty view every 15 s (a person who sat very still in a dark room). */
export const MODEL_AT_LEAST_EVERY_MS: Readonly<Record<PostureWatch, number>> = {
  at_risk: 1000,
  steady: 5000,
  nobody: 15_000,
};

const FPS: Readonly<Record<PostureWatch, number>> = {
  at_risk: AT_RISK_FPS,
  steady: STEADY_FPS,
  nobody: NOBODY_FPS,
};

/** The capture rate for a watch. */
export function watchFps(watch: PostureWatch): number {
  return FPS[watch];
}

/** The fastest rate monitoring asks for: what the camera is opened at. */
export const MAX_WATCH_FPS = Math.max(AT_RISK_FPS, STEADY_FPS, NOBODY_FPS);

/** Enough of a person to judge (the analysis' own test: MIN_TRACKED head-and-shoulder keypoints, both shoulders). */
function personInView(keypoints: readonly Keypoint[] | null): boolean {
  if (!keypoints) return false;
  const seen = TRACKED.filter((i) => isUsableKeypoint(keypoints[i]));
  return seen.length >= MIN_TRACKED && seen.includes(5) && seen.includes(6);
}

/**
 * The watch after a frame: from the person's keypoints (null: nobody detected), the posture state the analysis
 * left and whether a reference is there. Before a reference nothing is judged, so a person in view is steady.
 */
export function postureWatch(
  keypoints: readonly Keypoint[] | null,
  state: PostureState,
  referenced: boolean,
): PostureWatch {
  if (!personInView(keypoints)) return 'nobody';
  if (!referenced) return 'steady';
  const atRisk =
    state.deviated || state.overSince !== null || state.underSince !== null || state.turnedSince !== null;
  return atRisk ? 'at_risk' : 'steady';
}

/**
 * The capture rate a detection frame asks for: its watch; from a producer that does not send one (an older vision
 * service), the verdict alone: poor at risk, good steady, neutral (nobody, or not judged yet) steady as well, since
 * the verdict cannot tell nobody from a person before a reference. A deviation not yet reported is then not seen:
 * the ONSET_MS delay is timed at the steady rate.
 */
export function frameWatch(frame: Pick<DetectionFrame, 'posture_watch' | 'posture_verdict'>): PostureWatch {
  if (frame.posture_watch) return frame.posture_watch;
  return frame.posture_verdict?.status === 'poor' ? 'at_risk' : 'steady';
}

/** A frame is taken once this fraction of the watch's frame interval has passed since the last one taken: a
 * camera's frames at 5 frames/s come 180-220 ms apart, and thinning them at the exact interval would drop every
 * other one. */
export const FRAME_INTERVAL_SLACK = 0.75;

/** Whether a frame arriving at `now` is due at the watch's rate, the last frame having been taken at `lastAt`
 * (a host that receives faster than the rule asks thins to it; a clock that went back takes the frame). */
export function frameDue(lastAt: number | null, now: number, watch: PostureWatch): boolean {
  if (lastAt === null || now < lastAt) return true;
  return now - lastAt >= (1000 / watchFps(watch)) * FRAME_INTERVAL_SLACK;
}
