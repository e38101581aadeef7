// Regression on the real side-view photos the project ships (testkit side-view-media.ts: one man, licensed, labelled
// by posture), measured as the wizard's photo call measures them. The bounds are the side-view benchmark's goals
// (bench/accuracy/side-view/README.md), which these photos meet: an upright person in the normal band, a slumped one
// below it, the same man's good posture above his poor one by more than a retake can move the CVA, and no real side
// photo left without a CVA (a low angle is a reading, not a refusal). A phone photo stored turned, with its EXIF
// orientation tag, reads as the photo the phone shows.

import { readFileSync } from 'node:fs';
import { CVA_DETECTABLE_CHANGE_DEG, cvaStatus, TRUNK_HIP_SCORE } from '@posture-vision/core/calibration';
import { SIDE_VIEW_SETS } from '@posture-vision/testkit/side-view-media';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzePhoto, type ViewAnalysis } from '../src/photo/service.ts';
import { useEngine } from './engine.ts';

// Its photos are measured two at a time.
const engine = useEngine(2);
/** The normal band of the CVA (the calibration's rule: below 45° is poor). */
const NORMAL_BAND = 45;

const [sitting, chest] = SIDE_VIEW_SETS;
if (!sitting || !chest) throw new Error('no real side-view set');
const measured = new Map<string, ViewAnalysis>();

beforeAll(async () => {
  // Every photo once (about a second each, two at a time); the tests read the answers.
  await Promise.all(
    sitting.photos.map(async (photo) =>
      measured.set(
        photo.file,
        await analyzePhoto(engine.pool, readFileSync(photo.path), 'left', 'left_image'),
      ),
    ),
  );
}, 120_000);

const cva = (file: string) => measured.get(file)?.metrics.cranial_vertebral_angle;

describe(`real side-view photos (${sitting.name})`, () => {
  it('gives every real side photo a CVA, the slumped ones included', () => {
    const without = sitting.photos.filter((p) => cva(p.file) === undefined).map((p) => p.file);
    expect(without).toEqual([]);
  });

  it('reads the upright photos in the normal band and the slumped ones below it, as poor', () => {
    for (const photo of sitting.photos) {
      const value = cva(photo.file) as number;
      if (photo.label === 'upright') expect(value, photo.file).toBeGreaterThanOrEqual(NORMAL_BAND);
      if (photo.label === 'slumped') {
        expect(value, photo.file).toBeLessThan(NORMAL_BAND);
        expect(cvaStatus(value)).toBe('poor');
      }
    }
  });

  it("puts the same man's good posture above his poor one by more than the detectable change", () => {
    for (const [good, poor] of sitting.pairs)
      expect((cva(good) as number) - (cva(poor) as number), `${good} / ${poor}`).toBeGreaterThan(
        CVA_DETECTABLE_CHANGE_DEG,
      );
  });

  it('applies the EXIF orientation: a photo stored turned with its tag reads as the photo shown', async () => {
    const photo = sitting.photos.find((p) => p.file === 'straight_hf.jpg');
    if (!photo) throw new Error('straight_hf.jpg is missing');
    // Pixels turned a quarter to the left, tagged 6 ("turn 90° clockwise to show"), as a phone stores a portrait.
    const stored = await sharp(readFileSync(photo.path))
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 92 })
      .toBuffer();
    const turned = await analyzePhoto(engine.pool, stored, 'left', 'left_image');
    expect(turned.metrics.cranial_vertebral_angle).toBeDefined();
    expect(
      Math.abs((turned.metrics.cranial_vertebral_angle as number) - (cva(photo.file) as number)),
    ).toBeLessThan(3);
  });
});

describe(`the same photos cut at the chest (${chest.name})`, () => {
  const cut = new Map<string, ViewAnalysis>();
  beforeAll(async () => {
    await Promise.all(
      chest.photos.map(async (photo) =>
        cut.set(photo.file, await analyzePhoto(engine.pool, photo.jpeg?.() as Buffer, 'left', 'left_image')),
      ),
    );
  }, 120_000);
  const cutCva = (file: string) => cut.get(file)?.metrics.cranial_vertebral_angle;

  // The rule for photos without hips misses two of the five upright crops (bench/accuracy/side-view/README.md);
  // what it keeps is guarded here: a value for every crop, never from a trunk guessed outside the picture, the
  // slumped ones poor, and each pair in order.
  it('measures every crop from the shoulder, never from hips guessed outside the picture', () => {
    for (const photo of chest.photos) {
      const analysis = cut.get(photo.file);
      expect(analysis?.metrics.cranial_vertebral_angle, photo.file).toBeDefined();
      const hips = analysis?.keypoints.filter((k) => k.name === 'leftHip' || k.name === 'rightHip') ?? [];
      for (const hip of hips) expect(hip.score, photo.file).toBeLessThan(TRUNK_HIP_SCORE);
    }
  });

  it('reads the slumped crops below the normal band, and each good crop above its poor one', () => {
    for (const photo of chest.photos.filter((p) => p.label === 'slumped'))
      expect(cutCva(photo.file), photo.file).toBeLessThan(NORMAL_BAND);
    for (const [good, poor] of chest.pairs)
      expect((cutCva(good) as number) - (cutCva(poor) as number), `${good} / ${poor}`).toBeGreaterThan(
        CVA_DETECTABLE_CHANGE_DEG,
      );
  });
});
