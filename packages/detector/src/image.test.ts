import { describe, expect, it } from 'vitest';
import { i420ToRgb, rgbaToRgb } from './image.ts';

/** A 2x2 I420 frame of one colour. */
const frame = (y: number, u: number, v: number) => new Uint8Array([y, y, y, y, u, v]);

describe('image conversion', () => {
  it('turns BT.601 studio-range I420 into RGB', () => {
    expect([...i420ToRgb(frame(16, 128, 128), 2, 2).data.slice(0, 3)]).toEqual([0, 0, 0]);
    // Studio white: 1.164 × 219 = 254.9, truncated like the service's float conversion always was.
    expect([...i420ToRgb(frame(235, 128, 128), 2, 2).data.slice(0, 3)]).toEqual([254, 254, 254]);
    expect([...i420ToRgb(frame(126, 128, 128), 2, 2).data.slice(0, 3)]).toEqual([128, 128, 128]);
    // Pure red in BT.601: Y 81, U 90, V 240 (within one step of 255, 0, 0).
    const [r, g, b] = i420ToRgb(frame(81, 90, 240), 2, 2).data;
    expect(r).toBeGreaterThanOrEqual(253);
    expect(g).toBeLessThanOrEqual(2);
    expect(b).toBeLessThanOrEqual(2);
  });

  it('drops the alpha channel of RGBA pixels', () => {
    const rgb = rgbaToRgb(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 255]), 2, 1);
    expect([...rgb.data]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
