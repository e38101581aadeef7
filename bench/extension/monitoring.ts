// Passive monitoring in the built extension, measured from outside (system Chromium, fake camera playing a
// real person): per process group CPU (utime+stime from /proc over a window, % of one core) and RSS, the
// offscreen document's JS heap, and the detection frames that reached the offscreen document (server mode:
// frames on the results socket; device mode: frames the detector's worker posted, with capture → frame time).
// Used by bench/extension/run.ts and bench/device/run.ts.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, CDPSessionEvent } from 'puppeteer-core';
import type { TestUser } from '../../packages/extension/test/api-user.ts';
import { launchChromium } from '../../packages/testkit/src/chromium.ts';
import { type ClipSegment, writePersonClip } from '../../packages/testkit/src/media.ts';

const TICK = 100; // USER_HZ: /proc CPU times are in 1/100 s

export interface Proc {
  pid: number;
  ppid: number;
  cmd: string;
  cpuTicks: number;
  rssKiB: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return {
      pid,
      ppid: Number(fields[1]),
      cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      rssKiB: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
    };
  } catch {
    return null;
  }
}

/** This process's descendants (the servers and Chromium), by what they are. */
export function snapshot(): Map<string, Proc[]> {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => p !== null);
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
  }
  const groups = new Map<string, Proc[]>();
  for (const p of all) {
    if (!mine.has(p.pid) || p.pid === process.pid) continue;
    const group = /chrom/.test(p.cmd)
      ? p.cmd.includes('--extension-process')
        ? 'extension renderer (offscreen document + service worker)'
        : p.cmd.includes('video_capture')
          ? 'camera capture service'
          : 'other Chromium processes'
      : p.cmd.includes('vision/src/main.ts') || p.cmd.includes('human')
        ? 'vision service'
        : p.cmd.includes('api/src/main.ts')
          ? 'api'
          : 'other';
    groups.set(group, [...(groups.get(group) ?? []), p]);
  }
  return groups;
}

export function sum(procs: Proc[] | undefined, key: 'cpuTicks' | 'rssKiB'): number {
  return (procs ?? []).reduce((s, p) => s + p[key], 0);
}

export type Processing = 'server' | 'device';

export interface Row {
  scenario: string;
  processing: Processing;
  fps: string;
  good: string;
  groups: Record<string, { cpu: number; rssMiB: number }>;
  browserCpu: number;
  browserRssMiB: number;
  heapMiB: number | null;
  /** Detection frames that reached the offscreen document per second over the window. */
  framesPerSecond: number | null;
  /** Device mode: capture → detection frame, ms (median / p95), measured in the detector's worker. */
  latency: { median: number; p95: number } | null;
  /** Device mode: the detector worker's JS heap. */
  workerHeapMiB: number | null;
  /** Device mode: whether the offscreen document is cross-origin isolated (tfjs WASM threads run only then) and
   * how many blob: workers (WASM threads) the extension runs. */
  crossOriginIsolated: boolean | null;
  threadWorkers: number | null;
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
const p95 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.95)] ?? 0;

/** Patched into the detector's worker: counts the detection frames it posts and their capture → post time
 * (the frame's timestamp is the capture time the page gave it). */
const COUNT_WORKER_FRAMES = `(() => {
  const b = (globalThis.__pvBench = { frames: 0, latencies: [] });
  const post = self.postMessage.bind(self);
  self.postMessage = (m, t) => {
    if (m && m.type === 'frame') {
      b.frames++;
      b.latencies.push(Date.now() - m.frame.timestamp);
    }
    return t ? post(m, t) : post(m);
  };
})()`;

/**
 * One scenario in a fresh browser: sign in, choose where the video is processed, start passive monitoring, wait
 * for the posture the clip shows, close every extension page, then measure for `windowMs`.
 */
