// One calibration: the photo calibration's front photo, as the live model saw it (the batch analysis'
// live_reference), becomes the active profile's live reference, so the monitor judges from the first frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';
import { measured, startVisionDouble, type VisionDouble } from './vision-double.ts';

/** An upright person facing the camera in a wide (1280x720) photo, COCO-17 normalised; the wizard's photo is
 * mirrored like its preview. */
const upright = () => {
  const k = Array.from({ length: 17 }, () => ({
    x: null as number | null,
    y: null as number | null,
    score: 0,
  }));
  const set = (i: number, x: number, y: number) => {
    k[i] = { x, y, score: 0.8 };
  };
  set(0, 0.5, 0.35);
  set(1, 0.52, 0.31);
  set(2, 0.48, 0.31);
  set(3, 0.55, 0.33);
  set(4, 0.45, 0.33);
  set(5, 0.62, 0.6);
  set(6, 0.38, 0.6);
  return k;
};

const photos = (mirrored: boolean) => [
  { viewType: 'front', photoUrl: dataUrl(jpegLike(3000)), metadata: { mirrored } },
  { viewType: 'left', photoUrl: dataUrl(jpegLike(3100)) },
  { viewType: 'right', photoUrl: dataUrl(jpegLike(3200)) },
];

describe.each(databases)('the live reference from the photo calibration on %s', (kind) => {
  let server: TestServer;
  let vision: VisionDouble;
  let user: SignedIn;
  beforeAll(async () => {
    // The vision service's published key: the wizard's analysis is its signed measurement of the photos.
    vision = await startVisionDouble();
    server = await startTestServer(kind, { VISION_URL: vision.url });
    user = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
    await vision?.close();
  });

  const profiles = async () =>
    (await server.http.get('/calibration/profiles', user.accessToken)).body.data as {
      name: string;
      active: boolean;
      reference: {
        keypoints: { x: number | null; y: number | null }[];
        frame: { width: number; height: number };
      };
    }[];
  const calibrate = async (liveReference: unknown, mirrored = true) => {
    const sent = photos(mirrored);
    return server.http.post(
      '/calibration',
      {
        photos: sent,
        processWithML: false,
        mlAnalysis: await measured(sent, {
          success: true,
          overall_score: 80,
          metrics: { cranial_vertebral_angle: 50 },
          live_reference: liveReference,
        }),
      },
      user.accessToken,
    );
  };

  it('makes a first profile with the front photo as its live reference, in the live camera frame, mirrored back', async () => {
    const res = await calibrate({ keypoints: upright(), frame: { width: 1280, height: 720 } });
    expect(res.status).toBe(201);
    const [first, ...more] = await profiles();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ name: 'Laptop', active: true });
    // Mirrored back, the image-left shoulder (6, at 0.38) is on the image's right and named 5 again, as the models
    // name pairs by x; 640x480 is the 16:9 photo's centre at 4:3: x = (0.62·1280 − 160) / 960.
    expect(first?.reference.frame).toEqual({ width: 640, height: 480 });
    expect(first?.reference.keypoints[5]?.x).toBeCloseTo((0.62 * 1280 - 160) / 960, 6);
    expect(first?.reference.keypoints[5]?.y).toBeCloseTo(0.6, 6);
    expect(first?.reference.keypoints[5]?.x).toBeGreaterThan(first?.reference.keypoints[6]?.x ?? 1);
    // A part the model did not find stays not found.
    expect(first?.reference.keypoints[11]?.x).toBeNull();
  });

  it('refreshes the active profile on the next calibration; a front photo that cannot be a reference leaves it', async () => {
    const shifted = upright().map((k) => (k.x === null ? k : { ...k, y: (k.y ?? 0) + 0.05 }));
    expect((await calibrate({ keypoints: shifted, frame: { width: 1280, height: 720 } }, false)).status).toBe(
      201,
    );
    const refreshed = (await profiles())[0]?.reference;
    expect(refreshed?.keypoints[0]?.y).toBeCloseTo(0.4, 6);
    // Side on: the shoulders overlap. Nobody: no keypoints. Neither replaces the reference.
    const side = upright();
    side[5] = { x: 0.51, y: 0.6, score: 0.8 };
    side[6] = { x: 0.49, y: 0.6, score: 0.8 };
    expect((await calibrate({ keypoints: side, frame: { width: 1280, height: 720 } })).status).toBe(201);
    expect((await calibrate(null)).status).toBe(201);
    expect((await profiles())[0]?.reference).toEqual(refreshed);
    expect(await profiles()).toHaveLength(1);
  });

  it('refuses a malformed live reference with a 400, storing nothing', async () => {
    const before = (await server.http.get('/calibration/history', user.accessToken)).body.data.length;
    const res = await calibrate({ keypoints: 'all of them', frame: { width: 1280, height: 720 } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect((await server.http.get('/calibration/history', user.accessToken)).body.data).toHaveLength(before);
  });
});
