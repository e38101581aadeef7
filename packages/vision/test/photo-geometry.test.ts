// Geometry proven on real photos: side-view composites (a real profile head over a real sideways body,
// testkit's sideViewPhoto) whose true CVA is known by construction, measured by the real engine.
import { earForwardForCva, sideGeometry } from '@posture-vision/core/calibration';
import { sideViewPhoto } from '@posture-vision/testkit/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnginePool } from '../src/engine/pool.ts';
import { analyzePhoto } from '../src/photo/service.ts';

let pool: EnginePool;
beforeAll(async () => {
  pool = new EnginePool(1);
  await pool.ready;
}, 180_000);
afterAll(async () => pool?.close());

/** Twelve placements covering 35-60°, with the neck's length (ear above shoulder, px) varied as well. */
const CASES: [cva: number, up: number][] = [
  [35, 200],
  [37, 215],
  [40, 190],
  [42, 205],
  [45, 200],
  [47, 220],
  [50, 195],
  [52, 210],
  [55, 200],
  [57, 185],
  [58, 215],
  [60, 200],
];

/** The accuracy the issue asks for: within ±5° of the true CVA on every image. */
const TOLERANCE_DEG = 5;

describe('cranial vertebral angle on side-view photos of known geometry', () => {
  it(`stays within ±${TOLERANCE_DEG}° of the true CVA across 35-60°`, async () => {
    const rows: { truth: number; estimate: number | undefined }[] = [];
    for (const [cva, up] of CASES) {
      const photo = sideViewPhoto({ up, forward: earForwardForCva(cva, up) });
      const truth =
        sideGeometry(photo.ear, photo.shoulder, photo.facing)?.cranialVertebralAngle ?? Number.NaN;
      const analysis = await analyzePhoto(pool, new Uint8Array(photo.jpeg), 'left', 'image_data');
      rows.push({ truth, estimate: analysis.metrics.cranial_vertebral_angle });
    }
    expect(rows.map((r) => Math.round(r.truth))).toEqual(CASES.map(([cva]) => cva));
    for (const r of rows) {
      expect(r.estimate).toBeDefined();
      expect(Math.abs((r.estimate as number) - r.truth)).toBeLessThanOrEqual(TOLERANCE_DEG);
    }
    // The estimates follow the truth in order: a more forward head always reads lower.
    const estimates = rows.map((r) => r.estimate as number);
    expect(estimates[0]).toBeLessThan(estimates[estimates.length - 1] as number);
  });
});
