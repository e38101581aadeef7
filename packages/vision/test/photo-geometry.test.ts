// Geometry proven on real photos: side-view composites (a real profile head over a real sideways body,
// testkit's sideViewPhoto) whose true CVA is known by construction, measured by the real engine.
import { earForwardForCva } from '@posture-vision/core/calibration';
import {
  BENT_NECK_CVAS,
  bentNeckPlacement,
  framedSideViewPhoto,
  KNOWN_CVA_PLACEMENTS,
  knownCvaPhotos,
  sideViewPhoto,
} from '@posture-vision/testkit/media';
import { describe, expect, it } from 'vitest';
import { analyzePhoto } from '../src/photo/service.ts';
import { useEngine } from './engine.ts';

// Its photos are measured two at a time.
const engine = useEngine(2);

/** The accuracy the photo geometry must reach: within ±5° of the true CVA on every image. */
const TOLERANCE_DEG = 5;
/** A person facing right and the same person facing left read this close (one retake's SD is about 1°). */
const MIRROR_AGREE_DEG = 1.5;

describe('cranial vertebral angle on side-view photos of known geometry', () => {
  it(`stays within ±${TOLERANCE_DEG}° of the true CVA across 35-60°`, async () => {
    const photos = knownCvaPhotos();
    const rows = await Promise.all(
      photos.map(async ({ truth, photo }) => {
        const analysis = await analyzePhoto(engine.pool, new Uint8Array(photo.jpeg), 'left', 'image_data');
        return { truth, estimate: analysis.metrics.cranial_vertebral_angle };
      }),
    );
    expect(rows.map((r) => Math.round(r.truth))).toEqual(photos.map((p) => p.cva));
    for (const r of rows) {
      expect(r.estimate).toBeDefined();
      expect(Math.abs((r.estimate as number) - r.truth)).toBeLessThanOrEqual(TOLERANCE_DEG);
    }
    // The estimates follow the truth in order: a more forward head always reads lower.
    const estimates = rows.map((r) => r.estimate as number);
    expect(estimates[0]).toBeLessThan(estimates[estimates.length - 1] as number);
  });

  it(`reads forward heads made by bending the neck within ±${TOLERANCE_DEG}° of their true CVA`, async () => {
    // The upright composite with its neck bent forward about C7 (testkit bentNeckPlacement): head and neck stay
    // joined to the shoulders, as in a person whose head has come forward.
    const estimates = await Promise.all(
      BENT_NECK_CVAS.map(async (cva) => {
        const jpeg = sideViewPhoto(bentNeckPlacement(cva)).jpeg;
        const a = await analyzePhoto(engine.pool, new Uint8Array(jpeg), 'left', 'left_image');
        return a.metrics.cranial_vertebral_angle as number;
      }),
    );
    expect(
      BENT_NECK_CVAS.map((cva, i) => ({
        cva,
        within: Math.abs((estimates[i] as number) - cva) <= TOLERANCE_DEG,
      })),
    ).toEqual(BENT_NECK_CVAS.map((cva) => ({ cva, within: true })));
    expect(estimates[0]).toBeLessThan(estimates[estimates.length - 1] as number);
  });

  it(`reads the most forward heads within ±${TOLERANCE_DEG}° in the webcam frames a camera gives, facing either way`, async () => {
    // There MoveNet Thunder placed the hidden far shoulder in front of the near one, and the forward shoulder read
    // the 35.1° composite up to 8.1° high (960×720); the model's own name for the near shoulder fixes it when most
    // looks agree (service.ts nearShoulder; bench/README.md).
    const forward = knownCvaPhotos().filter((k) => k.cva <= 40);
    expect(forward.map((k) => k.cva)).toEqual([35, 37, 40]);
    const frames = (
      [
        [1280, 720],
        [960, 720],
        [640, 480],
      ] as const
    ).flatMap(([width, height]) =>
      forward.flatMap(({ cva, truth }) =>
        (['left', 'right'] as const).map((facing) => ({ width, height, cva, truth, facing })),
      ),
    );
    const read = await Promise.all(
      frames.map(async ({ width, height, cva, truth, facing }) => {
        const up = KNOWN_CVA_PLACEMENTS.find(([c]) => c === cva)?.[1] as number;
        const jpeg = framedSideViewPhoto({ up, forward: earForwardForCva(cva, up) }, width, height, facing);
        const a = await analyzePhoto(engine.pool, new Uint8Array(jpeg), facing, `${facing}_image`);
        const estimate = a.metrics.cranial_vertebral_angle as number;
        return { width, height, facing, cva, error: Math.abs(estimate - truth) <= TOLERANCE_DEG };
      }),
    );
    expect(read).toEqual(
      frames.map(({ width, height, facing, cva }) => ({ width, height, facing, cva, error: true })),
    );
  });

  it('reads a webcam frame of a person facing right as the same frame facing left (measured mirrored)', async () => {
    // The calibration wizard's 38° forward head, as its browser test's camera shows her from either side.
    const placement = { up: 200, forward: earForwardForCva(38, 200) };
    const cva = async (facing: 'left' | 'right') =>
      (
        await analyzePhoto(
          engine.pool,
          new Uint8Array(framedSideViewPhoto(placement, 640, 480, facing)),
          facing,
          `${facing}_image`,
        )
      ).metrics.cranial_vertebral_angle as number;
    const [left, right] = await Promise.all([cva('left'), cva('right')]);
    expect(Math.abs(left - 38)).toBeLessThanOrEqual(TOLERANCE_DEG);
    expect(Math.abs(right - left)).toBeLessThanOrEqual(MIRROR_AGREE_DEG);
  });
});
