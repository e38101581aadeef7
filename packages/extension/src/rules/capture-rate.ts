// How often the offscreen document's camera delivers frames (to the vision service, or to the detector's worker in
// device mode). Passive monitoring runs in the background all day, so the rate follows what is happening (core's
// live/monitoring rule, which the vision service follows too): fast while posture is at risk, slower while it is
// steadily good, a frame every few seconds while nobody is there. Each detection frame says which
// (`posture_watch`); the camera is set to it as the frames come. The change gate behind it keeps most of those
// frames from the model.
import {
  type DetectionFrame,
  frameWatch,
  MAX_WATCH_FPS,
  MONITOR_RATES,
  type MonitorRates,
  STEADY_FPS,
  watchFps,
} from '@posture-vision/core';

/** Frames per second from the start until the first frame says otherwise: a person is expected at the desk. */
export const START_FPS = STEADY_FPS;

/** The capture rate a detection frame asks for (from an older vision service without a watch: its verdict), at the
 * rates in force (the slower watch on battery, rules/battery.ts). */
export function captureFps(
  frame: Pick<DetectionFrame, 'posture_watch' | 'posture_verdict'>,
  rates: MonitorRates = MONITOR_RATES,
): number {
  return watchFps(frameWatch(frame), rates);
}

/** The camera's frame size: what the vision service and the detector are tuned for. */
export const CAMERA_SIZE = { width: 640, height: 480 } as const;

/**
 * What the offscreen document asks the camera for. Its frame rate is the fastest capture rate monitoring uses
 * (an ideal, so no camera is refused): a camera that offers low rates then runs at that instead of its usual
 * 30 frame/s, and Chromium receives, converts and drops fewer frames before the track's own limit
 * (applyConstraints, per frame's watch) applies.
 */
export function cameraConstraints(): MediaTrackConstraints {
  return { ...CAMERA_SIZE, frameRate: { ideal: MAX_WATCH_FPS } };
}
