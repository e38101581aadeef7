// Device mode of the built extension in the system Chromium, against the real API and web app, with no
// vision service: "Process video on this computer" monitors from the fake camera (a real person) with the
// detector in the offscreen document, and not one request reaches the vision service's address (a counting
// server stands at it); then, with the choice back on the server and nothing at the vision address,
// monitoring falls back to this computer by itself and the popup says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, saveScreenshot } from '@posture-vision/testkit/chromium';
import { type CountingServer, startCountingServer } from '@posture-vision/testkit/counting-server';
import { writePersonClip } from '@posture-vision/testkit/media';
import { type RunningService, startApi } from '@posture-vision/testkit/services';
import { type StaticServer, serveStatic } from '@posture-vision/testkit/static-server';
import type { Browser, Page } from 'puppeteer-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension } from '../scripts/package-extension';
import { ALERT_TIMINGS, type AlertState } from '../src/rules/alert-timing';
import { createUser, get, type TestUser } from './api-user';
import { openPopup, signInThroughWebApp, waitForPopupText } from './popup';

const webRoot = fileURLToPath(new URL('../../web', import.meta.url));
const SUITE = 'extension-device';

let tmp: string;
let web: StaticServer;
let api: RunningService;
let browser: Browser;
let user: TestUser;
let popup: Page;
/** Stands at the vision service's address during device mode and counts what reaches it. */
let visionStandIn: CountingServer;
let visionRequests: string[];

const waitForPopup = (testId: string, texts: string[], timeout = 60_000) =>
  waitForPopupText(popup, testId, texts, timeout);

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'pv-ext-device-'));
  const clip = writePersonClip(
    join(tmp, 'person.y4m'),
    [
      { posture: 'upright', seconds: 20 },
      { posture: 'slouched', seconds: 80 },
    ],
    { fps: 5, width: 320, height: 240 },
  );
  visionStandIn = await startCountingServer();
  visionRequests = visionStandIn.requests;
  const webOut = join(tmp, 'web');
  web = await serveStatic(webOut);
  api = await startApi({ WEB_ORIGIN: web.origin });
  const extensionDir = await buildExtension(join(tmp, 'extension'), {
    VITE_WEB_ORIGIN: web.origin,
    VITE_API_URL: api.url,
    VITE_VISION_URL: visionStandIn.url,
  });
  await build({ root: webRoot, logLevel: 'warn', build: { outDir: webOut, emptyOutDir: true } });
  user = await createUser(api);
  browser = await launchChromium({ extension: extensionDir, fakeVideo: clip });
  ({ popup } = await openPopup(browser));
  // Signed in through the web app, as a user would be.
  await signInThroughWebApp(browser, web.origin, user);
  await waitForPopup('sign-in', [`Signed in as ${user.email}`], 30_000);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.stop(), web?.close(), visionStandIn?.close()]);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('extension processing video on this computer', () => {
  it('monitors with the choice on, showing the posture, and never calls the vision service', async () => {
    await popup.bringToFront();
    await popup.locator('[data-testid="process-on-device"]').click();
    await popup.waitForFunction(() =>
      chrome.storage.local.get('processing').then((v) => v.processing === 'device'),
    );
    const permissionOpened = browser.waitForTarget((t) =>
      t.url().includes('/src/permission/permission.html'),
    );
    await popup.locator('::-p-text(Start monitoring)').click();
    const permission = (await (await permissionOpened).asPage()) as Page;
    await permission.bringToFront();
    await permission.locator('::-p-text(Allow camera)').click();
    await permission.waitForSelector('[role="status"]');
    await permission.close();
    expect(await waitForPopup('processing', ['Video processed on this computer'])).toBe(
      'Video processed on this computer',
    );
    await waitForPopup('phase', ['Monitoring'], 120_000);
    const posture = await waitForPopup('posture', ['Good posture', 'Poor posture'], 60_000);
    await saveScreenshot(popup, SUITE, 'popup-device-mode');
    expect(['Good posture', 'Poor posture']).toContain(posture);
  });

  it('sends the passive session and its feedback to the API (metadata only)', async () => {
    const history = await get(api, '/sessions/history', user.accessToken);
    const passive = (history.data as { id: string; mode: string }[]).filter((s) => s.mode === 'passive');
    expect(passive).toHaveLength(1);
    const statuses = async () => {
      const report = await get(api, `/sessions/${passive[0]?.id}/report`, user.accessToken);
      return (report.data.timeline as { postureStatus: string }[]).map((p) => p.postureStatus);
    };
    await expect.poll(statuses, { timeout: 30_000, interval: 500 }).not.toEqual([]);
  });

  it('notifies once poor posture has lasted the onset delay', async () => {
    await waitForPopup('posture', ['Poor posture'], 90_000);
    const notified = () => popup.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
    await expect.poll(notified, { timeout: 60_000, interval: 1000 }).toEqual(['poor-posture']);
    const { alerts } = (await popup.evaluate(() => chrome.storage.local.get('alerts'))) as {
      alerts: AlertState;
    };
    expect((alerts.lastAlertAt ?? 0) - (alerts.poorSince ?? Number.NaN)).toBeGreaterThanOrEqual(
      ALERT_TIMINGS.onsetMs,
    );
    // In device mode nothing at all went to the vision service's address.
    expect(visionRequests).toEqual([]);
  });

  it('falls back to this computer by itself when the vision service is unreachable, and says so', async () => {
    await popup.bringToFront();
    await popup.locator('::-p-text(Stop monitoring)').click();
    await waitForPopup('phase', ['Not monitoring']);
    await popup.locator('[data-testid="process-on-device"]').click();
    await popup.waitForFunction(() =>
      chrome.storage.local.get('processing').then((v) => v.processing === 'server'),
    );
    // Nothing answers at the vision address any more.
    await visionStandIn.close();
    await popup.locator('::-p-text(Start monitoring)').click();
    expect(
      await waitForPopup('processing', ['Vision service unreachable: video processed on this computer']),
    ).toBe('Vision service unreachable: video processed on this computer');
    const posture = await waitForPopup('posture', ['Good posture', 'Poor posture'], 120_000);
    expect(['Good posture', 'Poor posture']).toContain(posture);
  });
});
