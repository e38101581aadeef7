// The live tool's "Process video on this computer" in real Chromium against the real API, with NO vision
// service: a counting server stands at the vision service's address the app was built with, and in device
// mode not one request (HTTP or socket) reaches it. The fake camera plays a clip of a real person sitting
// upright; the live tool's test shows her on a camera of its own and turns her to a slouch. The detector runs in
// the page's web worker on tfjs WASM.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESSING_STORAGE_KEY } from '@posture-vision/core';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { type CountingServer, startCountingServer } from '@posture-vision/testkit/counting-server';
import { personPhotoDataUrl, writePersonClip } from '@posture-vision/testkit/media';
import type { RunningService } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPostureCamera, showPosture } from '../support/photo-camera.ts';
import {
  calibrateWhenSteady,
  clickButton,
  type LiveStack,
  removeDir,
  signIn,
  startLiveStack,
  type TestUser,
  textOf,
  textWaiter,
  type WebSite,
} from './harness.ts';

const SUITE = 'web-live-device';
let stack: LiveStack;
let api: RunningService;
let site: WebSite;
let browser: Browser;
let clipDir: string;
let user: TestUser;
/** Stands at the vision service's address and counts what reaches it. */
let visionStandIn: CountingServer;
let visionRequests: string[];

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'pv-live-device-clip-'));
  const clip = writePersonClip(join(clipDir, 'person.y4m'), [{ posture: 'upright', seconds: 3 }], {
    fps: 10,
  });
  visionStandIn = await startCountingServer();
  visionRequests = visionStandIn.requests;
  stack = await startLiveStack({ name: 'device', vision: { standIn: visionStandIn.url }, camera: clip });
  ({ api, site, browser, user } = stack);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await visionStandIn?.close();
  removeDir(clipDir);
});

const waitForText = textWaiter(SUITE);

/** Waits until the overlay's counter `attribute` (what it drew so far) reaches `min`. */
async function waitForDrawn(page: Page, attribute: string, min: number, timeout: number): Promise<void> {
  try {
    await page.waitForFunction(
      (a, m) => Number(document.querySelector('[data-testid="live-overlay"]')?.getAttribute(a) ?? 0) >= m,
      { timeout, polling: 250 },
      attribute,
      min,
    );
  } catch (error) {
    await saveScreenshot(page, SUITE, `failed-${attribute}`);
    const status = await textOf(page, 'live-status');
    throw new Error(`waiting for ${attribute} ≥ ${min}; status: ${status}`, { cause: error });
  }
}

const deviceSwitch = (page: Page) =>
  page.$eval('[data-testid="process-on-device"]', (i) => (i as HTMLInputElement).checked);

async function apiGet(path: string, token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Record<string, unknown>;
}

