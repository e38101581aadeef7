// Shared by the vision benches (bench/vision/run.ts, bench/device/run.ts): the same 640x480 I420 frame of a
// person (the testkit clip), CPU-ms per frame of a module sequence on an engine pool, and live streams through
// the real per-peer loop.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createSchedule,
  type FrameModules,
  ratesFor,
  type Shows,
} from '../../packages/detector/src/index.ts';
import { writePersonClip } from '../../packages/testkit/src/media.ts';
import type { EnginePool } from '../../packages/vision/src/engine/pool.ts';
import { Peer } from '../../packages/vision/src/live/peer.ts';

export const W = 640;
export const H = 480;
const clipPath = join(tmpdir(), `pv-bench-${process.pid}.y4m`);
writePersonClip(clipPath, [{ posture: 'upright', seconds: 0.1 }]);
const y4m = readFileSync(clipPath);
rmSync(clipPath);
const start = y4m.indexOf('FRAME\n') + 6;
export const frame = new Uint8Array(y4m.subarray(start, start + W * H * 1.5));

export const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
export const p95 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.95)] ?? 0;
export const mb = (b: number) => Math.round(b / 1024 / 1024);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

export const none: FrameModules = { body: false, face: false, hands: false, emotion: false, maxFaces: 1 };
export const all: FrameModules = { body: true, face: true, hands: true, emotion: true, maxFaces: 1 };

/** CPU-ms per frame of a sequence of module sets (the main thread only waits, so the process's CPU time is
 * the worker's: unlike wall time it hardly grows when other work on the machine takes the cores). */
export async function cpuPerFrame(pool: EnginePool, sequence: FrameModules[], warm = 2) {
  for (let i = 0; i < warm; i++)
    await pool.run({ kind: 'i420', data: frame.slice(), width: W, height: H, modules: sequence[0] ?? all });
  const wall: number[] = [];
  const c0 = cpuNow();
  for (const modules of sequence) {
    const t = performance.now();
    await pool.run({ kind: 'i420', data: frame.slice(), width: W, height: H, modules });
    wall.push(performance.now() - t);
  }
  return { cpu: (cpuNow() - c0) / sequence.length, wall: median(wall) };
}

/** The modules a live stream's schedule picks over `frames` frames at `fps`. */
export function scheduled(shows: Shows | null, fps: number, frames: number, stream: string): FrameModules[] {
  const s = createSchedule(ratesFor(shows), stream);
  return Array.from({ length: frames }, (_, i) => s.next((i * 1000) / fps));
}

export interface StreamCase {
  label: string;
  count: number;
  fps: number;
  shows: Shows | null;
  maxInFlight: number;
}

export async function streams(pool: EnginePool, c: StreamCase, seconds: number) {
  const peers = Array.from(
    { length: c.count },
    (_, i) => new Peer(`bench${i}`, null, pool, c.shows, [], c.maxInFlight),
  );
  for (const p of peers) p.results.add(() => {});
  const c0 = cpuNow();
  const t0 = performance.now();
  const timers = peers.map((p) =>
    setInterval(() => p.pushFrame({ width: W, height: H, data: frame }), 1000 / c.fps),
  );
  await sleep(seconds * 1000);
  for (const t of timers) clearInterval(t);
  const elapsed = (performance.now() - t0) / 1000;
  const cpuPct = ((cpuNow() - c0) / 1000 / elapsed) * 100;
  const processed = peers.map((p) => p.stats.framesProcessed / elapsed);
  const replaced = peers.reduce((n, p) => n + p.stats.framesReplaced, 0);
  const received = peers.reduce((n, p) => n + p.stats.framesReceived, 0);
  const latencies = peers.flatMap((p) => p.stats.latencies);
  for (const p of peers) p.close();
  await sleep(500);
  return {
    fps: median(processed),
    minFps: Math.min(...processed),
    replacedPct: (replaced / Math.max(1, received)) * 100,
    latency: median(latencies),
    latencyP95: p95(latencies),
    cpuPerStream: cpuPct / c.count,
  };
}
