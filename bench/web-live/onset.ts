// How long a slouch takes to reach the screen in a real-time session, end to end: Chromium's fake camera shows a
// real person (testkit's clip of her photo) sitting upright, she calibrates, then the camera turns to her slouched
// picture and the bench times until the session page's pill says poor, and back. The real API and vision service
// run as processes, as in the browser tests (packages/web/test/support/live-stack.ts).
//
//   node --import tsx bench/web-live/onset.ts        (BENCH_SLOUCHES, default 6; BENCH_HOLD_S, default 12)
//
// The camera plays a one-second clip in a loop and shows a new picture from its next loop (testkit
// writePostureCamera), so each time counts from the switch with up to 1 s of the camera's own in it: the lower and
// upper bound of the time from the picture on the camera are "time - 1 s" and "time".
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { seedCalibration } from '../../packages/testkit/src/accounts.ts';
import { framedPersonPhoto, toDataUrl, writePostureCamera } from '../../packages/testkit/src/media.ts';
import {
  calibrateWhenSteady,
  clickButton,
  signIn,
  startLiveStack,
} from '../../packages/web/test/live/harness.ts';

const SLOUCHES = Number(process.env.BENCH_SLOUCHES ?? 6);
const HOLD_MS = Number(process.env.BENCH_HOLD_S ?? 12) * 1000;

/** When each of the two posture texts (the session pill, the live tool's Detection Status) last changed, and to
 * what, in the machine's clock (the page's Date.now and the bench's are the same clock). */
function watchTexts(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const log: { id: string; text: string; at: number }[] = [];
    (window as unknown as { __texts: typeof log }).__texts = log;
    const last: Record<string, string> = {};
    const note = () => {
      for (const id of ['posture-status', 'posture-deviation']) {
        const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
        if (last[id] !== text) {
          last[id] = text;
          log.push({ id, text, at: Date.now() });
        }
      }
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const texts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __texts: { id: string; text: string; at: number }[] }).__texts);

/** The first time after `from` the text of `id` matched, ms after `from`; null if it never did. */
function firstAfter(
  log: { id: string; text: string; at: number }[],
  id: string,
  pattern: RegExp,
  from: number,
): number | null {
  const hit = log.find((e) => e.id === id && e.at >= from && pattern.test(e.text));
  return hit ? hit.at - from : null;
}

const clipDir = mkdtempSync(join(tmpdir(), 'pv-onset-bench-'));
const camera = writePostureCamera(join(clipDir, 'person.y4m'), 'upright');
const stack = await startLiveStack({ name: 'onsetbench', camera: camera.path });
const rows: { pill: number | null; status: number | null; back: number | null }[] = [];
try {
  const seeded = await seedCalibration(
    stack.api.url,
    stack.user.accessToken,
    toDataUrl(framedPersonPhoto('woman', 640, 480)),
  );
  if (seeded.status !== 201) throw new Error(`calibration not stored: ${seeded.status}`);
  const page = await stack.browser.newPage();
  // tsx keeps function names by wrapping them in a helper the page does not have; puppeteer sends the wrapped source.
  await page.evaluateOnNewDocument('globalThis.__name = (f) => f');
  await page.setViewport({ width: 1280, height: 900 });
  await signIn(page, stack.site.url, stack.user);
  await page.goto(`${stack.site.url}/dashboard/real-time-session`);
  await page.waitForSelector('[data-testid="real-time-session"]');
  await clickButton(page, 'Start Session');
  await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', { timeout: 60_000 });
  await calibrateWhenSteady(page);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="posture-status"]')?.textContent === 'Posture: good',
    { timeout: 120_000 },
  );
  await watchTexts(page);
  const load0 = loadavg()[0];
  for (let i = 0; i < SLOUCHES; i++) {
    // Upright long enough to be steady again (the watch back at its steady rate), then the slouch.
    await new Promise((r) => setTimeout(r, HOLD_MS));
    const from = Date.now();
    camera.show('slouched');
    await page.waitForFunction(
      () => /poor/i.test(document.querySelector('[data-testid="posture-status"]')?.textContent ?? ''),
      { timeout: 60_000, polling: 'mutation' },
    );
    await new Promise((r) => setTimeout(r, HOLD_MS));
    const back = Date.now();
    camera.show('upright');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="posture-status"]')?.textContent === 'Posture: good',
      { timeout: 60_000, polling: 'mutation' },
    );
    const log = await texts(page);
    rows.push({
      pill: firstAfter(log, 'posture-status', /poor/i, from),
      status: firstAfter(log, 'posture-deviation', /Deviated/, from),
      back: firstAfter(log, 'posture-status', /^Posture: good$/, back),
    });
    console.error(`slouch ${i + 1}: ${JSON.stringify(rows.at(-1))}`);
  }
  await clickButton(page, 'Stop Session');
  const s = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(1));
  const sorted = (k: 'pill' | 'status' | 'back') =>
    rows
      .map((r) => r[k])
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
  const median = (v: number[]) => (v.length ? (v[v.length >> 1] as number) : null);
  console.log(
    `${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model}, load ${load0.toFixed(1)}–${loadavg()[0].toFixed(1)}`,
  );
  console.log('| measure | each slouch, s from the switch | median |');
  console.log('|---|---|---|');
  console.log(`| pill says poor | ${rows.map((r) => s(r.pill)).join(', ')} | ${s(median(sorted('pill')))} |`);
  console.log(
    `| Detection Status: Deviated | ${rows.map((r) => s(r.status)).join(', ')} | ${s(median(sorted('status')))} |`,
  );
  console.log(
    `| pill good again | ${rows.map((r) => s(r.back)).join(', ')} | ${s(median(sorted('back')))} |`,
  );
} finally {
  await stack.stop();
  rmSync(clipDir, { recursive: true, force: true });
}
