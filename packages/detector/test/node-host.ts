// Frames of a real person for the detector's tests, from the testkit's clip maker. Human itself is loaded by
// the detector's Node host (`node/human.ts`), the same one the vision service's workers use.
import { type ClipPosture, personClipFrames } from '@posture-vision/testkit/media';
export const W = 640;
export const H = 480;

/** One I420 frame per posture, from the testkit's clip of a real person. */
export function clipFrames(postures: ClipPosture[]): Uint8Array[] {
  return personClipFrames(postures.map((posture) => ({ posture, seconds: 1 / 15 })));
}
