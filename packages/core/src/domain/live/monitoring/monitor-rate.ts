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
 * deviating (within the onset delay), recovering, or a head turned away; poor, a deviation reported and held;
 * steady, a person in view whose posture is good (or not judged yet: no reference); nobody, no person in view. */
export type { PostureWatch };

/** Frames per second while posture is at risk: the rate monitoring used for all poor posture before the poor
 * watch. A deviation is reported ONSET_MS after it began; at 5 frames/s the frame that reports it comes within
 * 200 ms of that, and a recovery (RECOVERY_MS, 1 s) is seen over five frames. */
export const AT_RISK_FPS = 5;

/** Frames per second while a reported deviation is held (poor, not recovering). Nothing is being timed then: the
 * verdict stands until the person sits up, and sitting up is movement, which the change gate passes to the model
 * on the next frame; from that frame the watch is at risk (recovering) at AT_RISK_FPS. So a recovery is reported
 * within 1/POOR_FPS + RECOVERY_MS (1.5 s) instead of 1.2 s at the at-risk rate. Held at 5 frames/s, a slouch with
 * the body's small sway ran the model on most frames: the largest device-mode cost left while posture is poor
 * (bench/README.md, monitoring). */
export const POOR_FPS = 2;

/** Frames per second while posture is steadily good. The gate runs the model on the first frame after a slouch
 * began (any real movement changes well over MOVED_SHARE of the region), from there the rate is AT_RISK_FPS, so the
 * verdict comes within 1/STEADY_FPS + ONSET_MS + one at-risk frame of the slouch: at 1 frame/s at most onset + 1.2 s,
 * on average onset + 0.6 s, no later than with the fixed rates before the gate (1 frame/s while good, the onset
 * timed at that rate: up to onset + 1.5 s). 2 frame/s would shave 0.5 s off the worst case at twice the frames
 * delivered, decoded (vision service) and gridded all day, where the person sits still most of the time: on the
 * monitoring hour it was the largest cost left after the gate (bench/README.md, monitoring). */
export const STEADY_FPS = 1;

/** Frames per second while nobody is in view: someone sitting down is seen within 3 s; an empty chair costs
 * almost nothing meanwhile. */
export const NOBODY_FPS = 1 / 3;

/** The model runs at least this often even on a still picture (the change gate's backstop), per watch. While at
 * risk, every second, so a deviation being timed is confirmed on the model's own look. While steady, every 10 s: a
 * drift too slow for the gate to see between two frames still adds up against the model's last frame (what the gate
 * compares with), and from upright to slouched at least 13% of the region changes on real frames (2.6 × MOVED_SHARE),
 * so the gate itself runs the model along the way; the forced run is for what a grid cannot see at all (a dim, flat
 * picture), and a sinking that takes a minute is looked at six times on its way, the mild threshold's crossing seen
 * within 10 s + ONSET_MS. Every 5 s cost 12 model runs a minute of sitting still. An empty view every 15 s (a person
 * who sat down very still in a dark room). */
export const MODEL_AT_LEAST_EVERY_MS: Readonly<Record<PostureWatch, number>> = {
  at_risk: 1000,
  // A held deviation is looked at by the model every 2 s even when nothing moved (a slow straightening the gate
  // does not see between two frames), so the feedback it sends stays the model's own.
  poor: 2000,
  steady: 10_000,
  nobody: 15_000,
};

const FPS: Readonly<Record<PostureWatch, number>> = {
  at_risk: AT_RISK_FPS,
  poor: POOR_FPS,
  steady: STEADY_FPS,
  nobody: NOBODY_FPS,
};

/** The rates as one setting: the capture rate and the forced model run per watch. The hosts take core's
 * (MONITOR_RATES); the monitoring bench compares settings. */
export interface MonitorRates {
  fps: Readonly<Record<PostureWatch, number>>;
  modelAtLeastEveryMs: Readonly<Record<PostureWatch, number>>;
}

export const MONITOR_RATES: MonitorRates = { fps: FPS, modelAtLeastEveryMs: MODEL_AT_LEAST_EVERY_MS };

/**
 * The slower watch on battery (the user's battery choice, settings/alert-preferences.ts) divides every capture rate
 * by this. Half the frames is half of what costs while monitoring runs (frames delivered, decoded, gridded; the model
 * behind the gate: bench/README.md, monitoring) and still feeds the timers: at risk 2.5 frames/s keeps two frames
 * in every RECOVERY_MS and reports an onset within 400 ms of it; steady 0.5 frame/s sees a slouch within 2 s; an
 * empty chair is looked at every 6 s. Dividing by 3 or more would leave the recovery's second with one frame, so a
 * single frame under the threshold would end a reported posture.
 */
export const BATTERY_RATE_DIVISOR = 2;

/** The rates divided by a factor: the capture rate of every watch (the model's forced runs stay as they are). */
export function slowerRates(rates: MonitorRates, divisor: number): MonitorRates {
  const fps = Object.fromEntries(
    Object.entries(rates.fps).map(([watch, value]) => [watch, value / divisor]),
  ) as Record<PostureWatch, number>;
  return { fps, modelAtLeastEveryMs: rates.modelAtLeastEveryMs };
}

/** The slower watch on battery. */
export const BATTERY_RATES: MonitorRates = slowerRates(MONITOR_RATES, BATTERY_RATE_DIVISOR);

/** The capture rate for a watch. */
export function watchFps(watch: PostureWatch, rates: MonitorRates = MONITOR_RATES): number {
  return rates.fps[watch];
}

/** The fastest rate monitoring asks for: what the camera is opened at. */
export const MAX_WATCH_FPS = Math.max(AT_RISK_FPS, POOR_FPS, STEADY_FPS, NOBODY_FPS);

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
  // A frame without the person while a deviation is still being timed (the analysis keeps timing through a dip,
  // posture.ts ONSET_DIP_MS) stays at risk: the camera must not slow down for a lost shoulder.
  if (!personInView(keypoints)) return referenced && state.overSince !== null ? 'at_risk' : 'nobody';
  if (!referenced) return 'steady';
  if (state.underSince !== null || state.turnedSince !== null) return 'at_risk';
  if (state.deviated) return 'poor';
  return state.overSince !== null ? 'at_risk' : 'steady';
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
export function frameDue(
  lastAt: number | null,
  now: number,
  watch: PostureWatch,
  rates: MonitorRates = MONITOR_RATES,
): boolean {
  if (lastAt === null || now < lastAt) return true;
  return now - lastAt >= (1000 / watchFps(watch, rates)) * FRAME_INTERVAL_SLACK;
}
