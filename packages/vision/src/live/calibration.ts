// The calibration response of document 2, section 3.2: message, the frame as a JPEG data URL, the
// reference outline and the legacy success flag.
import type { Keypoint } from '@posture-vision/core/analysis';
import jpeg from 'jpeg-js';
import { i420ToRgb } from '../engine/image.ts';
import type { I420Frame } from './peer.ts';

export const CALIBRATION_OK = 'Calibration successful';
export const CALIBRATION_NONE = 'No calibration data found';

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

/** The calibration frame as a JPEG data URL. Runs on the event loop (about 40 ms for 640x480); it
 * happens once per calibration click, not per frame. */
export function frameDataUrl(frame: I420Frame): string {
  const rgb = i420ToRgb(frame.data, frame.width, frame.height);
  const rgba = new Uint8Array(frame.width * frame.height * 4);
  for (let i = 0, j = 0; i < rgb.data.length; i += 3, j += 4) {
    rgba[j] = rgb.data[i] as number;
    rgba[j + 1] = rgb.data[i + 1] as number;
    rgba[j + 2] = rgb.data[i + 2] as number;
    rgba[j + 3] = 255;
  }
  const encoded = jpeg.encode({ width: frame.width, height: frame.height, data: rgba }, 80).data;
  return `data:image/jpeg;base64,${Buffer.from(encoded).toString('base64')}`;
}
