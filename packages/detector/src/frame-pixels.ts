// A camera frame's raw planes (what VideoFrame.copyTo gives: I420, NV12 or 8-bit RGB formats) turned into the
// packed RGB the detector takes, scaled to the detection size in the same pass. The extension's offscreen
// document used to make that picture with createImageBitmap on the page's thread: about 3 CPU-ms per frame
// there (a whole 640×480 frame converted to RGBA, then scaled), where this reads only the pixels the 192×144
// picture samples, in the detector's worker (bench/README.md: device mode's browser CPU).
//
// The scaling is tf.image.resizeBilinear's (no corner alignment, no half-pixel centres: source = destination ×
// scale) followed by a cast to whole values, which is what Human does to the vision service's full frame before
// MoveNet sees it; the colours are i420ToRgb's. So a scaled frame is the picture the server path's model gets
// (Human pads both to a square first: the same rows, see input-size.ts).
import type { LumaSource } from '@posture-vision/core/live/monitoring';
import type { RgbImage } from './image.ts';
import type { Size } from './input-size.ts';

/** The pixel formats read here (WebCodecs' names). Other formats, or none (a frame only the GPU holds), are
 * left to the host's own conversion. */
export const READABLE_FORMATS = ['I420', 'I420A', 'NV12', 'RGBA', 'RGBX', 'BGRA', 'BGRX'] as const;
export type ReadableFormat = (typeof READABLE_FORMATS)[number];

export function isReadableFormat(format: string | null | undefined): format is ReadableFormat {
  return (READABLE_FORMATS as readonly string[]).includes(format ?? '');
}

/** One plane's place in the copied buffer (VideoFrame.copyTo's PlaneLayout). */
export interface PlaneLayout {
  offset: number;
  stride: number;
}

/** A frame's visible pixels as copied out of it. */
export interface RawFrame {
  format: ReadableFormat;
  width: number;
  height: number;
  data: Uint8Array;
  layout: PlaneLayout[];
}

type ReadRgb = (x: number, y: number, out: Int32Array, at: number) => void;

/** BT.601 studio range to RGB in fixed point, as i420ToRgb (truncated, clamped). */
function yuv(yv: number, u: number, v: number, out: Int32Array, at: number): void {
  const c = 76284 * (yv - 16);
  const d = u - 128;
  const e = v - 128;
  out[at] = Math.min(255, Math.max(0, (c + 104595 * e) >> 16));
  out[at + 1] = Math.min(255, Math.max(0, (c - 25690 * d - 53281 * e) >> 16));
  out[at + 2] = Math.min(255, Math.max(0, (c + 132186 * d) >> 16));
}

function reader(f: RawFrame): ReadRgb {
  const { data, layout } = f;
  const plane = (i: number) => layout[i] ?? { offset: 0, stride: 0 };
  const [p0, p1, p2] = [plane(0), plane(1), plane(2)];
  switch (f.format) {
    case 'I420':
    case 'I420A':
      return (x, y, out, at) => {
        const half = (y >> 1) * p1.stride + (x >> 1);
        const v = p2.offset + (y >> 1) * p2.stride + (x >> 1);
        yuv(
          data[p0.offset + y * p0.stride + x] as number,
          data[p1.offset + half] as number,
          data[v] as number,
          out,
          at,
        );
      };
    case 'NV12':
      return (x, y, out, at) => {
        const uv = p1.offset + (y >> 1) * p1.stride + (x & ~1);
        yuv(
          data[p0.offset + y * p0.stride + x] as number,
          data[uv] as number,
          data[uv + 1] as number,
          out,
          at,
        );
      };
    case 'RGBA':
    case 'RGBX':
      return (x, y, out, at) => {
        const i = p0.offset + y * p0.stride + x * 4;
        out[at] = data[i] as number;
        out[at + 1] = data[i + 1] as number;
        out[at + 2] = data[i + 2] as number;
      };
    case 'BGRA':
    case 'BGRX':
      return (x, y, out, at) => {
        const i = p0.offset + y * p0.stride + x * 4;
        out[at] = data[i + 2] as number;
        out[at + 1] = data[i + 1] as number;
        out[at + 2] = data[i] as number;
      };
  }
}

/** The frame as packed RGB of `size`: each pixel bilinear from the four source pixels around
 * (x × width / size.width, y × height / size.height), truncated to whole values (see the top of this file). */
export function frameToRgb(f: RawFrame, size: Size): RgbImage {
  const read = reader(f);
  const { width: w, height: h } = size;
  const rgb = new Uint8Array(w * h * 3);
  // In float32 steps, as tf's kernels compute: the truncation then lands where the server path's does.
  const f32 = Math.fround;
  const sx = f32(f.width / w);
  const sy = f32(f.height / h);
  const px = new Int32Array(12); // the four neighbours' RGB
  let o = 0;
  for (let y = 0; y < h; y++) {
    const fy = f32(y * sy);
    const y0 = Math.min(f.height - 1, Math.floor(fy));
    const y1 = Math.min(f.height - 1, y0 + 1);
    const dy = f32(fy - y0);
    for (let x = 0; x < w; x++) {
      const fx = f32(x * sx);
      const x0 = Math.min(f.width - 1, Math.floor(fx));
      const x1 = Math.min(f.width - 1, x0 + 1);
      const dx = f32(fx - x0);
      read(x0, y0, px, 0);
      read(x1, y0, px, 3);
      read(x0, y1, px, 6);
      read(x1, y1, px, 9);
      for (let c = 0; c < 3; c++) {
        const a = px[c] as number;
        const b = px[3 + c] as number;
        const d = px[6 + c] as number;
        const e = px[9 + c] as number;
        const top = f32(a + f32((b - a) * dx));
        const bottom = f32(d + f32((e - d) * dx));
        rgb[o++] = Math.floor(f32(top + f32(f32(bottom - top) * dy)));
      }
    }
  }
  return { width: w, height: h, data: rgb };
}

/** Where the change gate reads the frame's brightness (core live/change-gate.ts): the Y plane of a YUV frame, the
 * red, green and blue bytes of an RGB one. */
export function rawLuma(f: RawFrame): LumaSource {
  const plane = f.layout[0] ?? { offset: 0, stride: f.width };
  const base = { width: f.width, height: f.height, data: f.data, offset: plane.offset, stride: plane.stride };
  switch (f.format) {
    case 'I420':
    case 'I420A':
    case 'NV12':
      return { ...base, channels: 1 };
    case 'RGBA':
    case 'RGBX':
      return { ...base, channels: 4, rgb: [0, 1, 2] };
    case 'BGRA':
    case 'BGRX':
      return { ...base, channels: 4, rgb: [2, 1, 0] };
  }
}
