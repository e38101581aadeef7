// Image decoding in the vision host: JPEG photos to packed RGB, and I420 frames to JPEG for the calibration
// response. I420 to RGB is the detector's (every host converts frames the same way).
import { i420ToRgb, type RgbImage } from '@posture-vision/detector';
import sharp from 'sharp';

// No decoded image is kept between photos (libvips' operation cache would hold up to 50 MB of them per worker),
// and one libvips thread per inference worker: the workers are already one per core.
sharp.cache(false);
sharp.concurrency(1);

export type { RgbImage };

/** An I420 frame as JPEG bytes (quality 80), by the same libvips that decodes the photos. */
export async function encodeI420Jpeg(i420: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const rgb = i420ToRgb(i420, width, height);
  const jpeg = await sharp(rgb.data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}

/** Largest photo side the engine is given; bigger photos are reduced while they are decoded. The pose model
 * works on a far smaller input (MoveNet: 192 px), so 1280 px loses nothing it uses. */
export const MAX_PHOTO_SIDE = 1280;

/**
 * Most pixels a photo may declare. Decoding is downscaled (below), so its memory follows the output, not the
 * photo: a 7000×7000 (49 MP) JPEG decodes through libjpeg's DCT scaling at 1/4 into 1750×1750 (about 9 MB of
 * RGB) before the final reduction. Past 50 MP (a 5 MB JPEG that large is mostly empty) it is refused with 413
 * before any decoding (photo/service.ts), and libvips refuses anything larger that slipped through.
 */
export const MAX_DECODE_PIXELS = 50_000_000;

export class UnreadableImageError extends Error {}

/**
 * Decodes a JPEG into RGB with its longer side at most MAX_PHOTO_SIDE. The reduction happens while decoding
 * (libvips shrink-on-load: libjpeg decodes at 1/2, 1/4 or 1/8 scale straight from the DCT coefficients), so a
 * big photo never exists at full size in memory; the rest of the reduction is a resampling of that. The photo's EXIF
 * orientation is applied first: a phone stores a portrait photo as landscape pixels with a tag saying how to turn
 * them, and the pose model given the stored pixels sees the person lying on her side (a side view then reads as no
 * person, or a CVA of a body turned 90°).
 */
export async function decodeJpeg(bytes: Uint8Array): Promise<RgbImage> {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff)
    throw new UnreadableImageError('Unreadable image: not a JPEG');
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_DECODE_PIXELS,
      // Truncated or slightly damaged photos still decode (as jpeg-js's tolerant decoding did); broken ones fail.
      failOn: 'error',
      sequentialRead: true,
    })
      .rotate()
      .resize(MAX_PHOTO_SIDE, MAX_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || !info.width || !info.height)
      throw new Error(`unexpected ${info.channels}-channel picture`);
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'no picture data';
    throw new UnreadableImageError(`Unreadable image: ${message}`);
  }
}
