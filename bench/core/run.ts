// Core benchmark: per-frame cost of what the live tool runs on every detection frame (parse, tilt,
// arrows, outline), and the API client's request overhead and concurrent refresh on loopback.
// Run from the repository root: node --expose-gc --import tsx bench/core/run.ts   (measures; asserts nothing)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { classifyTilt } from '../../packages/core/src/analysis.ts';
import {
  createApiClient,
  createMemoryStorage,
  storageRefreshTokenStore,
} from '../../packages/core/src/api.ts';
import type { DetectionFrame } from '../../packages/core/src/domain/detection/frame.ts';
import { parseDetectionFrame } from '../../packages/core/src/domain/detection/parse.ts';
import { correctionArrows, placeOutline, REFERENCE_FRAME_SIZE } from '../../packages/core/src/live.ts';

const out: string[] = [];
const say = (s: string) => {
  out.push(s);
  console.log(s);
};
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

/** A full frame: one person (17 keypoints), two hands (21 each), deviated posture with 17 offsets. */
function realisticFrame(i: number): DetectionFrame {
  const kp = (n: number) =>
    Array.from({ length: n }, (_, k) => ({ x: 0.3 + k * 0.02, y: 0.2 + ((k + i) % 7) * 0.03, score: 0.9 }));
  return {
    status: 'ok',
    hns: { poses: [kp(17)], boxes: [{ x: 0.2, y: 0.1, w: 0.5, h: 0.7, score: 0.95 }], emotions: ['neutral'] },
    hand: { poses: [kp(21), kp(21)], confidences: [0.9, 0.8] },
    drowsiness: {
      drowsiness_state: false,
      mouth_state: 'closed',
      eye_state: 'open',
      blinking_count: 3,
      yawning_count: 0,
      boxes: [],
    },
    body_status: 'Forward head',
    temporal_posture_data: {
      is_posture_deviated: true,
      deviation_level: 'moderate',
      confidence: 0.85,
      stability_factor: 0.7,
      smoothing_factor: 0.4,
      all_offset_vector: Array.from(
        { length: 17 },
        (_, k) => [((k % 5) - 2) * 0.01, 0.02] as [number, number],
      ),
    },
    timestamp: i,
    frame_size: { width: 640, height: 480 },
  };
}

function perFrame() {
  const texts = Array.from({ length: 1000 }, (_, i) => JSON.stringify(realisticFrame(i)));
  const outline = Array.from(
    { length: 40 },
    (_, k) => [200 + 100 * Math.cos(k / 6), 200 + 100 * Math.sin(k / 6)] as [number, number],
  );
  const N = 50_000;
  // Warm-up, then measure.
  for (let i = 0; i < 5000; i++) parseDetectionFrame(texts[i % 1000]);
  if (global.gc) global.gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let t = performance.now();
  for (let i = 0; i < N; i++) parseDetectionFrame(texts[i % 1000]);
  const parseUs = ((performance.now() - t) * 1000) / N;
  const frames = texts.map((x) => (parseDetectionFrame(x) as { frame: DetectionFrame }).frame);
  t = performance.now();
  let arrows = 0;
  for (let i = 0; i < N; i++) {
    const f = frames[i % 1000] as DetectionFrame;
    const pose = f.hns.poses[0] ?? [];
    classifyTilt(pose);
    if (f.temporal_posture_data)
      arrows += correctionArrows(pose, f.temporal_posture_data, REFERENCE_FRAME_SIZE).length;
    placeOutline(outline, { width: 640, height: 480 }, REFERENCE_FRAME_SIZE, { x: 330, y: 300 });
  }
  const rulesUs = ((performance.now() - t) * 1000) / N;
  if (global.gc) global.gc();
  const heapAfter = process.memoryUsage().heapUsed;
  say(`frame JSON size: ${texts[0]?.length} bytes`);
  say(
    `parseDetectionFrame (JSON text → checked frame): ${parseUs.toFixed(1)} µs/frame (${Math.round(1e6 / parseUs)} frames/s)`,
  );
  say(
    `tilt + arrows (${(arrows / N).toFixed(0)} per frame) + 40-point outline: ${rulesUs.toFixed(1)} µs/frame`,
  );
  say(`heap retained after ${N * 2} frame operations and a GC: ${mb(heapAfter - heapBefore)} MB`);
}

async function client() {
  let access = 'a0';
  let refresh = 'r0';
  let gen = 0;
  let refreshes = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/auth/refresh') {
        refreshes += 1;
        if (JSON.parse(body).refresh_token !== refresh) return res.writeHead(401).end('{}');
        gen += 1;
        access = `a${gen}`;
        refresh = `r${gen}`;
        return res.end(
          JSON.stringify({ success: true, data: { access_token: access, refresh_token: refresh } }),
        );
      }
      if (req.headers.authorization !== `Bearer ${access}`)
        return res.writeHead(401).end('{"detail":"Token expired"}');
      res.end('{"success":true,"data":[]}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const refreshStorage = createMemoryStorage({ refresh_token: refresh });
  const api = createApiClient({
    baseUrl,
    storage: createMemoryStorage({ token: access }),
    refreshTokenStore: storageRefreshTokenStore(refreshStorage),
    navigate: () => {},
    currentPath: () => '/dashboard',
  });
  for (let i = 0; i < 200; i++) await api.sessions.history();
  const N = 2000;
  let t = performance.now();
  for (let i = 0; i < N; i++) await api.sessions.history();
  const seqMs = (performance.now() - t) / N;
  say(
    `authenticated GET on loopback, sequential: ${seqMs.toFixed(2)} ms/call (${Math.round(1000 / seqMs)} calls/s, server included)`,
  );
  // Expire the token, then 200 concurrent callers: one refresh, every call retried once.
  access = 'expired-on-server';
  refreshes = 0;
  t = performance.now();
  const answers = await Promise.all(Array.from({ length: 200 }, () => api.sessions.history()));
  const ms = performance.now() - t;
  say(
    `200 concurrent calls with an expired token: ${ms.toFixed(0)} ms, ${refreshes} refresh, ${answers.filter((a) => a.success).length}/200 succeeded`,
  );
  await new Promise<void>((r) => server.close(() => r()));
}

say(
  `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
perFrame();
await client();
