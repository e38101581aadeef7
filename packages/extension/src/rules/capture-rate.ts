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
