// Vision service benchmark: per-frame CPU of the detector against plain Human (every model, every frame)
// and against the previous live schedule, on the same frame in the same run; then live streams through the
// real per-peer loop (newest frame only, worker pool, detector stream with core's posture analysis): fps per
// stream, frames replaced before inference, latency from frame receipt to detection frame sent, CPU per
// stream, passive streams at 2 fps, memory per worker.
// Run from the repository root: node --import tsx bench/vision/run.ts   (measures; asserts nothing)
import { cpus, loadavg, totalmem } from 'node:os';
import { type FrameModules, parseShows } from '../../packages/detector/src/index.ts';
import { EnginePool } from '../../packages/vision/src/engine/pool.ts';
import { all, cpuPerFrame, frame, H, mb, none, type StreamCase, scheduled, streams, W } from './frame-cpu.ts';

const say = (s: string) => console.log(s);

async function memoryPerWorker() {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const pool = new EnginePool(1);
  await pool.ready;
  await pool.run({ kind: 'i420', data: frame.slice(), width: W, height: H, modules: all });
  const after = process.memoryUsage().rss;
  await pool.close();
  return after - before;
}

async function perFrame(pool: EnginePool) {
  const rows: [string, FrameModules[]][] = [
    ['plain Human: every model, every frame (reference)', Array(12).fill(all)],
    ['body (MoveNet Lightning) + face box from its head keypoints', Array(12).fill({ ...none, body: true })],
    [
      'body + face mesh/iris, BlazeFace every frame (before)',
      Array(12).fill({ ...none, body: true, face: true }),
    ],
    [
      'body + face mesh/iris following the face (after)',
      Array(30).fill({ ...none, body: true, face: true, stream: 'bench' }),
    ],
    ['hands (HandTrack + landmarks)', Array(6).fill({ ...none, hands: true })],
    ['emotion (with BlazeFace)', Array(6).fill({ ...none, emotion: true })],
    [
      // main before this change: body + face on every frame, hands and emotion on every third.
      'live stream before: body+face every frame, hands+emotion every 3rd',
      Array.from({ length: 15 }, (_, i) => ({ ...all, hands: i % 3 === 0, emotion: i % 3 === 0 })),
    ],
    ['live stream after, client did not say (15 fps, 4 s)', scheduled(null, 15, 60, 'live-unsaid')],
    [
      'live stream after, client shows face only (15 fps, 4 s)',
      scheduled(parseShows('face'), 15, 60, 'live-face'),
    ],
    [
      'live stream after, Pro overlay shows face, hands, emotion (15 fps, 2 s)',
      scheduled(parseShows('face,hands,emotion'), 15, 30, 'live-pro'),
    ],
    ['passive stream after, posture only (2 fps, 10 s)', scheduled(parseShows(''), 2, 20, 'passive')],
  ];
  say('| frame | CPU ms per frame | × plain Human | wall median ms |');
  say('|---|---|---|---|');
  const cpu: Record<string, number> = {};
  let reference = 0;
  for (const [name, sequence] of rows) {
    const r = await cpuPerFrame(pool, sequence);
    cpu[name] = r.cpu;
    if (!reference) reference = r.cpu;
    say(`| ${name} | ${r.cpu.toFixed(0)} | ${(r.cpu / reference).toFixed(2)} | ${r.wall.toFixed(0)} |`);
  }
  return cpu;
}

const workers = Number(process.env.VISION_WORKERS ?? cpus().length);
say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${mb(totalmem())} MiB, Node ${process.version}; ${new Date().toISOString()}`,
);
say(
  `Load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
say(
  `Memory per worker (RSS growth for one worker with every model loaded, after one frame): ${mb(await memoryPerWorker())} MiB`,
);
const pool = new EnginePool(1);
await pool.ready;
say('\nPer-frame CPU, one worker, the same 640x480 frame of a person:\n');
await perFrame(pool);
await pool.close();

const live = new EnginePool(workers);
await live.ready;
// Every worker runs every model once first: a model's first run compiles its kernels (seconds).
await Promise.all(
  Array.from({ length: workers }, () =>
    live.run({ kind: 'i420', data: frame.slice(), width: W, height: H, modules: all }),
  ),
);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
say(`\nStreams through the per-peer loop (${workers} workers, ${seconds} s each):\n`);
say(
  '| streams × offered fps | client shows | frames in inference per peer | processed fps per stream (median / min) | frames replaced before inference | latency receipt→sent median / p95 ms | CPU per stream % of one core |',
);
say('|---|---|---|---|---|---|---|');
const cases: StreamCase[] = [
  { label: 'posture only', count: 1, fps: 2, shows: parseShows(''), maxInFlight: 1 },
  { label: 'not said', count: 1, fps: 5, shows: null, maxInFlight: 2 },
  { label: 'not said', count: 1, fps: 5, shows: null, maxInFlight: 1 },
  { label: 'not said', count: 1, fps: 15, shows: null, maxInFlight: 2 },
  { label: 'not said', count: 1, fps: 15, shows: null, maxInFlight: 1 },
  { label: 'posture only', count: 8, fps: 2, shows: parseShows(''), maxInFlight: 1 },
  { label: 'posture only', count: 16, fps: 2, shows: parseShows(''), maxInFlight: 1 },
];
for (const c of cases) {
  const r = await streams(live, c, seconds);
  say(
    `| ${c.count} × ${c.fps} | ${c.label} | ${c.maxInFlight} | ${r.fps.toFixed(1)} / ${r.minFps.toFixed(1)} | ${r.replacedPct.toFixed(0)} % | ${r.latency.toFixed(0)} / ${r.latencyP95.toFixed(0)} | ${r.cpuPerStream.toFixed(1)} |`,
  );
}
await live.close();
say(
  `\nLoad average at end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
