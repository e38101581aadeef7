import { underCondition } from '@posture-vision/testkit/conditions';
import { livePeople, realRgb, unseenPeople } from '@posture-vision/testkit/real-media';
import { describe, expect, it } from 'vitest';
import {
  blackLevel,
  DARK_FRAME_BRIGHTNESS,
  evenExposure,
  forTheModel,
  takenInGoodLight,
  VEILED_BLACK_LEVEL,
} from './exposure.ts';
import { pictureQuality } from './picture.ts';

// The darkest real frames there are (the man in a dark sweater before a dark chair), as taken and made dim by script.
const file = (livePeople().find((p) => p.set === 'webcam-middle-vs-slouched')?.frames[0]?.file ??
  '') as string;

describe("the pose model's input", () => {
  it('is the frame itself in good light: a real webcam frame is never changed', () => {
    const frame = realRgb(file);
    expect(pictureQuality(frame, null).brightness).toBeGreaterThanOrEqual(DARK_FRAME_BRIGHTNESS);
    expect(forTheModel(frame, true).seen).toBe(frame);
  });

  it('is a dark frame as it is unless the reference was taken in good light', () => {
    const dim = underCondition(realRgb(file), 'dim');
    expect(forTheModel(dim, false).seen).toBe(dim);
    expect(forTheModel(dim, false).brightness).toBeLessThan(DARK_FRAME_BRIGHTNESS);
    // A reference taken in the frame as taken is in good light; one taken in the dim picture, or that says nothing
    // of its light, is not.
    expect(takenInGoodLight(forTheModel(realRgb(file), false).brightness)).toBe(true);
    expect(takenInGoodLight(forTheModel(dim, false).brightness)).toBe(false);
    expect(takenInGoodLight(undefined)).toBe(false);
  });

  it('after the light went since a reference in good light: a dark frame evened out to the full range, its colours kept in proportion', () => {
    const dim = underCondition(realRgb(file), 'dim');
    expect(pictureQuality(dim, null).brightness).toBeLessThan(DARK_FRAME_BRIGHTNESS);
    const { seen } = forTheModel(dim, true);
    expect(seen).not.toBe(dim);
    expect(seen.width).toBe(dim.width);
    // As bright as the real frames in good light (0.54 at the least, median 0.85).
    expect(pictureQuality(seen, null).brightness).toBeGreaterThan(0.6);
    // One table for every channel: a pixel brighter than another in a channel stays so.
    for (let i = 0; i + 3 < dim.data.length; i += 997)
      if ((dim.data[i] as number) < (dim.data[i + 3] as number))
        expect(seen.data[i] as number).toBeLessThanOrEqual(seen.data[i + 3] as number);
  });

  it('maps every byte by the one table, aligned or not', () => {
    const dim = underCondition(realRgb(file), 'dim');
    // The same pixels one byte into a larger buffer: no 32-bit view of it, one byte a step.
    const shifted = new Uint8Array(dim.data.length + 1);
    shifted.set(dim.data, 1);
    const unaligned = { ...dim, data: shifted.subarray(1) };
    expect(Buffer.from(evenExposure(unaligned).data).equals(Buffer.from(evenExposure(dim).data))).toBe(true);
  });

  it('stretches a veiled frame (a bright window behind) whatever the reference, and no real frame as taken is veiled', () => {
    for (const p of [...livePeople(), ...unseenPeople()])
      for (const f of p.frames) expect(forTheModel(realRgb(f.file), true).fix, f.file).toBeNull();
    const backlit = underCondition(realRgb(file), 'backlit');
    expect(blackLevel(backlit)).toBeGreaterThan(VEILED_BLACK_LEVEL);
    for (const evenOutDark of [false, true]) {
      const { seen, fix } = forTheModel(backlit, evenOutDark);
      expect(fix).toBe('veiled');
      // The glare's lift is taken off: its darkest part black again, as in a frame in good light.
      expect(blackLevel(seen)).toBeLessThan(0.05);
    }
  });
});
