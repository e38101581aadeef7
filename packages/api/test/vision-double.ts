// A stand-in for the vision service's photo analysis at the edge of the API (its behaviour is tested elsewhere):
// answers the brief's contract and records what the API sent.
import { createServer, type Server } from 'node:http';

export interface VisionDouble {
  url: string;
  received: Record<string, unknown>[];
  /** The next batch-analyze answer: status and body. */
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

export async function startVisionDouble(): Promise<VisionDouble> {
  const double: Omit<VisionDouble, 'url' | 'close'> = {
    received: [],
    answer: { status: 200, body: GOOD_ANALYSIS },
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/model/realtime/health-check') {
        res.end(JSON.stringify({ status: 'ok' }));
        return;
      }
      if (req.method === 'POST' && req.url === '/calibration/batch-analyze') {
        double.received.push(JSON.parse(raw));
        res.statusCode = double.answer.status;
        res.end(JSON.stringify(double.answer.body));
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
