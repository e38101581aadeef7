// How often the offscreen document's camera delivers frames to the vision service. Passive monitoring runs
// in the background all day, so it captures slowly and speeds up only while posture is poor, so the
// onset of good posture again (and the alert timing) is seen promptly.
import type { PostureStatus } from '@posture-vision/core';

/** Frames per second while posture is good or unknown. */
export const BACKGROUND_FPS = 1;
/** Frames per second while posture is poor. */
export const POOR_POSTURE_FPS = 5;

export function captureFps(posture: PostureStatus): number {
  return posture === 'poor' ? POOR_POSTURE_FPS : BACKGROUND_FPS;
}

/** The camera's frame size: what the vision service and the detector are tuned for. */
export const CAMERA_SIZE = { width: 640, height: 480 } as const;

/**
 * What the offscreen document asks the camera for. Its frame rate is the fastest capture rate monitoring uses
 * (an ideal, so no camera is refused): a camera that offers low rates then runs at that instead of its usual
 * 30 frame/s, and Chromium receives, converts and drops fewer frames before the track's own limit
 * (applyConstraints, per posture) applies.
 */
export function cameraConstraints(): MediaTrackConstraints {
  return { ...CAMERA_SIZE, frameRate: { ideal: Math.max(BACKGROUND_FPS, POOR_POSTURE_FPS) } };
}
