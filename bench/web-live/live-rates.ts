// Measures the live posture tool in Chromium against a real vision service: the overlay's drawing rate (one
// draw per camera frame), the detection-frame rate that arrives from the service, and the page's main-thread
// busy share, in the Free Tier (keypoints only) and in Pro (keypoints, hands, boxes). The fake camera plays a
// 640x480, 15 fps clip of a person. Run from the repository root (about a minute and a half):
//   node --import tsx bench/web-live/live-rates.ts
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../packages/testkit/src/chromium.ts';
import { writePersonClip } from '../../packages/testkit/src/media.ts';
import { startVision } from '../../packages/testkit/src/services.ts';
import { clickButton, removeDir, serveWebApp } from '../../packages/web/test/live/harness.ts';

const SECONDS = 20;
const clipDir = mkdtempSync(join(tmpdir(), 'pv-bench-live-'));
const clip = writePersonClip(join(clipDir, 'person.y4m'), [{ posture: 'upright', seconds: 10 }]);
const vision = await startVision();
const site = await serveWebApp();
site.configure({ apiUrl: 'http://127.0.0.1:9', visionUrl: vision.url });
const browser = await launchChromium({ fakeVideo: clip });
const rows: string[] = [];

try {
  for (const tier of ['Free Tier', 'Pro'] as const) {
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    await page.waitForSelector('[data-testid="live-tool"]');
    if (tier === 'Pro') {
      await clickButton(page, 'Pro');
      await page.click('[aria-label="Layers"] label:nth-child(3) input');
    }
    await clickButton(page, 'Start Camera');
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid="live-overlay"]')?.getAttribute('data-keypoints-drawn')) >
        0,
      { timeout: 60_000, polling: 250 },
    );
    const sample = async () => {
      const counters = await page.$eval('[data-testid="live-overlay"]', (el) => ({
        overlay: Number(el.getAttribute('data-overlay-frames')),
        detection: Number(el.getAttribute('data-detection-frames')),
      }));
      const metrics = await page.metrics();
      return { ...counters, busy: metrics.TaskDuration ?? 0, at: Date.now() };
    };
    const start = await sample();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const end = await sample();
    const seconds = (end.at - start.at) / 1000;
    const overlayFps = (end.overlay - start.overlay) / seconds;
    const detectionFps = (end.detection - start.detection) / seconds;
    const busy = ((end.busy - start.busy) / seconds) * 100;
    rows.push(
      `| ${tier.padEnd(9)} | ${overlayFps.toFixed(1).padStart(11)} | ${detectionFps.toFixed(1).padStart(18)} | ${`${busy.toFixed(1)} %`.padStart(16)} |`,
    );
    await clickButton(page, 'Stop Camera');
    await page.close();
  }
} finally {
  await browser.close();
  await site.close();
  await vision.stop();
  removeDir(clipDir);
}

console.log(
  `Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}; ${new Date().toISOString().slice(0, 10)}; ${SECONDS} s per row.\n`,
);
console.log('| tier      | overlay fps | detection frames/s | page main thread |');
console.log('| --------- | ----------- | ------------------ | ---------------- |');
for (const row of rows) console.log(row);
