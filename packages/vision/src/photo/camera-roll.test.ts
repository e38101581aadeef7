import { describe, expect, it } from 'vitest';
import {
  estimateRoll,
  type Grey,
  levelKeypoints,
  MIN_LINE_LENGTH,
  MIN_LINES,
  personExclusion,
} from './camera-roll.ts';

/**
 * A room seen by a camera rolled clockwise by `rollDeg`: a wall with a door frame (two posts and a lintel), a
 * shelf, and optionally a person-sized patch of ribbed cloth whose ribs lean 4° (straight lines that are not the
 * room's). The camera sees the central 80 % of the scene, so a roll never shows a border; slight noise as a
 * sensor gives.
 */
function room(rollDeg: number, opts: { door?: boolean; cloth?: boolean; picture?: boolean } = {}): Grey {
  const width = 400;
  const height = 300;
  const data = new Float32Array(width * height);
  const c = Math.cos((rollDeg * Math.PI) / 180);
  const s = Math.sin((rollDeg * Math.PI) / 180);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31 - 0.5) * 6;
  };
  const clothLean = Math.tan((4 * Math.PI) / 180);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const ox = (x - width / 2) * 0.8;
      const oy = (y - height / 2) * 0.8;
      // Scene coordinates, origin at the centre (the inverse of a clockwise roll).
      const sx = c * ox + s * oy;
      const sy = -s * ox + c * oy;
      let v = 170 + sx * 0.05;
      if (opts.door !== false) {
        const post = (sx > -140 && sx < -128) || (sx > -60 && sx < -48);
        if (post && sy > -90) v = 70;
        if (sx > -140 && sx < -48 && sy > -100 && sy <= -90) v = 70;
        if (sx > 60 && sx < 150 && sy > 40 && sy < 46) v = 90;
      }
      // A small picture frame: four straight edges, each a quarter of the picture's long side or less.
      const inFrame = sx > 60 && sx < 110 && sy > -40 && sy < 30;
      if (opts.picture && inFrame && !(sx > 66 && sx < 104 && sy > -34 && sy < 24)) v = 80;
      if (opts.cloth && Math.abs(sx - 10) < 40 && sy > -60)
        v = Math.floor((sx - sy * clothLean) / 5) % 2 ? 60 : 120;
      data[y * width + x] = v + noise();
    }
  return { width, height, data };
}

describe('camera roll from the room', () => {
  it('measures the roll from the door frame and the shelf within 0.3°', () => {
    for (const roll of [-3, -1.5, 0, 1, 2.5]) {
      const e = estimateRoll(room(roll));
      expect(e.trusted).toBe(true);
      expect(Math.abs(e.rollDeg - roll)).toBeLessThanOrEqual(0.3);
    }
  });

  it('does not trust a plain wall, and then uses the image axes', () => {
    expect(estimateRoll(room(2, { door: false }))).toMatchObject({ trusted: false, rollDeg: 0 });
  });

  it('does not trust a few short lines: a small picture frame alone is not the room', () => {
    const e = estimateRoll(room(2, { door: false, picture: true }));
    expect(e.lines).toBeGreaterThanOrEqual(MIN_LINES);
    expect(e.lineLength).toBeLessThan(MIN_LINE_LENGTH);
    expect(e).toMatchObject({ trusted: false, rollDeg: 0 });
  });

  it("draws the person from her head and shoulders: a part cut off at the picture's edge does not widen her", () => {
    const head = [
      { x: 0.5, y: 0.2, score: 0.9 },
      { x: 0.52, y: 0.18, score: 0.9 },
      { x: 0.48, y: 0.18, score: 0.9 },
      { x: 0.55, y: 0.19, score: 0.9 },
      { x: 0.45, y: 0.19, score: 0.9 },
      { x: 0.6, y: 0.4, score: 0.9 },
      { x: 0.4, y: 0.4, score: 0.9 },
    ];
    const box = personExclusion(head);
    // An elbow the model put on the bottom row, as the photo model did when the picture cut the arm off.
    const elbow = { x: 0.45, y: 0.98, score: 0.5 };
    expect(personExclusion([...head, elbow])).toEqual(box);
    expect(box).toMatchObject({ y1: 1 });
    expect((box?.x1 ?? 0) - (box?.x0 ?? 0)).toBeLessThan(0.45);
  });

  it('leaves the person out: ribbed cloth alone reads as its own lean, the room once the person is excluded', () => {
    // Many long parallel lines leaning 4°: on their own they look like a rolled camera...
    const cloth = estimateRoll(room(0, { door: false, cloth: true }));
    expect(Math.abs(Math.abs(cloth.candidateDeg) - 4)).toBeLessThanOrEqual(0.5);
    // ...so the person's box is left out, and the door frame beside her gives the camera's roll.
    const scene = room(1.5, { cloth: true });
    // The cloth occupies the scene's x -30..50 (about the image's x 160-265 at this roll), from y 0.3 down.
    const e = estimateRoll(scene, [{ x0: 0.38, x1: 0.7, y0: 0.25, y1: 1 }]);
    expect(e.trusted).toBe(true);
    expect(Math.abs(e.rollDeg - 1.5)).toBeLessThanOrEqual(0.3);
  });

  it('levels keypoints by turning them back about the image centre', () => {
    const w = 640;
    const h = 480;
    // Two points level in the scene, 200 px apart; a camera rolled 3° clockwise sees the line turned 3°.
    const r = (3 * Math.PI) / 180;
    const seen = [
      { x: (320 - 100 * Math.cos(r)) / w, y: (240 - 100 * Math.sin(r)) / h, score: 1 },
      { x: (320 + 100 * Math.cos(r)) / w, y: (240 + 100 * Math.sin(r)) / h, score: 1 },
    ];
    const [a, b] = levelKeypoints(seen, w, h, 3);
    expect(Math.abs(((b?.y ?? 0) - (a?.y ?? 0)) * h)).toBeLessThan(1e-6);
    expect(levelKeypoints(seen, w, h, 0)).toBe(seen);
  });
});
