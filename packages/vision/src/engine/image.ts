// Image decoding for the engine: I420 video frames and JPEG photos to packed RGB.
import jpeg from 'jpeg-js';

export interface RgbImage {
  width: number;
  height: number;
  /** Packed RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

/** I420 (planar Y, then U and V at half resolution, BT.601 studio range) to packed RGB. */
export function i420ToRgb(i420: Uint8Array, width: number, height: number): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  const ySize = width * height;
  const cw = width >> 1;
  const vStart = ySize + cw * (height >> 1);
  for (let y = 0; y < height; y++) {
    const uvRow = (y >> 1) * cw;
    for (let x = 0; x < width; x++) {
      const c = 1.164 * ((i420[y * width + x] as number) - 16);
      const u = (i420[ySize + uvRow + (x >> 1)] as number) - 128;
      const v = (i420[vStart + uvRow + (x >> 1)] as number) - 128;
      const o = (y * width + x) * 3;
      rgb[o] = Math.max(0, Math.min(255, c + 1.596 * v));
      rgb[o + 1] = Math.max(0, Math.min(255, c - 0.392 * u - 0.813 * v));
      rgb[o + 2] = Math.max(0, Math.min(255, c + 2.017 * u));
    }
  }
  return { width, height, data: rgb };
}

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
