// The signed measurement of a batch analysis (core calibration/measurement.ts): the API verifies it against the
// key published at /.well-known/jwks.json and the photos it receives, so it must carry exactly the analysis
// answered and the digest of each photo, under a key every instance of a deployment shares.
import { createHash, randomUUID } from 'node:crypto';
import {
  earForwardForCva,
  generateMeasurementKey,
  MEASUREMENT_AUDIENCE,
  MEASUREMENT_FIELD,
  MEASUREMENT_ISSUER,
} from '@posture-vision/core/calibration';
import { personPhotoDataUrl, sideViewPhoto, toDataUrl } from '@posture-vision/testkit/media';
import { ensureRedis, freePort, REDIS_URL } from '@posture-vision/testkit/services';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurementKeys } from '../src/auth/measurement-key.ts';
import { buildServer } from '../src/server.ts';

let app: FastifyInstance;
let configured: Awaited<ReturnType<typeof generateMeasurementKey>>;

beforeAll(async () => {
  configured = await generateMeasurementKey('operator-key');
  const built = await buildServer({
    workers: 1,
    photoLimits: { anonymous: 1000, account: 1000 },
    signingKey: JSON.stringify(configured),
  });
  app = built.app;
  await built.pool.ready;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const sideDataUrl = (cva: number, up = 200) =>
  toDataUrl(sideViewPhoto({ up, forward: earForwardForCva(cva, up) }).jpeg);

const sha256 = (dataUrl: string) =>
  createHash('sha256')
    .update(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))
    .digest('hex');

async function published(): Promise<JSONWebKeySet> {
  const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('a signed batch analysis', () => {
  it('carries the answered analysis and each photo’s SHA-256, verifiable with the published key', async () => {
    const photos = {
      front_image: personPhotoDataUrl('woman-left'),
      left_image: sideDataUrl(52),
      right_image: sideDataUrl(48, 210),
    };
    const res = await app.inject({ method: 'POST', url: '/calibration/batch-analyze', payload: photos });
    expect(res.statusCode).toBe(200);
    const { [MEASUREMENT_FIELD]: token, ...analysis } = res.json();
    expect(typeof token).toBe('string');

    const { payload } = await jwtVerify(token, createLocalJWKSet(await published()), {
      issuer: MEASUREMENT_ISSUER,
      audience: MEASUREMENT_AUDIENCE,
      algorithms: ['ES256'],
      requiredClaims: ['exp'],
    });
    expect(payload.analysis).toEqual(analysis);
    expect(payload.photos).toEqual({
      front: sha256(photos.front_image),
      left: sha256(photos.left_image),
      right: sha256(photos.right_image),
    });
    // Signed with the operator's configured key, the one published.
    expect(decodeProtectedHeader(token).kid).toBe('operator-key');
    expect((await published()).keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: configured.x,
        y: configured.y,
        kid: 'operator-key',
        alg: 'ES256',
        use: 'sig',
      },
    ]);
  });

  it('publishes no private part of its key', async () => {
    for (const key of (await published()).keys) expect(key).not.toHaveProperty('d');
  });
});

describe('the signing key of a deployment', () => {
  it('is one key for every instance on the same Redis, created by whichever needs it first', async () => {
    await ensureRedis();
    const prefix = `pv-test-${randomUUID()}:`;
    const instances = [1, 2, 3].map(() => measurementKeys({ redisUrl: REDIS_URL, redisPrefix: prefix }));
    const sets = await Promise.all(instances.map((k) => k.jwks()));
    expect(new Set(sets.map((s) => JSON.stringify(s))).size).toBe(1);
    // What one instance signs, another's published key verifies.
    const token = await (instances[0] as (typeof instances)[0]).sign({
      photos: { front: 'f', left: 'l', right: 'r' },
      analysis: { overall_score: 70 },
    });
    const { payload } = await jwtVerify(token, createLocalJWKSet(sets[2] as JSONWebKeySet), {
      issuer: MEASUREMENT_ISSUER,
      audience: MEASUREMENT_AUDIENCE,
    });
    expect(payload.analysis).toEqual({ overall_score: 70 });
  });

  it('refuses to start with a configured key that is not a private ES256 key', async () => {
    await expect(buildServer({ workers: 1, signingKey: '{"kty":"EC"}' })).rejects.toThrow(
      'VISION_SIGNING_KEY is not a private ES256 key',
    );
  });
});

describe('a signing key that cannot be loaded', () => {
  it('fails the call that needs it, and is loaded again by the next one', async () => {
    const down = measurementKeys({
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
      redisPrefix: 'pv-test:',
    });
    await expect(down.jwks()).rejects.toThrow();
    // Not a failure kept for good: each call tries again (and fails again while Redis is down).
    await expect(down.jwks()).rejects.toThrow();
  });
});
