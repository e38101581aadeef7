// Device mode of the built extension in the system Chromium, against the real API and web app, with no
// vision service: "Process video on this computer" monitors from the fake camera (a real person) with the
// detector in the offscreen document, and not one request reaches the vision service's address (a counting
// server stands at it); then, with the choice back on the server and nothing at the vision address,
// monitoring falls back to this computer by itself and the popup says so.
import { DEFAULT_ALERT_PREFERENCES } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { CountingServer } from '@posture-vision/testkit/counting-server';
import type { RunningService } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passiveSession, put, type TestUser } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import {
  alertAfterPoorMs,
  chooseDeviceProcessing,
  notificationsShown,
  POOR_POSTURE_TEXTS,
  startMonitoring,
  waitForPopupText,
} from './popup';

const SUITE = 'extension-device';

let stack: ExtensionStack;
let api: RunningService;
let browser: Browser;
let user: TestUser;
let popup: Page;
/** Stands at the vision service's address during device mode and counts what reaches it. */
let visionStandIn: CountingServer;

/**
 * The warning delay this user chose (User Settings, 0-60 s): what is tested here is that on-device frames raise
 * the alert, so the file does not wait out the 30 s default.
 */
const WARNING_DELAY_S = 5;

const waitForPopup = (testId: string, texts: string[], timeout = 60_000) =>
  waitForPopupText(popup, testId, texts, timeout);

beforeAll(async () => {
  stack = await startExtensionStack({
    name: 'device',
    vision: 'counting',
    signIn: true,
  });
  ({ api, browser, user, popup } = stack);
  visionStandIn = stack.visionStandIn as CountingServer;
}, 300_000);

afterAll(() => stack?.stop());

describe('extension processing video on this computer', () => {
  it('monitors with the choice on, showing the posture, and never calls the vision service', async () => {
    // Set as in the web app's User Settings; monitoring takes the API's preferences as it starts.
    await put(api, '/profile/alert-preferences', user.accessToken, {
      ...DEFAULT_ALERT_PREFERENCES,
      warningDelaySeconds: WARNING_DELAY_S,
    });
    await chooseDeviceProcessing(popup);
    await startMonitoring(browser, popup);
    expect(await waitForPopup('processing', ['Video processed on this computer'])).toBe(
      'Video processed on this computer',
    );
    await waitForPopup('phase', ['Monitoring'], 120_000);
    // She sits as she sat when the reference was taken.
    await waitForPopup('posture', ['Good posture'], 60_000);
    await saveScreenshot(popup, SUITE, 'popup-device-mode');
  });

  it('sends the passive session and its feedback to the API (metadata only)', async () => {
    const { statuses } = await passiveSession(api, user);
    await expect.poll(statuses, { timeout: 30_000, interval: 500 }).not.toEqual([]);
  });

  it('notifies once poor posture has lasted the user’s warning delay', async () => {
    stack.camera.show('slouched');
    await waitForPopup('posture', POOR_POSTURE_TEXTS, 90_000);
    await expect
      .poll(() => notificationsShown(popup), { timeout: 60_000, interval: 1000 })
      .toEqual(['poor-posture']);
    expect(await alertAfterPoorMs(popup)).toBeGreaterThanOrEqual(WARNING_DELAY_S * 1000);
    // In device mode nothing at all went to the vision service's address.
    expect(visionStandIn.requests).toEqual([]);
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
    const posture = await waitForPopup('posture', ['Good posture', ...POOR_POSTURE_TEXTS], 120_000);
    expect(['Good posture', ...POOR_POSTURE_TEXTS]).toContain(posture);
  });
});
