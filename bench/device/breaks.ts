// Run from the repository root: node --import tsx bench/device/breaks.ts   (about 7 minutes; measures, asserts
// nothing; BENCH_WINDOW_MS sets each row's window, default 30 s; BENCH_BREAKS_JSON=file keeps the rows).
// Break timing in the real extension, device mode, while nobody is in view: what bench/device/states.ts cannot
// see, since its page imitates the offscreen document's camera and detector only, with no service worker. Here the
// built extension runs in Chromium as users have it (offscreen document, detector worker, service worker), signed
// in against the real API (no vision service: device mode asks nothing of it), the fake camera playing a real
// person (testkit's posture camera, 640×480 at 10 frame/s) that the bench turns to the empty room (`show('away')`).
// Rows, in one browser: the extension signed in and not monitoring (the camera closed: the reference); monitoring,
// upright (steady); nobody in view in the first minute (not yet a break); nobody in view for longer than a break's
// 3 minutes (core BREAK_MIN_MS: on a break, the stretch ended, the popup saying 'On a break'). CPU is the whole
// browser's and the extension renderer's (offscreen document and service worker), from /proc, % of one core;
// beside it, the service worker's work in that window, counted from inside it: the messages it answered
// (`offscreen/presence` is the break timing's report, `offscreen/posture` the posture's, each every 2 s at most),
// its storage reads and its writes of `sitting`. Runs unchanged on a commit from before sitting and breaks (then
// no presence is reported, no `sitting` is written and no break is counted), so the
// same rows before and after say what break timing adds while nobody is in view.
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildExtension } from '../../packages/extension/scripts/package-extension.ts';
import { createUser } from '../../packages/extension/test/api-user.ts';
import { launchChromium } from '../../packages/testkit/src/chromium.ts';
import { writePostureCamera } from '../../packages/testkit/src/media.ts';
import { freePort, type RunningService, startApi } from '../../packages/testkit/src/services.ts';
import { snapshot, sum } from '../extension/monitoring.ts';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 30_000);
/** Core's BREAK_MIN_MS (domain/sessions/sitting.ts), written here so the bench runs on commits without it. */
const BREAK_MS = 3 * 60_000;
const TICK = 100; // USER_HZ
const say = (s: string) => console.log(s);
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const load = () => loadavg().map(f1).join(' / ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
);
say(`Load average at start: ${load()}`);

