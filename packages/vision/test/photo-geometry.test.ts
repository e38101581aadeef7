// Geometry proven on real photos: side-view composites (a real profile head over a real sideways body,
// testkit's sideViewPhoto) whose true CVA is known by construction, measured by the real engine.
import { knownCvaPhotos } from '@posture-vision/testkit/media';
import { describe, expect, it } from 'vitest';
import { analyzePhoto } from '../src/photo/service.ts';
import { useEngine } from './engine.ts';

const engine = useEngine();

/** The accuracy the issue asks for: within ±5° of the true CVA on every image. */
const TOLERANCE_DEG = 5;

describe('cranial vertebral angle on side-view photos of known geometry', () => {
  it(`stays within ±${TOLERANCE_DEG}° of the true CVA across 35-60°`, async () => {
    const photos = knownCvaPhotos();
    const rows: { truth: number; estimate: number | undefined }[] = [];
    for (const { truth, photo } of photos) {
      const analysis = await analyzePhoto(engine.pool, new Uint8Array(photo.jpeg), 'left', 'image_data');
      rows.push({ truth, estimate: analysis.metrics.cranial_vertebral_angle });
    }
    expect(rows.map((r) => Math.round(r.truth))).toEqual(photos.map((p) => p.cva));
    for (const r of rows) {
      expect(r.estimate).toBeDefined();
      expect(Math.abs((r.estimate as number) - r.truth)).toBeLessThanOrEqual(TOLERANCE_DEG);
    }
    // The estimates follow the truth in order: a more forward head always reads lower.
    const estimates = rows.map((r) => r.estimate as number);
    expect(estimates[0]).toBeLessThan(estimates[estimates.length - 1] as number);
  });
});
