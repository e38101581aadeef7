// Repeatability of the side-view measurement, bounded for the suite (the full figures, with camera roll
// and every metric, come from bench/vision/repeatability.ts and are in bench/README.md): the same person
// retaken with shifted and zoomed framing, ±10 % brightness and contrast and JPEG quality 0.7-0.95.
import { earForwardForCva } from '@posture-vision/core/calibration';
import { randomRetakes, retakePhoto, sideViewPhoto } from '@posture-vision/testkit/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnginePool } from '../src/engine/pool.ts';
import { spread } from '../src/photo/repeatability.ts';
import { analyzePhoto } from '../src/photo/service.ts';

let pool: EnginePool;
beforeAll(async () => {
  pool = new EnginePool(1);
  await pool.ready;
}, 180_000);
afterAll(async () => pool?.close());

/** The best published smartphone CVA app's smallest detectable change (issue 13: 4.96-5.52°). */
const SMARTPHONE_APP_SDC_DEG = 4.96;

describe('CVA repeatability over retakes', () => {
  it('measures every retake and changes less between retakes than the smartphone apps detect', async () => {
    const side = sideViewPhoto({ up: 200, forward: earForwardForCva(50, 200) }).jpeg;
    const cvas: number[] = [];
    for (const r of randomRetakes(8, 7, { roll: false })) {
      const a = await analyzePhoto(pool, new Uint8Array(retakePhoto(side, r)), 'left', 'left_image');
      expect(a.not_measurable).toBeUndefined();
      cvas.push(a.metrics.cranial_vertebral_angle as number);
    }
    const s = spread(cvas);
    expect(s.sdc).toBeLessThan(SMARTPHONE_APP_SDC_DEG);
    // And every retake stays within ±5° of the photo's true 50°.
    for (const v of cvas) expect(Math.abs(v - 50)).toBeLessThanOrEqual(5);
  });

  it('reads a rolled camera as a changed angle, degree for degree (the CVA is measured to the horizontal)', async () => {
    const side = sideViewPhoto({ up: 200, forward: earForwardForCva(50, 200) }).jpeg;
    const level = { dx: 0, dy: 0, scale: 1, brightness: 1, contrast: 1, quality: 0.9, rollDeg: 0 };
    const at = async (rollDeg: number) =>
      (
        await analyzePhoto(
          pool,
          new Uint8Array(retakePhoto(side, { ...level, rollDeg })),
          'left',
          'left_image',
        )
      ).metrics.cranial_vertebral_angle as number;
    const flat = await at(0);
    // The person faces left; turning the picture 4° (testkit's positive roll) raises the ear-over-C7 line.
    const rolled = await at(4);
    expect(Math.abs(rolled - flat - 4)).toBeLessThanOrEqual(2);
  });
});
