// Run from the repository root: node --import tsx bench/device/run.ts   (about 10 minutes; measures, asserts
// nothing; BENCH_WINDOW_MS sets the browser window, default 30 s; BENCH_PARTS=3 runs part 3 alone; BENCH_PROFILE=dir
// writes a CPU profile of the offscreen document and of the detector worker per browser row there)
// Server mode against device mode ("Process video on this computer"), in one run on one machine:
// 1. CPU-ms per frame of the detector against plain Human (every model, every frame) on the same 640x480 frame
//    of a person, one worker (Human on tfjs WASM, the backend the browser's worker uses too);
// 2. the vision service's per-peer loop at the extension's two capture rates (posture only): processed
//    frames/s, latency from frame receipt to detection frame sent, CPU per stream;
// 3. passive monitoring in the built extension (system Chromium, fake camera playing a real person), server
//    mode and device mode, at the good-posture and poor-posture capture rates: CPU and memory of the browser
//    and of the vision service per monitored user, detection frames/s, device latency (capture → frame);
// 4. bundle sizes: the extension zip and the web app's detector worker chunk.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseShows } from '../../packages/detector/src/index.ts';
import { buildExtension, zipExtension } from '../../packages/extension/scripts/package-extension.ts';
import { createUser } from '../../packages/extension/test/api-user.ts';
import { type RunningService, startApi, startVision } from '../../packages/testkit/src/services.ts';
import { EnginePool } from '../../packages/vision/src/engine/pool.ts';
import { buildWeb } from '../../packages/web/test/support/web-app.ts';
import { measure, type Processing, type Row } from '../extension/monitoring.ts';
import { all, cpuPerFrame, frame, H, none, scheduled, streams, W } from '../vision/frame-cpu.ts';

/** The two capture rates these figures have always been measured at: 1 frame/s (good posture) and 5 (poor), the
 * extension's fixed rates before the rates followed the posture (bench/monitoring/hour.ts compares the two). */
