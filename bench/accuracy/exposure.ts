// A lever compared on the conditions benchmark and not kept (bench/accuracy/README.md): what the pose model sees, evened out: a frame too dark, washed out or flat is stretched to the tonal range the
// model was trained on before it looks. One lookup table per frame from a subsample of its luminance, applied to
// every channel alike (colour kept), so the cost is a histogram of a few thousand pixels and one pass of table
// lookups.
import type { RgbImage } from '../../packages/detector/src/image.ts';

export interface ExposureOptions {
  /** Percentiles of luminance mapped to black and white. */
  low: number;
  high: number;
  /** The median luminance is brought towards this value (0-255) by a gamma; null: no gamma. */
  midTarget: number | null;
  /** The region to measure (normalised box), e.g. the person; null: the whole frame. */
  region?: { x: number; y: number; width: number; height: number } | null;
}

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
      bins[(77 * (d[i] as number) + 150 * (d[i + 1] as number) + 29 * (d[i + 2] as number)) >> 8]++;
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
  const out = new Uint8Array(img.data.length);
  const d = img.data;
  for (let i = 0; i < d.length; i++) out[i] = lut[d[i] as number] as number;
  return { width: img.width, height: img.height, data: out };
}
