// Big photos are decoded downscaled. A 16-megapixel JPEG under 5 MB and a 7000×7000 one are
// analysed like the same photo at its usual size (not refused as unreadable), the memory they took while being
// decoded is given back, and what cannot be analysed gets a clear 400/413 in the envelope.
import { personPhoto, toDataUrl } from '@posture-vision/testkit/media';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_SIDE } from '../src/engine/image.ts';
import type { EnginePool } from '../src/engine/pool.ts';
import { MAX_PHOTO_BYTES } from '../src/photo/service.ts';
import { buildServer } from '../src/server.ts';

let app: FastifyInstance;
let pool: EnginePool;

/** The testkit's photo of one person, enlarged to `width`×`height` (letterboxed in grey), as JPEG. */
async function enlarged(width: number, height: number, quality = 80): Promise<Buffer> {
  return sharp(personPhoto('woman-left'))
    .resize(width, height, { fit: 'contain', background: { r: 128, g: 128, b: 128 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

const analyze = (jpeg: Buffer) =>
  app.inject({
    method: 'POST',
    url: '/calibration/analyze',
    payload: { image_data: toDataUrl(jpeg), view_type: 'front' },
  });

/** Where the nose and both shoulders are (COCO-17 keypoints 0, 5, 6), in the 0–1 coordinates the answer gives. */
function landmarks(body: { views: { front: { keypoints: { x: number; y: number }[] } } }) {
  const kp = body.views.front.keypoints;
  return [0, 5, 6].map((i) => ({ x: kp[i]?.x ?? Number.NaN, y: kp[i]?.y ?? Number.NaN }));
}

beforeAll(async () => {
  const built = await buildServer({ workers: 1, photoLimits: { anonymous: 1000, account: 1000 } });
  app = built.app;
  pool = built.pool;
  await pool.ready;
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('big photos', () => {
  it('analyses a 16-megapixel JPEG under 5 MB like the same photo at 1280 px', async () => {
    const big = await enlarged(4624, 3468);
    expect(big.length).toBeLessThan(MAX_PHOTO_BYTES);
    const small = await enlarged(MAX_PHOTO_SIDE, 960);
    const [bigAnswer, smallAnswer] = [await analyze(big), await analyze(small)];
    expect(bigAnswer.statusCode, bigAnswer.body).toBe(200);
    expect(smallAnswer.statusCode).toBe(200);
    // The same person found in the same place (normalised coordinates), to within 2% of the picture.
    const [b, s] = [landmarks(bigAnswer.json()), landmarks(smallAnswer.json())];
    for (const [i, point] of b.entries()) {
      expect(Math.abs(point.x - (s[i]?.x as number))).toBeLessThan(0.02);
      expect(Math.abs(point.y - (s[i]?.y as number))).toBeLessThan(0.02);
    }
  }, 120_000);

  it('analyses a 7000×7000 photo and gives back the memory its decoding took', async () => {
    const huge = await enlarged(7000, 7000, 70);
    expect(huge.length).toBeLessThan(MAX_PHOTO_BYTES);
    // The workers are threads of this process: its resident memory is the service's.
    const before = process.memoryUsage.rss();
    for (let i = 0; i < 3; i++) {
      const res = await analyze(huge);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().views.front.keypoints).toHaveLength(17);
    }
    // Decoding at full size took 15 bytes a pixel (about 700 MB here) and kept most of it; downscaled, what
    // stays is a small fraction of one full-size decode.
    const fullSizeDecode = 7000 * 7000 * 15;
    await expect
      .poll(() => process.memoryUsage.rss() - before, { timeout: 30_000 })
      .toBeLessThan(fullSizeDecode / 4);
  }, 180_000);

  it('refuses what it cannot analyse with a clear 400 or 413 in the envelope', async () => {
    const envelope = (message: unknown) => ({
      success: false,
      error: { message, details: [{ field: 'image_data', message }] },
    });
    // Not a JPEG behind a JPEG data URL (a PNG), and a JPEG cut off inside its header.
    const png = await sharp(personPhoto('woman-left')).png().toBuffer();
    const cut = (await enlarged(640, 480)).subarray(0, 200);
    for (const bytes of [png, cut]) {
      const res = await analyze(bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(envelope(expect.stringMatching(/^Unreadable image: /)));
    }
    // Over 5 MB of data: 413 before decoding.
    const over = Buffer.alloc(MAX_PHOTO_BYTES + 1024, 0xff);
    over[1] = 0xd8;
    const tooBig = await analyze(over);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject(envelope('Image too large: at most 5 MB.'));
  }, 120_000);
});