export async function measure(
  scenario: string,
  segments: ClipSegment[],
  user: TestUser,
  ext: string,
  options: {
    processing?: Processing;
    windowMs: number /** Wait for the posture, default 120 s. */;
    settleMs?: number;
  },
): Promise<Row> {
  const processing = options.processing ?? 'server';
  const clip = writePersonClip(join(tmpdir(), `pv-bench-${process.pid}.y4m`), segments, { fps: 10 });
  const browser = await launchChromium({ extension: ext, fakeVideo: clip });
  try {
    const worker = await browser.waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
    );
    const id = new URL(worker.url()).host;
    const page = await browser.newPage();
    await page.goto(`chrome-extension://${id}/src/popup/popup.html`);
    await page.evaluate(
      (token, refresh, where) =>
        chrome.storage.local.set({ token, refresh_token: refresh, camera: 'granted', processing: where }),
      user.accessToken,
      user.refreshToken,
      processing,
    );
    const monitoring = scenario !== 'idle';
    if (monitoring) {
      await page.evaluate(() =>
        chrome.runtime.sendMessage({ target: 'background', command: 'monitor/start' }),
      );
      const wanted = scenario === 'poor' ? 'poor' : 'good';
      await page.waitForFunction(
        async (w) => {
          const { monitor } = await chrome.storage.local.get('monitor');
          return monitor?.phase === 'monitoring' && monitor.posture === w;
        },
        { timeout: options.settleMs ?? 120_000, polling: 500 },
        wanted,
      );
    }
    // Only the offscreen document and the service worker stay open, as when the user browses elsewhere.
    await page.close();
    await new Promise((r) => setTimeout(r, 5000));
    const sw = await (await browser.waitForTarget((t) => t.url() === worker.url())).worker();
    const state = async () =>
      (await sw?.evaluate(() => chrome.storage.local.get(['monitor', 'stats']))) as {
        monitor?: { captureFps: number; posture: string };
        stats?: { goodMs: number; poorMs: number };
      };
    const offscreenTarget = monitoring
      ? await browser.waitForTarget((t) => t.url().includes('offscreen.html'))
      : null;
    const cdp = offscreenTarget ? await offscreenTarget.createCDPSession() : null;
    await cdp?.send('Performance.enable');
    // Server mode: detection frames arrive on the results socket. Device mode: the detector's worker (a child
    // target of the offscreen document) is patched to count what it posts.
    let socketFrames = 0;
    cdp?.on('Network.webSocketFrameReceived', (e) => {
      if (e.response.payloadData.includes('"hns"')) socketFrames++;
    });
    if (processing === 'server') await cdp?.send('Network.enable');
    const workers: CDPSession[] = [];
    let detectorWorker: CDPSession | null = null;
    let threadWorkers: number | null = null;
    let crossOriginIsolated: boolean | null = null;
    if (processing === 'device' && cdp) {
      // puppeteer-core is the test kit's dependency (types only here): CDPSessionEvent.SessionAttached.
      const attached = 'sessionattached' as typeof CDPSessionEvent.SessionAttached;
      cdp.on(attached, (child: CDPSession) => workers.push(child));
      await cdp.send('Target.setAutoAttach', {
        autoAttach: true,
        waitForDebuggerOnStart: false,
        flatten: true,
      });
      // The offscreen document's children include the extension's service worker: pick the detector's worker.
      const deadline = Date.now() + 30_000;
      while (!detectorWorker && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        for (const child of workers) {
          const r = await child.send('Runtime.evaluate', {
            expression: 'String(self.location.href)',
            returnByValue: true,
          });
          if (/\/assets\/worker-[^/]*\.js$/.test(String(r.result.value))) detectorWorker = child;
        }
      }
      await detectorWorker?.send('Runtime.evaluate', { expression: COUNT_WORKER_FRAMES });
      const isolated = await cdp.send('Runtime.evaluate', {
        expression: 'crossOriginIsolated',
        returnByValue: true,
      });
      threadWorkers = browser.targets().filter((t) => t.url().startsWith('blob:chrome-extension://')).length;
      crossOriginIsolated = isolated.result.value === true;
    }
    // BENCH_PROFILE=dir: a CPU profile of the offscreen document and of the detector's worker over the window
    // (sampled every 1 ms), written there as .cpuprofile files (DevTools' Performance panel opens them).
    const profiled = process.env.BENCH_PROFILE
      ? [cdp, detectorWorker].filter((s): s is CDPSession => !!s)
      : [];
    for (const s of profiled) {
      await s.send('Profiler.enable');
      await s.send('Profiler.setSamplingInterval', { interval: 1000 });
      await s.send('Profiler.start');
    }
    const before = snapshot();
    const statsBefore = (await state()).stats;
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, options.windowMs));
    const after = snapshot();
    const seconds = (Date.now() - t0) / 1000;
    for (const [i, s] of profiled.entries()) {
      const { profile } = await s.send('Profiler.stop');
      const file = join(
        String(process.env.BENCH_PROFILE),
        `${processing}-${scenario}-${i ? 'worker' : 'offscreen'}.cpuprofile`,
      );
      writeFileSync(file, JSON.stringify(profile));
    }
    const end = await state();
    const metrics = cdp ? (await cdp.send('Performance.getMetrics')).metrics : [];
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    let counted: { frames: number; latencies: number[] } | null = null;
    let workerHeap: number | null = null;
    if (detectorWorker) {
      const r = await detectorWorker.send('Runtime.evaluate', {
        expression: 'JSON.stringify(globalThis.__pvBench)',
        returnByValue: true,
      });
      counted = JSON.parse(String(r.result.value));
      workerHeap = (await detectorWorker.send('Runtime.getHeapUsage')).usedSize;
    }
    const groups: Row['groups'] = {};
    let browserCpu = 0;
    let browserRss = 0;
    for (const [name, procs] of after) {
      const cpu = ((sum(procs, 'cpuTicks') - sum(before.get(name), 'cpuTicks')) / TICK / seconds) * 100;
      const rssMiB = sum(procs, 'rssKiB') / 1024;
      groups[name] = { cpu, rssMiB };
      if (name.includes('Chromium') || name.includes('extension') || name.includes('camera')) {
        browserCpu += cpu;
        browserRss += rssMiB;
      }
    }
    const good = (end.stats?.goodMs ?? 0) - (statsBefore?.goodMs ?? 0);
    const poor = (end.stats?.poorMs ?? 0) - (statsBefore?.poorMs ?? 0);
    const frames = processing === 'device' ? (counted?.frames ?? null) : cdp ? socketFrames : null;
    return {
      scenario,
      processing,
      framesPerSecond: frames === null ? null : frames / seconds,
      latency: counted?.latencies.length
        ? { median: median(counted.latencies), p95: p95(counted.latencies) }
        : null,
      crossOriginIsolated,
      threadWorkers,
      workerHeapMiB: workerHeap === null ? null : workerHeap / 1024 / 1024,
      fps: monitoring ? String(end.monitor?.captureFps ?? '?') : '0 (camera off)',
      good: good + poor > 0 ? `${Math.round((good / (good + poor)) * 100)}%` : '–',
      groups,
      browserCpu,
      browserRssMiB: browserRss,
      heapMiB: heap === undefined ? null : heap / 1024 / 1024,
    };
  } finally {
    await browser.close();
    rmSync(clip, { force: true });
  }
}
