// What the pose model sees once the light has gone since calibrating: a frame whose brightest tenth stays under
// DARK_FRAME_BRIGHTNESS of white, on a stream whose reference was taken in a picture that was not, is stretched to
// the tonal range the model was trained on before it looks. One lookup table per frame from a subsample of its
// luminance, applied to every channel alike (colour kept), so the cost is a histogram of a few thousand pixels and
// one pass of table lookups. Compared on the conditions benchmark (bench/accuracy/README.md): stretching every frame
// moved the model's keypoints in good light and cost slouches; stretching every dark frame helped after the light
// changed, but a picture dark as taken (a dark-toned photo, a room that was dim at calibration too) is judged
// against a reference taken in that same picture, and evening out both moved one real woman's head tilt to
// "forward head". So only a change of light since the reference is evened out: the reference's keypoints were
// found in good light, and the dark frame is brought back towards it. A veiled frame (the glare of a window
// behind: nothing in it dark) is stretched too, its midtones lifted, in any case: no real frame as taken is veiled.
import type { RgbImage } from './image.ts';
import { pictureQuality } from './picture.ts';

/**
 * A frame is dark, and evened out for the model, when the brightest tenth of its luminance stays under this. Every
 * real webcam frame of the benchmark's sets (bench/accuracy, 439 frames) reaches 0.54 at the least (median 0.85);
 * made dim or dark by script (testkit conditions.ts) they reach 0.31 at the most, and backlit, low-quality, soft,
 * warm and cool ones 0.5 or more. So a picture in good light is never touched.
 */
export const DARK_FRAME_BRIGHTNESS = 0.4;

/**
 * A frame is veiled, and stretched for the model as a dark one is, when even the darkest BLACK_PERCENTILE of its
 * luminance stays above this. A bright window behind the user makes the camera expose for the window: the person
 * darkens and the window's glare lifts every value, so nothing in the picture is dark. Every real webcam frame of the
 * benchmark's sets (439) stays under 0.21 of white there (median 0.055; the highest, 0.196-0.208, a woman before a
 * bright white wall, webcam-intel-head-pose); backlit by script (testkit conditions.ts) the least is 0.235. So no real
 * frame as taken is touched. Chosen on the conditions benchmark (bench/accuracy/README.md): backlit after calibrating
 * in the original light, upright passed 168 → 193 of 201, slouches caught 143 → 160 of 204, frames not judged 83 → 51
 * of 405; in the same light 176 → 181, 147 → 165, 79 → 51. Stretching every frame instead moved the keypoints of
 * real frames in good light and cost slouches.
 */
export const VEILED_BLACK_LEVEL = 0.22;

/** The darkest part of the frame read for the veil: a fifth of a hundredth (8 of the 4096 samples). At the darkest
 * hundredth the white-wall woman's frames read 0.20-0.227, too near the backlit frames' least (0.239). */
const BLACK_PERCENTILE = 0.002;

export interface ExposureOptions {
  /** Percentiles of luminance mapped to black and white. */
  low: number;
  high: number;
  /** The median luminance is brought towards this value (0-255) by a gamma; null: no gamma. */
  midTarget: number | null;
  /** The region to measure (normalised box), e.g. the person; null: the whole frame. */
  region?: { x: number; y: number; width: number; height: number } | null;
}

/** The stretch a dark frame gets: its 1st to 99th percentile of luminance to black and white, no gamma. */
export const EXPOSURE: ExposureOptions = { low: 0.01, high: 0.99, midTarget: null };

/**
 * The stretch a veiled frame gets: the dark frame's, with the median brought to 110 of 255. Taking the glare off
 * alone leaves the person as dark as a camera exposing for the window made them, and on the natural video (the man
 * at the lower edge of a 400×300 picture, backlit from 5 s) the model then lost his shoulders 16.8 s of 77.6 (7.2 s
 * before any stretch); with the midtones lifted 2.0 s, no false alarm, and on the stills backlit 195 → 193 of 201
 * upright passed, 162 → 160 of 204 slouches, the unseen people's slouches 7 → 9 of 11 (bench/accuracy/README.md).
 */
export const VEILED_EXPOSURE: ExposureOptions = { ...EXPOSURE, midTarget: 110 };

/** Samples about this many pixels for the histogram. */
const SAMPLES = 4096;

/** The frame's luminance histogram (256 bins) over the region, from about SAMPLES pixels. */
function histogram(img: RgbImage, region: ExposureOptions['region']): { bins: Uint32Array; n: number } {
  const x0 = region ? Math.max(0, Math.floor(region.x * img.width)) : 0;
  const y0 = region ? Math.max(0, Math.floor(region.y * img.height)) : 0;
  const x1 = region ? Math.min(img.width, Math.ceil((region.x + region.width) * img.width)) : img.width;
  const y1 = region ? Math.min(img.height, Math.ceil((region.y + region.height) * img.height)) : img.height;
  const area = Math.max(1, (x1 - x0) * (y1 - y0));
  const step = Math.max(1, Math.round(Math.sqrt(area / SAMPLES)));
  const bins = new Uint32Array(256);
  let n = 0;
  const d = img.data;
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step) {
      const i = 3 * (y * img.width + x);
      // Integer luminance (BT.601 weights × 256).
      const v = (77 * (d[i] as number) + 150 * (d[i + 1] as number) + 29 * (d[i + 2] as number)) >> 8;
      bins[v] = (bins[v] as number) + 1;
      n++;
    }
  return { bins, n };
}

