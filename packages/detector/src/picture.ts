// How well the picture shows the person: the brightness and sharpness of the region the person is in, measured on
// a subsample of the frame the model saw. Core's analysis says from them why a frame it cannot judge is not judged
// (too dark, too blurred: core domain/analysis/seeing.ts); measuring is pixel work, so it is the detector's.
import type { Box, PictureQuality } from '@posture-vision/core/analysis';
import type { RgbImage } from './image.ts';

/** About this many pixel pairs are read: a few thousand, well under a tenth of a CPU-ms. */
const SAMPLES = 3000;

/** The gradient is read between pixels this fraction of the frame's width apart, so a blur reads alike at the
 * vision service's full frame and device mode's frame scaled to the model's input. */
const GRADIENT_STEP = 1 / 160;

/**
 * The picture's quality over `box` (the person's body box, grown by a quarter each way; the whole frame without
 * one): brightness is the luminance the brightest tenth of the region reaches (0-1); sharpness the mean luminance
 * step between neighbours GRADIENT_STEP apart, over the region's own spread of luminance (10th to 90th percentile),
 * so a dim or flat picture that is in focus still reads sharp.
 */
export function pictureQuality(img: RgbImage, box: Box | null): PictureQuality {
  const grow = box ? { x: box.x - box.w / 4, y: box.y - box.h / 4, w: box.w * 1.5, h: box.h * 1.5 } : null;
  const x0 = grow ? Math.max(0, Math.floor(grow.x * img.width)) : 0;
  const y0 = grow ? Math.max(0, Math.floor(grow.y * img.height)) : 0;
  const x1 = grow ? Math.min(img.width, Math.ceil((grow.x + grow.w) * img.width)) : img.width;
  const y1 = grow ? Math.min(img.height, Math.ceil((grow.y + grow.h) * img.height)) : img.height;
  const d = Math.max(1, Math.round(img.width * GRADIENT_STEP));
  const area = (x1 - x0 - d) * (y1 - y0);
  if (area <= 0) return { brightness: 0, sharpness: 0 };
  const step = Math.max(1, Math.round(Math.sqrt(area / SAMPLES)));
  const luma = (x: number, y: number) => {
    const i = 3 * (y * img.width + x);
    const p = img.data;
    return (77 * (p[i] as number) + 150 * (p[i + 1] as number) + 29 * (p[i + 2] as number)) >> 8;
  };
  const bins = new Uint32Array(256);
  let n = 0;
  let steps = 0;
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x + d < x1; x += step) {
      const a = luma(x, y);
      bins[a] = (bins[a] as number) + 1;
      n++;
      steps += Math.abs(luma(x + d, y) - a);
    }
  if (!n) return { brightness: 0, sharpness: 0 };
  const at = (p: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += bins[v] as number;
      if (acc >= p * n) return v;
    }
    return 255;
  };
  const spread = Math.max(1, at(0.9) - at(0.1));
  return { brightness: at(0.9) / 255, sharpness: steps / n / spread };
}
