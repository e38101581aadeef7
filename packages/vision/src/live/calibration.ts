// The live calibration response: message, the frame as a JPEG data URL, the
// reference outline (core's `referenceOutline`) and the legacy success flag.
import type { EnginePool } from '../engine/pool.ts';
import type { I420Frame } from './peer.ts';

export const CALIBRATION_OK = 'Calibration successful';
export const CALIBRATION_NONE = 'No calibration data found';

/** The reasons of a CALIBRATION_NONE answer are core's (the live tool's device mode gives the same). */
export { CALIBRATION_PROBLEMS } from '@posture-vision/core/live';

/** The calibration frame as a JPEG data URL, encoded in a worker (about 40 ms for 640x480). */
export async function frameDataUrl(pool: EnginePool, frame: I420Frame): Promise<string> {
  const encoded = await pool.encodeJpeg(frame);
  return `data:image/jpeg;base64,${Buffer.from(encoded).toString('base64')}`;
}