function percentile(bins: Uint32Array, n: number, p: number): number {
  const want = p * n;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += bins[v] as number;
    if (acc >= want) return v;
  }
  return 255;
}

/** The frame with its luminance range stretched (and its midtones lifted) by one lookup table. */
export function evenExposure(img: RgbImage, o: ExposureOptions = EXPOSURE): RgbImage {
  return stretched(img, histogram(img, o.region ?? null), o);
}

/** evenExposure with the region's histogram already read. */
function stretched(
  img: RgbImage,
  { bins, n }: { bins: Uint32Array; n: number },
  o: ExposureOptions,
): RgbImage {
  if (!n) return img;
  const lo = percentile(bins, n, o.low);
  const hi = Math.max(lo + 1, percentile(bins, n, o.high));
  const mid = (percentile(bins, n, 0.5) - lo) / (hi - lo);
  const gamma =
    o.midTarget !== null && mid > 0.01 && mid < 0.99 ? Math.log(o.midTarget / 255) / Math.log(mid) : 1;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
    lut[v] = Math.round(255 * t ** gamma);
  }
  const d = img.data;
  const size = d.length;
  const out = new Uint8Array(size);
  // Four bytes a step through 32-bit views where the buffer is aligned: about half the time of one byte a step
  // (bench/device/picture-quality.ts). Each byte goes through the same table, so the byte order does not matter.
  const words = d.byteOffset % 4 === 0 ? Math.floor(size / 4) : 0;
  if (words) {
    const src = new Uint32Array(d.buffer, d.byteOffset, words);
    const dst = new Uint32Array(out.buffer, 0, words);
    for (let w = 0; w < words; w++) {
      const v = src[w] as number;
      dst[w] =
        ((lut[v & 255] as number) |
          ((lut[(v >>> 8) & 255] as number) << 8) |
          ((lut[(v >>> 16) & 255] as number) << 16) |
          ((lut[v >>> 24] as number) << 24)) >>>
        0;
    }
  }
  for (let i = words * 4; i < size; i++) out[i] = lut[d[i] as number] as number;
  return { width: img.width, height: img.height, data: out };
}

/** The whole frame's brightness (its brightest tenth of luminance, 0-1: picture.ts), the measure of the rule. */
export function frameBrightness(img: RgbImage): number {
  return pictureQuality(img, null).brightness;
}

/** Whether a reference taken in a frame of this brightness was taken in good light (a frame of the stream that
 * goes dark later is then evened out); unknown (a reference from elsewhere that does not say) is not. */
export function takenInGoodLight(brightness: number | null | undefined): boolean {
  return typeof brightness === 'number' && brightness >= DARK_FRAME_BRIGHTNESS;
}

/** The luminance the darkest BLACK_PERCENTILE of the frame stays above (0-1), from the same subsample as the stretch. */
export function blackLevel(img: RgbImage): number {
  return blackOf(histogram(img, null));
}

function blackOf({ bins, n }: { bins: Uint32Array; n: number }): number {
  return n ? percentile(bins, n, BLACK_PERCENTILE) / 255 : 0;
}

/** What was done to a frame before the model looked: nothing, a dark frame evened out, a veiled one stretched. */
export type ModelInputFix = 'dark' | 'veiled' | null;

/**
 * The frame the pose model is given: evened out (EXPOSURE) when `evenOutDark` (the stream's reference was taken in
 * good light) and the frame is dark; stretched (VEILED_EXPOSURE) when it is veiled, whatever the reference's light (the
 * glare lifts the blacks of the reference and of the frames alike, and stretching both measured better in the same
 * light too); else the frame as it is. With its whole-frame brightness, measured once.
 */
export function forTheModel(
  img: RgbImage,
  evenOutDark: boolean,
): { seen: RgbImage; brightness: number; fix: ModelInputFix } {
  const brightness = frameBrightness(img);
  if (brightness < DARK_FRAME_BRIGHTNESS)
    return evenOutDark
      ? { seen: evenExposure(img), brightness, fix: 'dark' }
      : { seen: img, brightness, fix: null };
  // The whole frame's histogram, read once: the veil is measured on it, and a veiled frame is stretched by it.
  const whole = histogram(img, null);
  if (blackOf(whole) > VEILED_BLACK_LEVEL)
    return { seen: stretched(img, whole, VEILED_EXPOSURE), brightness, fix: 'veiled' };
  return { seen: img, brightness, fix: null };
}
