// Photo analysis through the real engine with real photos of people (face-api's demo photos, cropped).
import { earForwardForCva } from '@posture-vision/core/calibration';
import {
  emptyRoomPhoto,
  personPhoto,
  personPhotoDataUrl,
  sideViewPhoto,
  toDataUrl,
} from '@posture-vision/testkit/media';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnginePool } from '../src/engine/pool.ts';
import { overallScore } from '../src/photo/metrics.ts';
import { buildServer } from '../src/server.ts';

let app: FastifyInstance;
let pool: EnginePool;

beforeAll(async () => {
  // This file is about the analysis, not its limit (hardening.test.ts): room for every call it makes.
  const built = await buildServer({ workers: 1, photoLimits: { anonymous: 1000, account: 1000 } });
  app = built.app;
  pool = built.pool;
  await pool.ready;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** The side-view composite of a known CVA (the ear `up` px above the shoulder), as a data URL. */
const sideDataUrl = (cva: number, up = 200) =>
  toDataUrl(sideViewPhoto({ up, forward: earForwardForCva(cva, up) }).jpeg);

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /calibration/analyze', () => {
  it('measures a front photo of one person: keypoints, shoulder and head tilt, notes', async () => {
    const res = await post('/calibration/analyze', {
      image_data: personPhotoDataUrl('woman-left'),
      view_type: 'front',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.metrics).sort()).toEqual(['head_tilt_angle', 'shoulder_tilt_angle']);
    expect(body.metrics.shoulder_tilt_angle).toBeGreaterThanOrEqual(0);
    expect(body.metrics.shoulder_tilt_angle).toBeLessThan(45);
    expect(typeof body.assessment_notes).toBe('string');
    const kp = body.views.front.keypoints;
    expect(kp).toHaveLength(17);
    expect(kp[0].name).toBe('nose');
    // The face is in the upper half of the crop, the shoulders below it.
    expect(kp[0].y).toBeLessThan(0.5);
    expect(kp[5].y).toBeGreaterThan(kp[0].y);
    expect(body.overall_score).toBeUndefined();
  });

  it('gives side metrics for a real side view, and says a frontal photo cannot give them', async () => {
    const photo = sideViewPhoto({ up: 200, forward: earForwardForCva(50, 200) });
    const side = (
      await post('/calibration/analyze', { image_data: toDataUrl(photo.jpeg), view_type: 'left' })
    ).json();
    expect(side.success).toBe(true);
    expect(Object.keys(side.metrics).sort()).toEqual(['cranial_vertebral_angle', 'forward_head_distance']);
    expect(side.metrics.cranial_vertebral_angle).toBeGreaterThan(45);
    expect(side.metrics.cranial_vertebral_angle).toBeLessThan(55);
    expect(side.not_measurable).toBeUndefined();
    // A person facing the camera, sent as the left view: no number, the reason instead.
    const frontal = await post('/calibration/analyze', {
      image_data: personPhotoDataUrl('woman'),
      view_type: 'left',
    });
    expect(frontal.statusCode).toBe(200);
    expect(frontal.json().metrics).toEqual({});
    expect(frontal.json().not_measurable).toMatch(/^Not measurable from this view: .*(front|face)/);
  });

  it('gives a larger head tilt for a tilted head', async () => {
    const straight = (
      await post('/calibration/analyze', { image_data: personPhotoDataUrl('woman-left'), view_type: 'front' })
    ).json();
    const tilted = (
      await post('/calibration/analyze', {
        image_data: personPhotoDataUrl('woman-tilted'),
        view_type: 'front',
      })
    ).json();
    expect(tilted.metrics.head_tilt_angle).toBeGreaterThan(straight.metrics.head_tilt_angle);
    expect(tilted.assessment_notes).toMatch(/tilted/);
  });

  it('refuses a photo with two people, and one with nobody, saying which', async () => {
    const two = await post('/calibration/analyze', {
      image_data: personPhotoDataUrl('group'),
      view_type: 'front',
    });
    expect(two.statusCode).toBe(422);
    expect(two.json()).toMatchObject({
      success: false,
      error: { message: expect.stringMatching(/More than one person/) },
    });
    const none = await post('/calibration/analyze', {
      image_data: toDataUrl(emptyRoomPhoto()),
      view_type: 'front',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe('No person detected in the image.');
  });

  it('refuses unreadable images, wrong fields, malformed JSON and oversized photos without falling over', async () => {
    const garbage = await post('/calibration/analyze', {
      image_data: `data:image/jpeg;base64,${Buffer.from('not a jpeg at all').toString('base64')}`,
      view_type: 'front',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).toMatch(/^Unreadable image/);
    const png = await post('/calibration/analyze', {
      image_data: 'data:image/png;base64,AAAA',
      view_type: 'front',
    });
    expect(png.statusCode).toBe(400);
    expect(png.json().error.details[0].field).toBe('image_data');
    const view = await post('/calibration/analyze', { image_data: personPhotoDataUrl(), view_type: 'top' });
    expect(view.statusCode).toBe(400);
    expect(view.json().error.details[0].field).toBe('view_type');
    const malformed = await app.inject({
      method: 'POST',
      url: '/calibration/analyze',
      headers: { 'content-type': 'application/json' },
      payload: '{"image_data": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    const big = `data:image/jpeg;base64,${Buffer.alloc(6 * 1024 * 1024, 1).toString('base64')}`;
    const tooBig = await post('/calibration/analyze', { image_data: big, view_type: 'front' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toMatch(/5 MB/);
    // Still serving after all of that.
    expect(
      (await app.inject({ method: 'GET', url: '/model/realtime/face-direction-identifier' })).json()
        .model_status,
    ).toBe('ready');
  });
});

describe('POST /calibration/batch-analyze', () => {
  it('answers an overall score with the combined metrics and each view', async () => {
    const res = await post('/calibration/batch-analyze', {
      front_image: personPhotoDataUrl('woman-left'),
      left_image: sideDataUrl(52),
      right_image: sideDataUrl(48, 210),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.overall_score).toBeGreaterThanOrEqual(0);
    expect(body.overall_score).toBeLessThanOrEqual(100);
    expect(Object.keys(body.metrics).sort()).toEqual([
      'cranial_vertebral_angle',
      'forward_head_distance',
      'head_tilt_angle',
      'shoulder_tilt_angle',
    ]);
    expect(Object.keys(body.views).sort()).toEqual(['front', 'left', 'right']);
  });

  it('completes a calibration whose front photo hides a shoulder: the CVA and head tilt, no shoulder tilt, and why', async () => {
    // Her hair lies over her left shoulder; the pose model puts it on her upper arm (photo-hidden-shoulder.test.ts).
    const side50 = sideDataUrl(50);
    const res = await post('/calibration/batch-analyze', {
      front_image: personPhotoDataUrl('woman-facing'),
      left_image: side50,
      right_image: side50,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.metrics).sort()).toEqual([
      'cranial_vertebral_angle',
      'forward_head_distance',
      'head_tilt_angle',
    ]);
    // The side-view composites' accuracy (photo-geometry.test.ts).
    expect(Math.abs(body.metrics.cranial_vertebral_angle - 50)).toBeLessThanOrEqual(5);
    expect(body.overall_score).toBe(overallScore(body.metrics));
    expect(body.views.front.not_measurable).toMatch(
      /^Not measurable from this view: the shoulder tilt measured/,
    );
    expect(body.views.front.metrics.shoulder_tilt_angle).toBeUndefined();
    // The notes end with which photo and metric were not measured, why, and what to change.
    expect(body.assessment_notes).toMatch(
      /The front photo: Not measurable from this view: the shoulder tilt measured [\d.]+°, more than the 20° of someone sitting upright, so either you lean sideways or a shoulder was hidden .*both shoulders and both eyes clearly in view.*retake the photo\.$/,
    );
  });

  it('refuses a calibration whose side photo is frontal, naming the photo and saying why', async () => {
    const res = await post('/calibration/batch-analyze', {
      front_image: personPhotoDataUrl('woman-left'),
      left_image: personPhotoDataUrl('woman'),
      right_image: sideDataUrl(50),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/^The left photo: Not measurable from this view/);
    expect(res.json().error.details[0].field).toBe('left_image');
  });

  it('names the photo that failed', async () => {
    const res = await post('/calibration/batch-analyze', {
      front_image: personPhotoDataUrl('woman-left'),
      left_image: personPhotoDataUrl('group'),
      right_image: personPhotoDataUrl('woman'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details[0].field).toBe('left_image');
    const missing = await post('/calibration/batch-analyze', { front_image: personPhotoDataUrl() });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['left_image', 'right_image']);
  });
});

describe('inference workers', () => {
  it('finds a raised hand as 21 normalised landmarks with a confidence, and a laughing face as happy', async () => {
    const modules = { body: true, face: true, hands: true, emotion: true, maxFaces: 1 };
    const hand = await pool.run({ kind: 'jpeg', data: new Uint8Array(personPhoto('woman-hand')), modules });
    expect(hand.hands).toHaveLength(1);
    const [first] = hand.hands ?? [];
    expect(first?.landmarks).toHaveLength(21);
    expect(first?.landmarks.every((p) => p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1)).toBe(true);
    expect(first?.score).toBeGreaterThan(0.3);
    const laughing = await pool.run({ kind: 'jpeg', data: new Uint8Array(personPhoto('woman')), modules });
    expect(laughing.faces[0]?.emotions[0]).toBe('happy');
    // Without the hand module the frame says so (null), so the live loop keeps the last hands it saw.
    const noHands = await pool.run({
      kind: 'jpeg',
      data: new Uint8Array(personPhoto('woman-hand')),
      modules: { ...modules, hands: false },
    });
    expect(noHands.hands).toBeNull();
  });

  it('replaces a worker that dies, and the next photo is analysed', async () => {
    const before = pool.workers[0];
    await before?.terminate();
    const res = await post('/calibration/analyze', {
      image_data: personPhotoDataUrl('woman-left'),
      view_type: 'front',
    });
    expect(res.statusCode).toBe(200);
    expect(pool.workers[0]).not.toBe(before);
  });
});
