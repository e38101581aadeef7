// The vision service's signed measurement (core calibration/measurement.ts) for tests: every vision service the
// test kit starts signs with this test run's key (startVision passes it as VISION_SIGNING_KEY), and
// `measuredBy` signs figures with the same key, as that service would for those photos (the API's vision double
// publishes it too). For tests whose subject is not the measuring but need a calibration with known figures; the
// API verifies them like any measurement.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JWKS_PATH } from '@posture-vision/core/auth';
import {
  generateMeasurementKey,
  MEASUREMENT_FIELD,
  type MeasurementKey,
  measurementSigner,
  parseMeasurementKey,
  photoDigest,
  publicMeasurementJwk,
} from '@posture-vision/core/calibration';

/**
 * Where a process hands its key to the processes it starts: a test file that uses a vision service started by a
 * run's global setup (web's shared services) signs with that service's key. Made in the first process that needs
 * one, else.
 */
const KEY_VARIABLE = 'TESTKIT_VISION_SIGNING_KEY';
const handedDown = process.env[KEY_VARIABLE];
const key: Promise<MeasurementKey> = handedDown
  ? Promise.resolve(parseMeasurementKey(handedDown, KEY_VARIABLE))
  : generateMeasurementKey('testkit-vision').then((made) => {
      process.env[KEY_VARIABLE] = JSON.stringify(made);
      return made;
    });
const signer = key.then(measurementSigner);

/** The private key the test kit's vision services sign with. */
export function testVisionKey(): Promise<MeasurementKey> {
  return key;
}

/** The same, as JSON (VISION_SIGNING_KEY). */
export async function testVisionSigningKey(): Promise<string> {
  return JSON.stringify(await key);
}

const bytesOf = (dataUrl: string) =>
  new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));

/**
 * The analysis with its signed measurement of these photos (`mlAnalysis` of POST /calibration). `now` (ms) makes
 * an older measurement; `by` signs with another key (a foreign one).
 */
export async function measuredBy<A extends { overall_score: number }>(
  photos: { viewType: string; photoUrl: string }[],
  analysis: A,
  options: { now?: number; by?: MeasurementKey } = {},
): Promise<A & { [MEASUREMENT_FIELD]: string }> {
  const digest = (view: string) => {
    const photo = photos.find((p) => p.viewType === view);
    if (!photo) throw new Error(`no ${view} photo`);
    return photoDigest(bytesOf(photo.photoUrl));
  };
  const sign = options.by ? await measurementSigner(options.by) : await signer;
  const token = await sign(
    {
      photos: { front: await digest('front'), left: await digest('left'), right: await digest('right') },
      analysis: { success: true, ...analysis },
    },
    options.now,
  );
  return { ...analysis, [MEASUREMENT_FIELD]: token };
}

/**
 * A stand-in for the vision service that publishes only the test kit's key (GET /.well-known/jwks.json) and
 * answers 503 to anything else: for stacks without a vision service whose tests still store a calibration with
 * figures (`seedCalibration` with `mlAnalysis`), which the API verifies against this key.
 */
export async function startMeasurementKeyServer(): Promise<{ url: string; close(): Promise<void> }> {
  const jwks = JSON.stringify({ keys: [publicMeasurementJwk(await key)] });
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === JWKS_PATH)
      res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
