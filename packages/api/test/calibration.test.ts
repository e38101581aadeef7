import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  calibration,
  calibrationDetailResponse,
  calibrationResponse,
  calibrationStatusResponse,
  generateMeasurementKey,
  MEASUREMENT_FIELD,
  recalibrationCheckResponse,
} from '@posture-vision/core/calibration';
import { freePort } from '@posture-vision/testkit/services';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurementVerifier } from '../src/calibration/measurement.ts';
import { storedFiles } from '../src/db/schema.ts';
import { databases, PASSWORD, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';
import { GOOD_ANALYSIS, measured, startVisionDouble, type VisionDouble } from './vision-double.ts';

const photos = () => [
  {
    viewType: 'front',
    photoUrl: dataUrl(jpegLike(3000)),
    metadata: { width: 1280 },
    capturedAt: new Date().toISOString(),
  },
  { viewType: 'left', photoUrl: dataUrl(jpegLike(3100)) },
  { viewType: 'right', photoUrl: dataUrl(jpegLike(3200)) },
];

describe.each(databases)('calibrations on %s', (kind) => {
  let server: TestServer;
  let vision: VisionDouble;
  let user: SignedIn;
  let other: SignedIn;
  let calibrationId: string;
  beforeAll(async () => {
    vision = await startVisionDouble();
    server = await startTestServer(kind, { VISION_URL: vision.url });
    [user, other] = await Promise.all([signUp(server), signUp(server)]);
  });
  afterAll(async () => {
    await vision?.close();
    await server?.close();
  });

  it('reports no calibration before the first one', async () => {
    const status = await server.http.get('/calibration/status/detailed', user.accessToken);
    expect(status.body.data).toEqual({
      hasActive: false,
      needsRecalibration: true,
      calibration: null,
      daysUntilExpiry: null,
    });
    expect((await server.http.get('/calibration/active', user.accessToken)).body.data).toBeNull();
    expect((await server.http.get('/calibration/status/detailed')).status).toBe(401);
  });

  it('creates a calibration from three photos analysed by the vision service, photos stored in the database', async () => {
    const sent = photos();
    const res = await server.http.post(
      '/calibration',
      { photos: sent, processWithML: true },
      user.accessToken,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      initialPostureScore: 72,
      cranialVertebralAngle: 44.5,
      forwardHeadDistance: 95,
      shoulderTiltAngle: 2.1,
      headTiltAngle: 1.2,
      assessmentNotes: 'Mild forward head posture. Shoulders level.',
    });
    // Core's contract, field for field: what the clients' Calibration type says they read.
    expect(calibrationResponse.safeParse(res.body).success).toBe(true);
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(calibration.shape).sort());
    calibrationId = res.body.data.id;
    expect(vision.received.at(-1)).toEqual({
      front_image: sent[0]?.photoUrl,
      left_image: sent[1]?.photoUrl,
      right_image: sent[2]?.photoUrl,
    });
    // In the database every instance reads (storage/files.ts), not in this instance's data directory.
    const stored = await server.app.ctx.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.userId, user.userId));
    expect(stored.map((f) => f.key).sort()).toEqual(
      ['front', 'left', 'right'].map((v) => `photos/${user.userId}/${calibrationId}/${v}.jpg`),
    );
    const left = stored.find((f) => f.key.endsWith('/left.jpg'));
    expect(Buffer.from(left?.content ?? []).equals(jpegLike(3100))).toBe(true);
    expect(existsSync(join(server.dataDir, 'photos'))).toBe(false);
    const photo = await fetch(`${server.url}/calibration/${calibrationId}/photos/right`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).equals(jpegLike(3200))).toBe(true);

    const one = await server.http.get(`/calibration/${calibrationId}`, user.accessToken);
    expect(calibrationDetailResponse.safeParse(one.body).success).toBe(true);
    expect(one.body.data.photos.map((p: { viewType: string }) => p.viewType).sort()).toEqual([
      'front',
      'left',
      'right',
    ]);
    const status = await server.http.get('/calibration/status/detailed', user.accessToken);
    expect(status.body.data).toMatchObject({
      hasActive: true,
      needsRecalibration: false,
      daysUntilExpiry: 30,
    });
    expect(status.body.data.calibration.id).toBe(calibrationId);
    expect(calibrationStatusResponse.safeParse(status.body).success).toBe(true);
    expect((await server.http.get('/calibration/active', user.accessToken)).body.data.id).toBe(calibrationId);
    const check = await server.http.get('/calibration/recalibration/check', user.accessToken);
    expect(check.body.data).toMatchObject({
      needsRecalibration: false,
      daysUntilExpiry: 30,
      recalibrationFrequency: 'monthly',
    });
    expect(recalibrationCheckResponse.safeParse(check.body).success).toBe(true);
  });

  it('stores the wizard analysis, the vision service’s signed measurement of its photos, without calling it again', async () => {
    const before = vision.received.length;
    const sent = photos();
    const res = await server.http.post(
      '/calibration',
      {
        photos: sent,
        processWithML: false,
        mlAnalysis: await measured(sent, {
          success: true,
          overall_score: 88,
          metrics: { cranial_vertebral_angle: 50 },
        }),
      },
      user.accessToken,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      initialPostureScore: 88,
      cranialVertebralAngle: 50,
      forwardHeadDistance: null,
    });
    expect(vision.received).toHaveLength(before);
    const history = await server.http.get('/calibration/history', user.accessToken);
    expect(history.body.data.map((c: { id: string }) => c.id)).toEqual([res.body.data.id, calibrationId]);
  });

  it('refuses bad calibration payloads with 400', async () => {
    const text = Buffer.from('x'.repeat(2000));
    const cases: unknown[] = [
      {},
      { photos: photos().slice(0, 2), processWithML: true },
      { photos: [photos()[0], photos()[0], photos()[2]], processWithML: true },
      { photos: photos().map((p) => ({ ...p, photoUrl: 'https://example.com/a.jpg' })), processWithML: true },
      {
        photos: photos().map((p) => ({ ...p, photoUrl: 'data:image/jpeg;base64,AAAA' })),
        processWithML: true,
      },
      { photos: photos().map((p) => ({ ...p, photoUrl: dataUrl(text) })), processWithML: true },
      { photos: photos(), processWithML: 'yes' },
      { photos: photos().map((p) => ({ ...p, viewType: 'back' })), processWithML: true },
      { photos: photos(), processWithML: false, mlAnalysis: { overall_score: 'high' } },
    ];
    for (const body of cases) {
      const res = await server.http.post('/calibration', body, user.accessToken);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const big = await server.http.post(
      '/calibration',
      {
        photos: photos().map((p) => ({ ...p, photoUrl: dataUrl(jpegLike(5 * 1024 * 1024 + 10)) })),
        processWithML: true,
      },
      user.accessToken,
    );
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe('Each photo must be at most 5 MB.');
  });

  it('never stores a value outside the physiological range (a 92° CVA), from the wizard or the vision service', async () => {
    const count = async () =>
      (await server.http.get('/calibration/history', user.accessToken)).body.data.length;
    const before = await count();
    const fromWizard = await server.http.post(
      '/calibration',
      {
        photos: photos(),
        processWithML: false,
        mlAnalysis: { overall_score: 90, metrics: { cranial_vertebral_angle: 92.4 } },
      },
      user.accessToken,
    );
    expect(fromWizard.status).toBe(400);
    expect(JSON.stringify(fromWizard.body.error.details)).toMatch(/between -30 and 85/);
    // Signed by the vision service too: the rule holds at the door of the database whoever measured.
    const sent = photos();
    const signed = await measured(sent, {
      ...GOOD_ANALYSIS,
      metrics: { ...GOOD_ANALYSIS.metrics, cranial_vertebral_angle: 92.4 },
    });
    const fromSigned = await server.http.post(
      '/calibration',
      { photos: sent, processWithML: false, mlAnalysis: { ...signed, metrics: GOOD_ANALYSIS.metrics } },
      user.accessToken,
    );
    expect(fromSigned.status).toBe(422);
    expect(fromSigned.body.error.details[0].field).toBe('cranial_vertebral_angle');
    vision.answer = {
      status: 200,
      body: { ...GOOD_ANALYSIS, metrics: { ...GOOD_ANALYSIS.metrics, cranial_vertebral_angle: 92.4 } },
    };
    try {
      const fromVision = await server.http.post(
        '/calibration',
        { photos: photos(), processWithML: true },
        user.accessToken,
      );
      expect(fromVision.status).toBe(422);
      expect(fromVision.body.error.message).toMatch(/cranial_vertebral_angle must be between -30 and 85/);
      expect(fromVision.body.error.details[0].field).toBe('cranial_vertebral_angle');
    } finally {
      vision.answer = { status: 200, body: GOOD_ANALYSIS };
    }
    expect(await count()).toBe(before);
  });

  it('stores the signed figures, never the client’s copy beside them', async () => {
    const someone = await signUp(server);
    const sent = photos();
    const signed = await measured(sent);
    const res = await server.http.post(
      '/calibration',
      {
        photos: sent,
        processWithML: false,
        // The client's copy of the figures, raised; the signed measurement is the vision service's.
        mlAnalysis: { ...signed, overall_score: 99, metrics: { cranial_vertebral_angle: 60 } },
      },
      someone.accessToken,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ initialPostureScore: 72, cranialVertebralAngle: 44.5 });
    const history = (await server.http.get('/calibration/history', someone.accessToken)).body.data;
    expect(history[0]).toMatchObject({
      id: res.body.data.id,
      initialPostureScore: 72,
      cranialVertebralAngle: 44.5,
    });
  });

  it('refuses, with 422 naming mlAnalysis, an analysis that is not the vision service’s measurement of these photos, and stores nothing', async () => {
    const count = async () =>
      (await server.http.get('/calibration/history', user.accessToken)).body.data.length;
    const before = await count();
    const sent = photos();
    const signed = await measured(sent);
    const token = signed[MEASUREMENT_FIELD] as string;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.analysis.metrics.cranial_vertebral_angle = 55;
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const otherPhotos = photos().map((p, i) => ({ ...p, photoUrl: dataUrl(jpegLike(4000 + i)) }));
    const swapped = sent.map((p) => ({
      ...p,
      viewType: p.viewType === 'left' ? 'right' : p.viewType === 'right' ? 'left' : p.viewType,
    }));
    const cases: [string, unknown[], Record<string, unknown>, RegExp][] = [
      [
        'unsigned: the client’s own figures',
        sent,
        { overall_score: 88, metrics: { cranial_vertebral_angle: 50 } },
        /not a measurement of the vision service: send its batch analysis answer unchanged/,
      ],
      [
        'its analysis changed under the signature',
        sent,
        { ...signed, [MEASUREMENT_FIELD]: forged },
        /does not verify/,
      ],
      [
        'signed by another key',
        sent,
        await measured(sent, GOOD_ANALYSIS, { by: await generateMeasurementKey('foreign') }),
        /does not verify/,
      ],
      [
        'measured more than an hour ago',
        sent,
        await measured(sent, GOOD_ANALYSIS, { now: Date.now() - 2 * 3600_000 }),
        /does not verify/,
      ],
      ['a measurement of other photos', otherPhotos, signed, /of other photos \(front, left, right\)/],
      ['its side photos swapped', swapped, signed, /of other photos \(left, right\)/],
      [
        'a signature that is not a JWT',
        sent,
        { ...signed, [MEASUREMENT_FIELD]: 'signed' },
        /does not verify/,
      ],
    ];
    for (const [what, sentPhotos, mlAnalysis, message] of cases) {
      const res = await server.http.post(
        '/calibration',
        { photos: sentPhotos, processWithML: false, mlAnalysis },
        user.accessToken,
      );
      expect(res.status, what).toBe(422);
      expect(res.body.success, what).toBe(false);
      expect(res.body.error.message, what).toMatch(message);
      expect(res.body.error.details, what).toEqual([
        { field: 'mlAnalysis', message: res.body.error.message },
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('passes photo complaints of the vision service on as 422 and stores nothing', async () => {
    const count = (await server.http.get('/calibration/history', user.accessToken)).body.data.length;
    vision.answer = {
      status: 422,
      body: { success: false, error: { message: 'No person detected in the front photo.', details: [] } },
    };
    const res = await server.http.post(
      '/calibration',
      { photos: photos(), processWithML: true },
      user.accessToken,
    );
    vision.answer = { status: 200, body: GOOD_ANALYSIS };
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('No person detected in the front photo.');
    expect((await server.http.get('/calibration/history', user.accessToken)).body.data).toHaveLength(count);
  });

  it('re-runs the analysis of stored photos, and hides calibrations of other users', async () => {
    vision.answer = { status: 200, body: { ...GOOD_ANALYSIS, overall_score: 80 } };
    const res = await server.http.post(`/calibration/${calibrationId}/process-ml`, {}, user.accessToken);
    vision.answer = { status: 200, body: GOOD_ANALYSIS };
    expect(res.body.data).toMatchObject({ id: calibrationId, initialPostureScore: 80 });
    expect(vision.received.at(-1)?.front_image).toBe(dataUrl(jpegLike(3000)));

    expect(
      (await server.http.post(`/calibration/${calibrationId}/process-ml`, {}, other.accessToken)).status,
    ).toBe(404);
    expect((await server.http.get(`/calibration/${calibrationId}`, other.accessToken)).status).toBe(404);
    expect(
      (await server.http.get(`/calibration/${calibrationId}/photos/front`, other.accessToken)).status,
    ).toBe(404);
    expect((await server.http.post('/calibration/not-a-uuid/process-ml', {}, user.accessToken)).status).toBe(
      404,
    );
    expect((await server.http.get('/calibration/history', other.accessToken)).body.data).toEqual([]);
  });

  it('lists calibration progress within optional dates', async () => {
    const all = await server.http.get('/calibration/progress', user.accessToken);
    const items = all.body.data.calibrationProgress;
    expect(items).toHaveLength(2);
    expect(Object.keys(items[0]).sort()).toEqual([
      'cranialVertebralAngle',
      'createdAt',
      'id',
      'initialPostureScore',
    ]);
    expect(items[0].id).toBe(calibrationId);
    // The days they were made on (a run around midnight UTC can make them on two).
    const days = items.map((i: { createdAt: string }) => i.createdAt.slice(0, 10)).sort();
    const [first, last] = [days[0], days.at(-1)];
    const day = await server.http.get(
      `/calibration/progress?startDate=${first}&endDate=${last}`,
      user.accessToken,
    );
    expect(day.body.data.calibrationProgress).toHaveLength(2);
    const past = await server.http.get(
      '/calibration/progress?startDate=2020-01-01&endDate=2020-01-02',
      user.accessToken,
    );
    expect(past.body.data.calibrationProgress).toEqual([]);
    expect(
      (await server.http.get('/calibration/progress?startDate=yesterday', user.accessToken)).status,
    ).toBe(400);
    const datetime = await server.http.get(
      `/calibration/progress?endDate=${last}T08:00:00.000Z`,
      user.accessToken,
    );
    expect(datetime.body.data.calibrationProgress).toHaveLength(2);
  });

  it('recommends from the calibration metrics and follows the recalibration frequency', async () => {
    const fresh = await signUp(server);
    const none = await server.http.get('/calibration/recommendations', fresh.accessToken);
    expect(none.body.data[0]).toMatchObject({ category: 'Calibration', priority: 'high' });

    await server.http.post('/calibration', { photos: photos(), processWithML: true }, fresh.accessToken);
    const recs = (await server.http.get('/calibration/recommendations', fresh.accessToken)).body.data;
    // CVA 44.5 is poor (< 45) and forward head 95 a warning (> 90): both measure one problem, a forward head,
    // which gets one recommendation at the higher priority. The tilts are fine.
    expect(recs).toEqual([expect.objectContaining({ category: 'Neck Alignment', priority: 'high' })]);

    const update = {
      firstName: 'A',
      lastName: 'B',
      birthday: '1990-01-01',
      phoneNumber: '+15551234567',
      password: PASSWORD,
      recalibrationFrequency: 'daily',
    };
    expect((await server.http.post('/profile', update, fresh.accessToken)).status).toBe(200);
    const status = await server.http.get('/calibration/status/detailed', fresh.accessToken);
    expect(status.body.data).toMatchObject({ hasActive: true, daysUntilExpiry: 1 });

    // The browser's setting, saved without the profile form: "never" never expires, "weekly" is 7 days.
    const never = await server.http.call('PUT', '/profile/settings', {
      body: { recalibrationFrequency: 'never' },
      token: fresh.accessToken,
    });
    expect(never.status).toBe(200);
    expect(
      (await server.http.get('/calibration/status/detailed', fresh.accessToken)).body.data,
    ).toMatchObject({
      hasActive: true,
      needsRecalibration: false,
      daysUntilExpiry: null,
    });
    await server.http.call('PUT', '/profile/settings', {
      body: { recalibrationFrequency: 'weekly' },
      token: fresh.accessToken,
    });
    const check = await server.http.get('/calibration/recalibration/check', fresh.accessToken);
    expect(check.body.data).toMatchObject({ daysUntilExpiry: 7, recalibrationFrequency: 'weekly' });
    const bad = await server.http.call('PUT', '/profile/settings', {
      body: { recalibrationFrequency: 'hourly' },
      token: fresh.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('recalibrationFrequency');
  });

  it('tests the connection to the vision service, and answers clearly when it is down', async () => {
    const up = await server.http.get('/calibration/ml/test-connection', user.accessToken);
    expect(up.body).toMatchObject({ success: true, data: { connected: true } });
    await vision.close();
    const down = await server.http.get('/calibration/ml/test-connection', user.accessToken);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ success: false, data: { connected: false } });
    const create = await server.http.post(
      '/calibration',
      { photos: photos(), processWithML: true },
      user.accessToken,
    );
    expect(create.status).toBe(503);
    expect(create.body.error.message).toBe(
      `The vision service is not reachable at ${vision.url}. Start it and try again.`,
    );
    const process = await server.http.post(`/calibration/${calibrationId}/process-ml`, {}, user.accessToken);
    expect(process.status).toBe(503);
  });
});

describe('verifying a measurement while the vision service is down', () => {
  it('answers 503 (try again), not a refusal of the client’s measurement, when its key cannot be fetched', async () => {
    const verify = measurementVerifier(`http://127.0.0.1:${await freePort()}`);
    const sent = photos();
    const bytes = Object.fromEntries(
      sent.map((p) => [p.viewType, Buffer.from(p.photoUrl.slice(p.photoUrl.indexOf(',') + 1), 'base64')]),
    ) as Parameters<typeof verify>[1];
    const failure = await verify(await measured(sent), bytes).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      statusCode: 503,
      details: [{ field: 'vision', message: 'Vision service unavailable.' }],
    });
    expect((failure as Error).message).toMatch(
      /^The vision service is not reachable at .* to verify the analysis/,
    );
  });
});
