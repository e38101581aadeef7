// A stand-in for the vision service's photo analysis at the edge of the API (its behaviour is tested elsewhere):
// answers the brief's contract and records what the API sent. Its batch answers are signed as the vision service
// signs them — core's measurement signer, with the test kit's vision key, over the digests of the photos it
// received — and it publishes that key at /.well-known/jwks.json, so the API verifies them as it does the real
// service's.
import { createServer, type Server } from 'node:http';
import { type MeasurementKey, publicMeasurementJwk } from '@posture-vision/core/calibration';
import { measuredBy, testVisionKey } from '@posture-vision/testkit/measurement';

export interface VisionDouble {
  url: string;
  received: Record<string, unknown>[];
  /** The next batch-analyze answer: status and body (a successful body is signed as it is sent). */
  answer: { status: number; body: unknown };
  close(): Promise<void>;
}

export const GOOD_ANALYSIS = {
  success: true,
  overall_score: 72,
  metrics: {
    cranial_vertebral_angle: 44.5,
    forward_head_distance: 95,
    shoulder_tilt_angle: 2.1,
    head_tilt_angle: 1.2,
  },
  assessment_notes: ['Mild forward head posture.', 'Shoulders level.'],
  views: {},
};

type Photo = { viewType: string; photoUrl: string };

/**
 * The vision service's measurement of these photos, as its batch answer carries it (the wizard's `mlAnalysis`):
 * the analysis and its signed measurement, under the key the doubles publish (the test kit's vision key).
 * `now` (ms) makes an older measurement; `by` signs with another key.
 */
export function measured(
  photos: Photo[],
  analysis: Record<string, unknown> & { overall_score: number } = GOOD_ANALYSIS,
  options: { now?: number; by?: MeasurementKey } = {},
) {
  return measuredBy(photos, analysis, options);
}

export async function startVisionDouble(): Promise<VisionDouble> {
  const double: Omit<VisionDouble, 'url' | 'close'> = {
    received: [],
    answer: { status: 200, body: GOOD_ANALYSIS },
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/model/realtime/health-check') {
        res.end(JSON.stringify({ status: 'ok' }));
        return;
      }
      if (req.method === 'GET' && req.url === '/.well-known/jwks.json') {
        res.end(JSON.stringify({ keys: [publicMeasurementJwk(await testVisionKey())] }));
        return;
      }
      if (req.method === 'POST' && req.url === '/calibration/batch-analyze') {
        const images = JSON.parse(raw) as Record<string, string>;
        double.received.push(images);
        const { status, body } = double.answer;
        res.statusCode = status;
        const signed =
          status === 200 && body && typeof body === 'object'
            ? await measured(
                (['front', 'left', 'right'] as const).map((viewType) => ({
                  viewType,
                  photoUrl: images[`${viewType}_image`] ?? '',
                })),
                body as Record<string, unknown> & { overall_score: number },
              )
            : body;
        res.end(JSON.stringify(signed));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(double, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
