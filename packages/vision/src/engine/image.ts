// Image decoding in the vision host: JPEG photos to packed RGB, and I420 frames to JPEG for the calibration
// response. I420 to RGB is the detector's (every host converts frames the same way).
import { i420ToRgb, type RgbImage } from '@posture-vision/detector';
import jpeg from 'jpeg-js';

export type { RgbImage };

/** An I420 frame as JPEG bytes (quality 80). */
export function encodeI420Jpeg(i420: Uint8Array, width: number, height: number): Uint8Array {
  const rgb = i420ToRgb(i420, width, height);
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < rgb.data.length; i += 3, j += 4) {
    rgba[j] = rgb.data[i] as number;
    rgba[j + 1] = rgb.data[i + 1] as number;
    rgba[j + 2] = rgb.data[i + 2] as number;
    rgba[j + 3] = 255;
  }
  return jpeg.encode({ width, height, data: rgba }, 80).data;
}

/** Largest photo side the engine is given; bigger photos are reduced first (speed, and the 5 MB cap keeps
 * decoding memory bounded). */
export const MAX_PHOTO_SIDE = 1280;

export class UnreadableImageError extends Error {}

/** Decodes a JPEG into RGB, reducing it by an integer factor so its longer side is at most MAX_PHOTO_SIDE. */
export function decodeJpeg(bytes: Uint8Array): RgbImage {
  let raw: { width: number; height: number; data: Uint8Array };
  try {
    raw = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxMemoryUsageInMB: 256,
      maxResolutionInMP: 50,
    });
  } catch (error) {
    throw new UnreadableImageError(`Unreadable image: ${(error as Error).message}`);
  }
  if (!raw.width || !raw.height) throw new UnreadableImageError('Unreadable image: no picture data');
  const step = Math.ceil(Math.max(raw.width, raw.height) / MAX_PHOTO_SIDE);
  if (step <= 1) return raw;
  const width = Math.floor(raw.width / step);
  const height = Math.floor(raw.height / step);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const s = (y * step * raw.width + x * step) * 3;
      data.set(raw.data.subarray(s, s + 3), (y * width + x) * 3);
    }
  return { width, height, data };
}