interface Row {
  state: string;
  seconds: number;
  browserCpu: number;
  extensionCpu: number;
  apiCpu: number;
  captureFps: number | null;
  /** The service worker's work in the window: messages answered by command, storage writes by key, reads. */
  work: { messages: Record<string, number>; sets: Record<string, number>; gets: number };
  load: number;
}
const rows: Row[] = [];
const out = join(tmpdir(), `pv-bench-breaks-${process.pid}`);
const clip = join(tmpdir(), `pv-bench-breaks-${process.pid}.y4m`);
let api: RunningService | undefined;
let sitting: unknown = null;
try {
  api = await startApi();
  await buildExtension(out, {
    VITE_API_URL: api.url,
    VITE_VISION_URL: `http://127.0.0.1:${await freePort()}`,
  });
  const user = await createUser(api);
  const camera = writePostureCamera(clip, 'upright', { fps: 10, width: 640, height: 480 });
  const browser = await launchChromium({ extension: out, fakeVideo: clip });
  try {
    const swTarget = await browser.waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
    );
    const id = new URL(swTarget.url()).host;
    const page = await browser.newPage();
    await page.goto(`chrome-extension://${id}/src/popup/popup.html`);
    await page.evaluate(
      (token, refresh) =>
        chrome.storage.local.set({ token, refresh_token: refresh, camera: 'granted', processing: 'device' }),
      user.accessToken,
      user.refreshToken,
    );
    // The service worker's work, counted from inside it (a few µs a call): the messages it answers by command, and
    // its chrome.storage.local reads and writes (writes by key).
    const sw = async () => {
      const w = await (await browser.waitForTarget((t) => t.url() === swTarget.url())).worker();
      if (!w) throw new Error('no service worker');
      return w;
    };
    // A string, not a function: tsx's helpers (__name) do not exist in the worker.
    const COUNT_WORK = `(() => {
      const g = globalThis;
      const add = (to, key) => { to[key] = (to[key] || 0) + 1; };
      if (!g.__pvWork) {
        g.__pvWork = { messages: {}, sets: {}, gets: 0 };
        chrome.runtime.onMessage.addListener((m) => {
          if (m && m.target === 'background') add(g.__pvWork.messages, String(m.command));
          return undefined;
        });
        const area = chrome.storage.local;
        const set = area.set.bind(area);
        const get = area.get.bind(area);
        Object.assign(area, {
          set: (items) => { for (const key of Object.keys(items)) add(g.__pvWork.sets, key); return set(items); },
          get: (keys) => { g.__pvWork.gets++; return get(keys); },
        });
      }
      const c = g.__pvWork;
      g.__pvWork = { messages: {}, sets: {}, gets: 0 };
      return c;
    })()`;
    const countWork = async () => (await (await sw()).evaluate(COUNT_WORK)) as Row['work'];
    const stored = async () =>
      (await sw()).evaluate(() => chrome.storage.local.get(['monitor', 'sitting'])) as Promise<{
        monitor?: { phase: string; posture: string; captureFps: number };
        sitting?: unknown;
      }>;
    const measure = async (state: string) => {
      await countWork();
      const before = snapshot();
      const t0 = Date.now();
      await sleep(WINDOW_MS);
      const after = snapshot();
      const work = await countWork();
      const seconds = (Date.now() - t0) / 1000;
      const cpu = (name: string) =>
        ((sum(after.get(name), 'cpuTicks') - sum(before.get(name), 'cpuTicks')) / TICK / seconds) * 100;
      let browserCpu = 0;
      for (const name of after.keys()) if (/Chromium|extension|camera/.test(name)) browserCpu += cpu(name);
      const row: Row = {
        state,
        seconds,
        browserCpu,
        extensionCpu: cpu('extension renderer (offscreen document + service worker)'),
        apiCpu: cpu('api'),
        captureFps: (await stored()).monitor?.captureFps ?? null,
        work,
        load: loadavg()[0] ?? 0,
      };
      rows.push(row);
      say(
        `  ${state}: whole browser ${f1(row.browserCpu)} %, extension renderer ${f1(row.extensionCpu)} %, service worker ${JSON.stringify(work)}, load ${f1(row.load)}`,
      );
    };

    await countWork();
    await page.close();
    await sleep(5000);
    await measure('signed in, not monitoring (camera closed)');

    const starter = await browser.newPage();
    await starter.goto(`chrome-extension://${id}/src/popup/popup.html`);
    await starter.evaluate(() =>
      chrome.runtime.sendMessage({ target: 'background', command: 'monitor/start' }),
    );
    await starter.waitForFunction(
      async () => {
        const { monitor } = await chrome.storage.local.get('monitor');
        return monitor?.phase === 'monitoring' && monitor.posture === 'good';
      },
      { timeout: 300_000, polling: 500 },
    );
    // Only the offscreen document and the service worker stay open, as when the user browses elsewhere.
    await starter.close();
    await sleep(6000);
    await measure('monitoring, upright (steady)');

    camera.show('away');
    const left = Date.now();
    await sleep(10_000);
    await measure('nobody in view, 10-40 s after leaving (no break yet)');
    await sleep(Math.max(0, left + BREAK_MS + 15_000 - Date.now()));
    await measure(`nobody in view, ${Math.round((Date.now() - left) / 1000)} s after leaving (on a break)`);
    sitting = (await stored()).sitting ?? null;
  } finally {
    await browser.close();
  }
} finally {
  await api?.stop();
  rmSync(out, { recursive: true, force: true });
  rmSync(clip, { force: true });
}

if (process.env.BENCH_BREAKS_JSON)
  writeFileSync(process.env.BENCH_BREAKS_JSON, JSON.stringify({ rows, sitting }, null, 2));
const ref = rows[0]?.browserCpu ?? Number.NaN;
say(
  `\nWhole browser per state, ${WINDOW_MS / 1000} s a row, % of one core; ratio to the camera-closed row:\n`,
);
say(
  '| state | capture fps asked | whole browser CPU % | × camera closed | extension renderer CPU % | API CPU % | service worker per s: presence / posture messages, storage reads, writes of sitting | load (1 min) |',
);
say('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const per = (n: number | undefined) => f2((n ?? 0) / r.seconds);
  say(
    `| ${r.state} | ${r.captureFps === null ? '—' : f2(r.captureFps)} | ${f1(r.browserCpu)} | ${f2(r.browserCpu / ref)} | ${f1(r.extensionCpu)} | ${f1(r.apiCpu)} | ${per(r.work.messages['offscreen/presence'])} / ${per(r.work.messages['offscreen/posture'])}, ${per(r.work.gets)}, ${per(r.work.sets.sitting)} | ${f1(r.load)} |`,
  );
}
say(`\nSitting state after the break (service worker's storage): ${JSON.stringify(sitting)}`);
say(`Load average at end: ${load()}`);
