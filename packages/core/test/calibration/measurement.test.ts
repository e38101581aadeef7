// The signed measurement: what the vision service signs is readable by any ES256 verifier, covers the analysis and
// each photo's digest, and a change to any of them breaks the signature.
import { describe, expect, it } from 'vitest';
import {
  generateMeasurementKey,
  MEASUREMENT_AUDIENCE,
  MEASUREMENT_ISSUER,
  MEASUREMENT_SECONDS,
  type MeasurementKey,
  measurementSigner,
  parseMeasurementKey,
  photoDigest,
  publicMeasurementJwk,
  unmeasuredViews,
} from '../../src/calibration';

const fromBase64url = (part: string) =>
  Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

async function verifies(key: MeasurementKey, token: string): Promise<boolean> {
  const publicKey = await crypto.subtle.importKey(
    'jwk',
    publicMeasurementJwk(key),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    fromBase64url(signature),
    new TextEncoder().encode(`${header}.${payload}`),
  );
}

const claims = {
  photos: { front: 'a'.repeat(64), left: 'b'.repeat(64), right: 'c'.repeat(64) },
  analysis: {
    success: true,
    overall_score: 72,
    metrics: { cranial_vertebral_angle: 47.5 },
    notes: 'Tête 5°',
  },
};

describe('signed measurement', () => {
  it('is an ES256 JWT of the analysis and the photo digests, for the API, valid for an hour', async () => {
    const key = await generateMeasurementKey('k1');
    const token = await (await measurementSigner(key))(claims, Date.UTC(2026, 10, 28, 4, 0, 0));
    expect(await verifies(key, token)).toBe(true);
    const [header, payload] = token.split('.') as [string, string];
    expect(JSON.parse(new TextDecoder().decode(fromBase64url(header)))).toEqual({
      alg: 'ES256',
      typ: 'JWT',
      kid: 'k1',
    });
    const read = JSON.parse(new TextDecoder().decode(fromBase64url(payload)));
    expect(read).toMatchObject({ iss: MEASUREMENT_ISSUER, aud: MEASUREMENT_AUDIENCE, ...claims });
    expect(read.exp - read.iat).toBe(MEASUREMENT_SECONDS);
  });

  it('does not verify once its analysis is changed, nor under another key', async () => {
    const key = await generateMeasurementKey('k1');
    const token = await (await measurementSigner(key))(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const read = JSON.parse(new TextDecoder().decode(fromBase64url(payload)));
    read.analysis.metrics.cranial_vertebral_angle = 55;
    const forged = btoa(JSON.stringify(read)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(await verifies(key, `${header}.${forged}.${signature}`)).toBe(false);
    expect(await verifies(await generateMeasurementKey('k2'), token)).toBe(false);
  });

  it('names the views whose photo is not the one measured', async () => {
    expect(await photoDigest(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const digest = await photoDigest(new TextEncoder().encode('a photo'));
    expect(await photoDigest(new TextEncoder().encode('a photo'))).toBe(digest);
    expect(await photoDigest(new TextEncoder().encode('another photo'))).not.toBe(digest);
    const signed = { front: digest, left: 'l', right: 'r' };
    expect(unmeasuredViews(signed, { front: digest, left: 'l', right: 'r' })).toEqual([]);
    expect(unmeasuredViews(signed, { front: 'x', left: 'l', right: 'r' })).toEqual(['front']);
    expect(unmeasuredViews({ front: digest }, { front: digest, left: 'l', right: 'r' })).toEqual([
      'left',
      'right',
    ]);
  });

  it('reads a configured private key, and refuses one without its private part', async () => {
    const key = await generateMeasurementKey('k1');
    expect(parseMeasurementKey(JSON.stringify(key), 'VISION_SIGNING_KEY')).toEqual(key);
    expect(() =>
      parseMeasurementKey(JSON.stringify(publicMeasurementJwk(key)), 'VISION_SIGNING_KEY'),
    ).toThrow('VISION_SIGNING_KEY is not a private ES256 key');
    expect(() => parseMeasurementKey('{', 'VISION_SIGNING_KEY')).toThrow('is not JSON');
  });
});
