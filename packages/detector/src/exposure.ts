// What the pose model sees once the light has gone since calibrating: a frame whose brightest tenth stays under
// DARK_FRAME_BRIGHTNESS of white, on a stream whose reference was taken in a picture that was not, is stretched to
// the tonal range the model was trained on before it looks. One lookup table per frame from a subsample of its
// luminance, applied to every channel alike (colour kept), so the cost is a histogram of a few thousand pixels and
// one pass of table lookups. Compared on the conditions benchmark (bench/accuracy/README.md): stretching every frame
// moved the model's keypoints in good light and cost slouches; stretching every dark frame helped after the light
// changed, but a picture dark as taken (a dark-toned photo, a room that was dim at calibration too) is judged
// against a reference taken in that same picture, and evening out both moved one real woman's head tilt to
// "forward head". So only a change of light since the reference is evened out: the reference's keypoints were
// found in good light, and the dark frame is brought back towards it.
import type { RgbImage } from './image.ts';
import { pictureQuality } from './picture.ts';

/**
 * A frame is dark, and evened out for the model, when the brightest tenth of its luminance stays under this. Every
 * real webcam frame of the benchmark's sets (bench/accuracy, 439 frames) reaches 0.54 at the least (median 0.85);
 * made dim or dark by script (testkit conditions.ts) they reach 0.31 at the most, and backlit, low-quality, soft,
 * warm and cool ones 0.5 or more. So a picture in good light is never touched.
 */
export const DARK_FRAME_BRIGHTNESS = 0.4;

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
  const { bins, n } = histogram(img, o.region ?? null);
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

/**
 * The frame the pose model is given: evened out (EXPOSURE) when `evenOutDark` (the stream's reference was taken in
 * good light) and the frame is dark, else the frame as it is; with its whole-frame brightness, measured once.
 */
export function forTheModel(img: RgbImage, evenOutDark: boolean): { seen: RgbImage; brightness: number } {
  const brightness = frameBrightness(img);
  return { seen: evenOutDark && brightness < DARK_FRAME_BRIGHTNESS ? evenExposure(img) : img, brightness };
}