const BACKGROUND_FPS = 1;
const POOR_POSTURE_FPS = 5;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 30_000);
/** BENCH_PARTS=3 (or 1,3 ...) runs only those parts; all four by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? '1,2,3,4').split(',').map((p) => Number(p.trim())));
const STREAM_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const say = (s: string) => console.log(s);
const f1 = (n: number) => n.toFixed(1);
const load = () => loadavg().map(f1).join(' / ');
const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;

say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
);
say(`Load average at start: ${load()}`);

// 1. Per-frame CPU against plain Human, same frame, same worker, same run.
if (PARTS.has(1)) {
  const pool = new EnginePool(1);
  await pool.ready;
  const body = { ...none, body: true };
  const perFrame: [string, Parameters<typeof cpuPerFrame>[1]][] = [
    ['plain Human: every model, every frame (reference)', Array(12).fill(all)],
    ['device/passive frame: body + face box from its head keypoints', Array(20).fill(body)],
    [
      'live frame: body + face mesh/iris following the face, mesh at most every 100 ms (15 fps, 4 s)',
      scheduled(parseShows('face'), 15, 60, 'bench-live'),
    ],
    [
      'passive stream as scheduled (posture only, 1 frame/s, 20 s)',
      scheduled(parseShows(''), 1, 20, 'bench-p1'),
    ],
  ];
  say('\n1. CPU per frame, one worker, the same 640x480 frame:\n');
  say('| frame | CPU ms per frame | × plain Human | wall median ms |');
  say('|---|---|---|---|');
  let reference = 0;
  for (const [name, sequence] of perFrame) {
    const r = await cpuPerFrame(pool, sequence);
    if (!reference) reference = r.cpu;
    say(`| ${name} | ${r.cpu.toFixed(0)} | ${(r.cpu / reference).toFixed(2)} | ${r.wall.toFixed(0)} |`);
  }
  await pool.close();
}

// 2. Server side per monitored user: the per-peer loop at the extension's capture rates.
if (PARTS.has(2)) {
  const live = new EnginePool(cpus().length);
  await live.ready;
  await Promise.all(
    Array.from({ length: cpus().length }, () =>
      live.run({ kind: 'i420', data: frame.slice(), width: W, height: H, modules: all }),
    ),
  );
  say(`\n2. Vision service per-peer loop, posture only (${STREAM_SECONDS} s per row):\n`);
  say('| capture rate | processed frames/s | latency receipt→sent median / p95 ms | CPU % of one core |');
  say('|---|---|---|---|');
  for (const fps of [BACKGROUND_FPS, POOR_POSTURE_FPS]) {
    const r = await streams(
      live,
      { label: 'posture only', count: 1, fps, shows: parseShows(''), maxInFlight: 1 },
      STREAM_SECONDS,
    );
    say(
      `| ${fps} frame/s | ${r.fps.toFixed(1)} | ${r.latency.toFixed(0)} / ${r.latencyP95.toFixed(0)} | ${r.cpuPerStream.toFixed(1)} |`,
    );
  }
  await live.close();
}

// 3. The extension, server mode against device mode.
let api: RunningService | undefined;
let vision: RunningService | undefined;
const out = join(tmpdir(), `pv-bench-device-${process.pid}`);
const webOut = join(tmpdir(), `pv-bench-device-web-${process.pid}`);
try {
  api = await startApi();
  vision = await startVision({ API_URL: api.url });
  await buildExtension(out, { VITE_API_URL: api.url, VITE_VISION_URL: vision.url });
  const user = await createUser(api);
  const rows: Row[] = [];
  const failed: string[] = [];
  /** Load average (1 min) right after each row's window: the machine is shared. */
  const loads: number[] = [];
  for (const processing of (PARTS.has(3) ? ['server', 'device'] : []) as Processing[]) {
    // On a loaded machine the first frames (and so the reference) come late: a long wait, and a scenario that
    // never reaches its posture is reported instead of ending the run.
    const options = { processing, windowMs: WINDOW_MS, settleMs: 300_000 };
    const scenarios: [string, Parameters<typeof measure>[1]][] = [
      ['good', [{ posture: 'upright', seconds: 30 }]],
      // Upright for the reference, then slouched for longer than the warm-up and the window.
      [
        'poor',
        [
          { posture: 'upright', seconds: 15 },
          { posture: 'slouched', seconds: 90 },
        ],
      ],
    ];
    for (const [scenario, segments] of scenarios) {
      try {
        rows.push(await measure(scenario, segments, user, out, options));
        loads.push(loadavg()[0] ?? 0);
      } catch (error) {
        failed.push(`${processing} ${scenario}: ${(error as Error).message}`);
      }
    }
  }
  if (PARTS.has(3)) {
    say(
      `\n3. Passive monitoring in the extension, ${WINDOW_MS / 1000} s window per row; CPU in % of one core:\n`,
    );
    say(
      '| processing | posture (capture fps) | good posture in window | detection frames/s | device latency capture→frame median / p95 ms | whole browser CPU % | browser CPU-ms per detection frame | extension renderer CPU % | vision service CPU % | browser RSS MiB | vision RSS MiB | offscreen JS heap MiB | worker JS heap MiB | load average (1 min) after the window |',
    );
    say('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [i, r] of rows.entries()) {
      const g = (name: string) => r.groups[name] ?? { cpu: 0, rssMiB: 0 };
      const ext = g('extension renderer (offscreen document + service worker)');
      const v = g('vision service');
      say(
        `| ${r.processing} | ${r.scenario} (${r.fps}) | ${r.good} | ${r.framesPerSecond === null ? '–' : r.framesPerSecond.toFixed(2)} | ${r.latency ? `${r.latency.median.toFixed(0)} / ${r.latency.p95.toFixed(0)}` : '–'} | ${f1(r.browserCpu)} | ${r.framesPerSecond ? ((r.browserCpu * 10) / r.framesPerSecond).toFixed(0) : '–'} | ${f1(ext.cpu)} | ${f1(v.cpu)} | ${r.browserRssMiB.toFixed(0)} | ${v.rssMiB.toFixed(0)} | ${r.heapMiB === null ? '–' : f1(r.heapMiB)} | ${r.workerHeapMiB === null ? '–' : f1(r.workerHeapMiB)} | ${f1(loads[i] ?? 0)} |`,
      );
    }

    for (const r of rows.filter((x) => x.processing === 'device'))
      say(
        `- device ${r.scenario}: offscreen document cross-origin isolated: ${r.crossOriginIsolated}; blob: workers (WASM threads): ${r.threadWorkers}`,
      );
    for (const f of failed) say(`- not measured: ${f}`);
  }

  // 4. Bundle sizes.
  if (PARTS.has(4)) {
    const zip = zipExtension(out, join(tmpdir(), `pv-bench-device-${process.pid}.zip`));
    await buildWeb(webOut, { apiUrl: api.url, visionUrl: vision.url });
    const assets = readdirSync(join(webOut, 'assets'));
    const workerChunk = assets.find((f) => /worker/i.test(f) && f.endsWith('.js'));
    say('\n4. Bundle sizes:\n');
    say(`- extension zip: ${kib(statSync(zip).size)}`);
    if (workerChunk)
      say(
        `- web app detector worker chunk (${workerChunk}): ${kib(statSync(join(webOut, 'assets', workerChunk)).size)}`,
      );
    rmSync(zip, { force: true });
  }
} finally {
  await vision?.stop();
  await api?.stop();
  rmSync(out, { recursive: true, force: true });
  rmSync(webOut, { recursive: true, force: true });
}
say(`\nLoad average at end: ${load()}`);
