// Run from the repository root: node --import tsx bench/extension/run.ts   (measures; asserts nothing)
// CPU and memory of passive monitoring in the built extension (system Chromium, fake camera playing a real
// person, real API and vision service), at each capture rate: 1 frame/s while posture is good, 5 frame/s
// while it is poor, and the idle extension (not monitoring) as the baseline.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildExtension } from '../../packages/extension/scripts/package-extension.ts';
import { createUser, type TestUser } from '../../packages/extension/test/api-user.ts';
import { launchChromium } from '../../packages/testkit/src/chromium.ts';
import { type ClipSegment, writePersonClip } from '../../packages/testkit/src/media.ts';
import { type RunningService, startApi, startVision } from '../../packages/testkit/src/services.ts';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 40_000);
const TICK = 100; // USER_HZ: /proc CPU times are in 1/100 s

interface Proc {
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
function snapshot(): Map<string, Proc[]> {
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

function sum(procs: Proc[] | undefined, key: 'cpuTicks' | 'rssKiB'): number {
  return (procs ?? []).reduce((s, p) => s + p[key], 0);
}

interface Row {
  scenario: string;
  fps: string;
  good: string;
  groups: Record<string, { cpu: number; rssMiB: number }>;
  browserCpu: number;
  browserRssMiB: number;
  heapMiB: number | null;
}

async function measure(scenario: string, segments: ClipSegment[], user: TestUser, ext: string): Promise<Row> {
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
      (token, refresh) => chrome.storage.local.set({ token, refresh_token: refresh, camera: 'granted' }),
      user.accessToken,
      user.refreshToken,
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
        { timeout: 120_000, polling: 500 },
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
    const before = snapshot();
    const statsBefore = (await state()).stats;
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const after = snapshot();
    const seconds = (Date.now() - t0) / 1000;
    const end = await state();
    const metrics = cdp ? (await cdp.send('Performance.getMetrics')).metrics : [];
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
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
    return {
      scenario,
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

const f1 = (n: number) => n.toFixed(1);

let api: RunningService | undefined;
let vision: RunningService | undefined;
const out = join(tmpdir(), `pv-bench-ext-${process.pid}`);
try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
  );
  console.log(`load average at start: ${loadavg().map(f1).join(' ')}`);
  api = await startApi();
  vision = await startVision({ API_URL: api.url });
  await buildExtension(out, { VITE_API_URL: api.url, VITE_VISION_URL: vision.url });
  const user = await createUser(api);
  const rows = [
    await measure('idle', [{ posture: 'upright', seconds: 2 }], user, out),
    await measure('good', [{ posture: 'upright', seconds: 30 }], user, out),
    // Upright for the reference, then slouched for longer than the warm-up and the window.
    await measure(
      'poor',
      [
        { posture: 'upright', seconds: 6 },
        { posture: 'slouched', seconds: 60 },
      ],
      user,
      out,
    ),
  ];
  console.log(`load average at end: ${loadavg().map(f1).join(' ')}`);
  console.log(`window: ${WINDOW_MS / 1000} s per scenario; CPU in % of one core\n`);
  console.log(
    '| scenario | capture fps | good posture in window | offscreen JS heap MiB | extension renderer CPU % / RSS MiB | camera service CPU % | browser total CPU % / RSS MiB | vision service CPU % |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const g = (name: string) => r.groups[name] ?? { cpu: 0, rssMiB: 0 };
    const ext = g('extension renderer (offscreen document + service worker)');
    console.log(
      `| ${r.scenario} | ${r.fps} | ${r.good} | ${r.heapMiB === null ? '–' : f1(r.heapMiB)} | ${f1(ext.cpu)} / ${f1(ext.rssMiB)} | ${f1(g('camera capture service').cpu)} | ${f1(r.browserCpu)} / ${f1(r.browserRssMiB)} | ${f1(g('vision service').cpu)} |`,
    );
  }
} finally {
  await vision?.stop();
  await api?.stop();
  rmSync(out, { recursive: true, force: true });
}
