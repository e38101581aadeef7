// Figures of record: a calibration's stored CVA and score are what the vision service measured on its photos.
// The real vision service (its own process, its models), the API in-process against it; the wizard's way (the
// client measures the photos, then stores them with the answer) and the API's own (processWithML).
import { earForwardForCva, MEASUREMENT_FIELD } from '@posture-vision/core/calibration';
import { personPhotoDataUrl, sideViewPhoto, toDataUrl } from '@posture-vision/testkit/media';
import { type RunningService, startVision } from '@posture-vision/testkit/services';
import { waitUntil } from '@posture-vision/testkit/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';

const sideDataUrl = (cva: number, up = 200) =>
  toDataUrl(sideViewPhoto({ up, forward: earForwardForCva(cva, up) }).jpeg);

const images = {
  front_image: personPhotoDataUrl('woman-left'),
  left_image: sideDataUrl(52),
  right_image: sideDataUrl(46, 210),
};
const photos = () =>
  (['front', 'left', 'right'] as const).map((viewType) => ({
    viewType,
    photoUrl: images[`${viewType}_image`],
    metadata: { mirrored: false },
  }));

interface Measured {
  overall_score: number;
  metrics: Record<string, number>;
  [MEASUREMENT_FIELD]: string;
}

describe('a calibration’s figures, as the vision service measured its photos', () => {
  let vision: RunningService;
  let server: TestServer;
  let user: SignedIn;
  /** The vision service's batch answer for the photos, as the wizard gets it. */
  let answer: Measured;

  beforeAll(async () => {
    // No API for it to verify tokens against: its photo calls are then limited per address, which is plenty here.
    vision = await startVision({ VISION_WORKERS: '1', API_URL: 'http://127.0.0.1:9' });
    await waitUntil(
      async () => (await fetch(`${vision.url}/health/ready`)).ok,
      'the vision models to load',
      240_000,
    );
    server = await startTestServer('pglite', { VISION_URL: vision.url });
    user = await signUp(server);
    const res = await fetch(`${vision.url}/calibration/batch-analyze`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(images),
    });
    expect(res.status).toBe(200);
    answer = (await res.json()) as Measured;
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await vision?.stop();
  });

  const store = (body: unknown) => server.http.post('/calibration', body, user.accessToken);

  it('stores the wizard’s measurement: the CVA and score the vision service answered for those photos', async () => {
    const res = await store({ photos: photos(), processWithML: false, mlAnalysis: answer });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      mlProcessed: true,
      initialPostureScore: answer.overall_score,
      cranialVertebralAngle: answer.metrics.cranial_vertebral_angle,
      forwardHeadDistance: answer.metrics.forward_head_distance,
    });
    // The side views' composites have a known neck angle (52° and 46°): a measurement, not a number made up.
    expect(Math.abs(res.body.data.cranialVertebralAngle - 49)).toBeLessThanOrEqual(5);
  });

  it('stores the same figures when the API has the photos measured itself', async () => {
    const res = await store({ photos: photos(), processWithML: true });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      initialPostureScore: answer.overall_score,
      cranialVertebralAngle: answer.metrics.cranial_vertebral_angle,
    });
  });

  it('stores the measured figures, not a raised copy beside the signature', async () => {
    const raised = {
      ...answer,
      overall_score: 100,
      metrics: { ...answer.metrics, cranial_vertebral_angle: 58 },
    };
    const res = await store({ photos: photos(), processWithML: false, mlAnalysis: raised });
    expect(res.status).toBe(201);
    expect(res.body.data.initialPostureScore).toBe(answer.overall_score);
    expect(res.body.data.cranialVertebralAngle).toBe(answer.metrics.cranial_vertebral_angle);
  });

  it('refuses the measurement with other photos, and stores nothing', async () => {
    const before = (await server.http.get('/calibration/history', user.accessToken)).body.data.length;
    const other = photos().map((p) => (p.viewType === 'left' ? { ...p, photoUrl: sideDataUrl(38) } : p));
    const res = await store({ photos: other, processWithML: false, mlAnalysis: answer });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([
      { field: 'mlAnalysis', message: expect.stringMatching(/of other photos \(left\)/) },
    ]);
    expect((await server.http.get('/calibration/history', user.accessToken)).body.data).toHaveLength(before);
  });
});
