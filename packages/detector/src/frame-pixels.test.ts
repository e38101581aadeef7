import { describe, expect, it } from 'vitest';
import { frameToRgb, isReadableFormat, type RawFrame } from './frame-pixels.ts';
import { i420ToRgb } from './image.ts';

const W = 8;
const H = 6;
/** A seeded I420 frame with a gradient and noise, packed (strides = widths). */
function i420Frame(): Uint8Array {
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const f = new Uint8Array(W * H * 1.5);
  for (let i = 0; i < W * H; i++) f[i] = 16 + Math.floor(((i % W) / W) * 200 + rnd() * 19);
  for (let i = W * H; i < f.length; i++) f[i] = 60 + Math.floor(rnd() * 140);
  return f;
}

/** A W×H frame of `format` whose planes' rows are padded by `pad` bytes of junk, as copyTo may lay them out
 * (`width` of a plane in bytes). */
function rawFrame(
  format: RawFrame['format'],
  planes: { data: Uint8Array; width: number; rows: number }[],
  pad: number,
): RawFrame {
  const layout: { offset: number; stride: number }[] = [];
  const parts: number[] = [9, 9, 9]; // junk before the first plane
  for (const p of planes) {
    layout.push({ offset: parts.length, stride: p.width + pad });
    for (let r = 0; r < p.rows; r++)
      parts.push(...p.data.subarray(r * p.width, (r + 1) * p.width), ...Array(pad).fill(251));
  }
  return { format, width: W, height: H, data: new Uint8Array(parts), layout };
}

const yuv = i420Frame();
const Y = yuv.subarray(0, W * H);
const U = yuv.subarray(W * H, W * H * 1.25);
const V = yuv.subarray(W * H * 1.25);
const I420 = rawFrame(
  'I420',
  [
    { data: Y, width: W, rows: H },
    { data: U, width: W / 2, rows: H / 2 },
    { data: V, width: W / 2, rows: H / 2 },
  ],
  3,
);
const full = i420ToRgb(yuv, W, H).data;

describe('camera frame pixels', () => {
  it('reads an I420 frame at its own size as the vision service converts it, whatever the strides', () => {
    expect([...frameToRgb(I420, { width: W, height: H }).data]).toEqual([...full]);
  });

  it('reads NV12 (interleaved chroma) as the same picture as I420', () => {
    const uv = new Uint8Array(U.length * 2);
    for (let i = 0; i < U.length; i++) {
      uv[2 * i] = U[i] as number;
      uv[2 * i + 1] = V[i] as number;
    }
    const nv12 = rawFrame(
      'NV12',
      [
        { data: Y, width: W, rows: H },
        { data: uv, width: W, rows: H / 2 },
      ],
      5,
    );
    expect([...frameToRgb(nv12, { width: W, height: H }).data]).toEqual([...full]);
  });

  it('reads RGBA and BGRX frames, dropping the fourth byte', () => {
    const rgba = new Uint8Array(W * H * 4);
    const bgrx = new Uint8Array(W * H * 4);
    for (let p = 0; p < W * H; p++) {
      const [r, g, b] = [full[3 * p] as number, full[3 * p + 1] as number, full[3 * p + 2] as number];
      rgba.set([r, g, b, 255], 4 * p);
      bgrx.set([b, g, r, 0], 4 * p);
    }
    for (const [format, data] of [
      ['RGBA', rgba],
      ['BGRX', bgrx],
    ] as const) {
      const f = rawFrame(format, [{ data, width: W * 4, rows: H }], 4);
      expect([...frameToRgb(f, { width: W, height: H }).data]).toEqual([...full]);
    }
  });

  it('scales bilinearly from source = destination × scale, truncating, as tf.image.resizeBilinear and a cast do', () => {
    const out = frameToRgb(I420, { width: 3, height: 2 });
    expect(out.width).toBe(3);
    expect(out.height).toBe(2);
    const at = (x: number, y: number, c: number) => full[(y * W + x) * 3 + c] as number;
    // Destination (1, 1) samples (8/3, 3): between columns 2 and 3 of row 3, two thirds of the way.
    for (let c = 0; c < 3; c++) {
      // (tf computes in float32, so a value that is whole in exact arithmetic may truncate one lower)
      const exact = at(2, 3, c) + (at(3, 3, c) - at(2, 3, c)) * (8 / 3 - 2);
      expect(Math.abs((out.data[(1 * 3 + 1) * 3 + c] as number) - exact)).toBeLessThanOrEqual(1);
    }
    // Destination (0, 0) is the source's first pixel.
    expect([...out.data.subarray(0, 3)]).toEqual([at(0, 0, 0), at(0, 0, 1), at(0, 0, 2)]);
  });

  it('names the formats it reads; a frame without one is left to the host', () => {
    expect(isReadableFormat('I420')).toBe(true);
    expect(isReadableFormat('NV12')).toBe(true);
    expect(isReadableFormat('BGRA')).toBe(true);
    expect(isReadableFormat('I444')).toBe(false);
    expect(isReadableFormat(null)).toBe(false);
  });
});
