import { pictureProblem } from '@posture-vision/core/analysis';
import { underCondition } from '@posture-vision/testkit/conditions';
import { livePeople, realRgb } from '@posture-vision/testkit/real-media';
import { describe, expect, it } from 'vitest';
import { pictureQuality } from './picture.ts';

// A real frame of the man in a dark sweater before a dark chair (the darkest real frames there are) and the same
// frame made dark or blurred by script.
const file = (livePeople().find((p) => p.set === 'webcam-middle-vs-slouched')?.frames[0]?.file ??
  '') as string;
const box = { x: 0.2, y: 0.1, w: 0.6, h: 0.9 };

describe('the picture quality the analysis names a reason by', () => {
  it('a real webcam frame is neither too dark nor too blurred', () => {
    expect(pictureProblem(pictureQuality(realRgb(file), box))).toBeNull();
  });

  it('the same frame in a dark room is too dark, and out of focus too blurred', () => {
    expect(pictureProblem(pictureQuality(underCondition(realRgb(file), 'dark'), box))).toBe('too_dark');
    const blurred = underCondition(underCondition(realRgb(file), 'soft-focus'), 'soft-focus');
    expect(pictureProblem(pictureQuality(blurred, box))).toBe('too_blurred');
  });

  it('reads its brightness alike at the full frame and at half its width and height', () => {
    const full = realRgb(file);
    const small = {
      width: full.width / 2,
      height: full.height / 2,
      data: new Uint8Array((full.width / 2) * (full.height / 2) * 3),
    };
    for (let y = 0; y < small.height; y++)
      for (let x = 0; x < small.width; x++)
        for (let c = 0; c < 3; c++)
          small.data[3 * (y * small.width + x) + c] = full.data[
            3 * (2 * y * full.width + 2 * x) + c
          ] as number;
    const a = pictureQuality(full, box);
    const b = pictureQuality(small, box);
    expect(Math.abs(a.brightness - b.brightness)).toBeLessThan(0.05);
  });
});
