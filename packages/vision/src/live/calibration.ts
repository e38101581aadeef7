// The calibration response of document 2, section 3.2: message, the frame as a JPEG data URL, the
// reference outline and the legacy success flag.
import type { Keypoint } from '@posture-vision/core/analysis';
import type { EnginePool } from '../engine/pool.ts';
import type { I420Frame } from './peer.ts';

export const CALIBRATION_OK = 'Calibration successful';
export const CALIBRATION_NONE = 'No calibration data found';

/** The `reason` of a CALIBRATION_NONE answer (the live tool adds what to do next). */
export const CALIBRATION_PROBLEMS = {
  notConnected: 'the camera is not connected to the service',
  noVideo: 'no video has reached the service yet',
  nobody: 'nobody is in view',
  partial: 'your head and both shoulders are not all in view',
} as const;

/** Outline order around the upper body: left shoulder, up over the head, down to the right shoulder. */
const OUTLINE = [5, 3, 1, 0, 2, 4, 6] as const;

/** Outline points in pixels of the calibration frame (frame_size says which), visible keypoints only. */
export function outline(keypoints: Keypoint[], width: number, height: number): [number, number][] {
  return OUTLINE.map((i) => keypoints[i])
    .filter(
      (k): k is Keypoint => !!k && Number.isFinite(k.x) && Number.isFinite(k.y) && (k.score ?? 1) >= 0.3,
    )
    .map((k) => [Math.round(k.x * width), Math.round(k.y * height)]);
}

/** The calibration frame as a JPEG data URL, encoded in a worker (about 40 ms for 640x480). */
export async function frameDataUrl(pool: EnginePool, frame: I420Frame): Promise<string> {
  const encoded = await pool.encodeJpeg(frame);
  return `data:image/jpeg;base64,${Buffer.from(encoded).toString('base64')}`;
}