describe('live tool, processing on this computer (vision service not running)', () => {
  it('is chosen next to Start Camera and remembered; draws keypoints, outline and arrows with no request to the vision service', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1000 });
    // The camera shows her upright until the test turns her to a slouch.
    await installPostureCamera(page);
    await page.goto(`${site.url}/?debug=1`);
    await page.waitForSelector('[data-testid="live-tool"]');
    // The server is the default; the switch sits in the tool's controls.
    expect(await deviceSwitch(page)).toBe(false);
    await page.click('[data-testid="process-on-device"]');
    await waitForText(page, 'model-status', 'Model status: on this computer');
    // Remembered: a fresh load starts in device mode. From here on, nothing may reach the vision address.
    visionRequests.length = 0;
    await page.reload();
    await page.waitForSelector('[data-testid="live-tool"]');
    expect(await deviceSwitch(page)).toBe(true);
    expect(await page.evaluate((k) => localStorage.getItem(k), PROCESSING_STORAGE_KEY)).toBe('device');
    await waitForText(page, 'model-status', 'Model status: on this computer');

    await clickButton(page, 'Start Camera');
    // The choice cannot change under a running camera.
    expect(
      await page.$eval('[data-testid="process-on-device"]', (i) => (i as HTMLInputElement).disabled),
    ).toBe(true);
    await waitForText(page, 'connection-label', 'Connected', 180_000);
    await waitForText(
      page,
      'workflow-prompt',
      'Camera connected! Step 1: Click Calibrate Posture while sitting up straight',
    );
    await waitForDrawn(page, 'data-keypoints-drawn', 1, 60_000);
    expect(
      Number(
        await page.$eval('[data-testid="live-overlay"]', (c) => c.getAttribute('data-detection-frames')),
      ),
    ).toBeGreaterThan(0);
    await waitForText(page, 'free-timer', /Free Tier: \d+:\d\d/);
    await saveScreenshot(page, SUITE, '01-device-keypoints');

    // Calibration: the reference and the outline are taken here, through core.
    await clickButton(page, 'Calibrate Posture');
    await page.waitForSelector('.live-popup', { timeout: 60_000 });
    await waitForText(
      page,
      'workflow-prompt',
      'Calibrated! Step 2: Turn on Active Mode to get posture corrections',
    );
    await waitForText(page, 'posture-deviation', /Aligned|Deviated/);

    // Active Mode: correction arrows and the calibrated outline once the person moves away from the calibrated
    // posture (she slouches).
    await page.waitForSelector('.live-popup', { hidden: true, timeout: 10_000 });
    await clickButton(page, 'Active Mode');
    await waitForText(
      page,
      'workflow-prompt',
      'Active Mode on: follow the arrows to return to your calibrated posture',
    );
    await showPosture(page, 'slouched');
    await waitForText(page, 'posture-deviation', /Deviated/, 60_000);
    await waitForDrawn(page, 'data-arrows-drawn', 1, 30_000);
    await waitForDrawn(page, 'data-outline-drawn', 3, 30_000);
    await saveScreenshot(page, SUITE, '02-device-outline-arrows');

    expect(visionRequests).toEqual([]);
    await clickButton(page, 'Stop Camera');
    await waitForText(page, 'live-status', 'Camera stopped');
    await page.close();
  }, 420_000);
});

describe('real-time session, processing on this computer (vision service not running)', () => {
  it('runs a session from on-device frames and sends the posture feedback to the API', async () => {
    const token = user.accessToken;
    expect((await seedCalibration(api.url, token, personPhotoDataUrl('woman'))).status).toBe(201);
    visionRequests.length = 0;
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1000 });
    await signIn(page, site.url, user);
    await page.goto(`${site.url}/dashboard/real-time-session?debug=1`);
    await page.waitForSelector('[data-testid="real-time-session"]');
    // The choice made on the landing page holds here too (one remembered choice for the app).
    expect(await deviceSwitch(page)).toBe(true);
    await clickButton(page, 'Start Session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 30_000,
    });
    // A seeded calibration has no live reference: she calibrates, in this browser (device mode), then is judged.
    await waitForText(page, 'posture-status', 'Posture: not calibrated', 180_000);
    await calibrateWhenSteady(page);
    await waitForText(page, 'posture-status', /Posture: (good|poor)/, 180_000);
    await waitForText(page, 'session-timer', /^0\d:\d\d$/);
    await waitForText(page, 'connection-label', 'Connected');
    await clickButton(page, 'Show Developer Log');
    expect(await textOf(page, 'developer-log')).toMatch(/Posture (good|poor)/);
    await saveScreenshot(page, SUITE, '10-device-session');
    await clickButton(page, 'Stop Session');
    await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    const history = (await apiGet('/sessions/history?limit=5', token)).data as { id: string }[];
    expect(history).toHaveLength(1);
    // The feedback reached the API: the session's report has a timeline built from it.
    const report = (await apiGet(`/sessions/${history[0]?.id}/report`, token)).data as {
      timeline: unknown[];
    };
    expect(report.timeline.length).toBeGreaterThan(0);
    expect(visionRequests).toEqual([]);
    await page.close();
  }, 360_000);
});
