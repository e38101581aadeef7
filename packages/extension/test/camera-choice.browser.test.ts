// Choosing the camera in the popup, on the loaded extension with Chromium's two fake cameras (fake_device_0 and
// fake_device_1, its test pattern): the popup lists them by name, remembers the
// choice across openings, and monitoring opens the chosen one, switching to it while running and at a new start.
import {
  CAMERA_MESSAGES,
  cameraFallbackText,
  cameraInUseText,
  cameraNotConnectedText,
} from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import { openPopup, startMonitoring, waitForPopupText } from './popup';

const SUITE = 'extension-camera';

let stack: ExtensionStack;
let browser: Browser;
let popup: Page;

/** The camera list's entries as the popup shows them, and the one selected. */
async function cameraList(page: Page): Promise<{ options: string[]; selected: string }> {
  await page.waitForSelector('[data-testid="camera-choice"]');
  return page.$eval('[data-testid="camera-choice"]', (el) => {
    const select = el as HTMLSelectElement;
    return {
      options: [...select.options].map((o) => o.textContent ?? ''),
      selected: select.selectedOptions[0]?.textContent ?? '',
    };
  });
}

/**
 * Another app takes the cameras (a video call), or lets them go, as the offscreen document sees it: opening one
 * fails as Chrome fails it then (NotReadableError). Chromium's fake cameras are never busy by themselves.
 */
async function camerasTaken(taken: boolean): Promise<void> {
  const target = await browser.waitForTarget((t) => t.url().includes('/src/offscreen/offscreen.html'));
  const offscreen = (await target.asPage()) as Page;
  await offscreen.evaluate((busy) => {
    const media = navigator.mediaDevices as MediaDevices & {
      realGetUserMedia?: MediaDevices['getUserMedia'];
    };
    media.realGetUserMedia ??= media.getUserMedia.bind(media);
    media.getUserMedia = busy
      ? () => Promise.reject(new DOMException('Could not start video source', 'NotReadableError'))
      : media.realGetUserMedia;
  }, taken);
}

/** Closes the popup and opens it again, as a user clicking the toolbar button twice. */
async function reopenPopup(): Promise<Page> {
  await popup.close();
  ({ popup } = await openPopup(browser));
  return popup;
}

beforeAll(async () => {
  // Nobody at the vision service's address: monitoring runs on this computer, the camera is the same.
  stack = await startExtensionStack({ name: 'camera', vision: 'nobody', signIn: true, fakeCameras: 2 });
  ({ browser, popup } = stack);
  await popup.reload();
}, 300_000);

afterAll(() => stack?.stop());

describe('camera choice in the popup', () => {
  it('lists the two cameras by name, and monitors with the default one', async () => {
    // Chromium's fake prompt grants access as it is asked, so its cameras are named from the start (a browser
    // without access names none, and the popup says so: listCameras).
    const listed = {
      options: [CAMERA_MESSAGES.defaultCamera, 'fake_device_0', 'fake_device_1'],
      selected: CAMERA_MESSAGES.defaultCamera,
    };
    expect(await cameraList(popup)).toEqual(listed);
    await startMonitoring(browser, popup);
    await waitForPopupText(popup, 'phase', ['Calibrating', 'Monitoring'], 120_000);
    await waitForPopupText(popup, 'camera-in-use', [cameraInUseText('fake_device_0')], 30_000);
    await reopenPopup();
    expect(await cameraList(popup)).toEqual(listed);
  }, 240_000);

  it('switches the running monitor to the camera chosen, and remembers it across openings', async () => {
    const second = await popup.$eval(
      '[data-testid="camera-choice"]',
      (el) => [...(el as HTMLSelectElement).options].find((o) => o.textContent === 'fake_device_1')?.value,
    );
    expect(second).toBeTruthy();
    await popup.select('[data-testid="camera-choice"]', second ?? '');
    await waitForPopupText(popup, 'camera-in-use', [cameraInUseText('fake_device_1')], 60_000);
    await waitForPopupText(popup, 'phase', ['Calibrating', 'Monitoring'], 60_000);
    await saveScreenshot(popup, SUITE, 'popup-camera-chosen');
    await reopenPopup();
    expect((await cameraList(popup)).selected).toBe('fake_device_1');
    await reopenPopup();
    expect((await cameraList(popup)).selected).toBe('fake_device_1');
    expect(await waitForPopupText(popup, 'camera-in-use', [cameraInUseText('fake_device_1')], 5_000)).toBe(
      cameraInUseText('fake_device_1'),
    );
  }, 180_000);

  it('opens the chosen camera at the next start', async () => {
    await popup.locator('::-p-text(Stop monitoring)').click();
    await waitForPopupText(popup, 'phase', ['Not monitoring'], 30_000);
    expect(await popup.$('[data-testid="camera-in-use"]')).toBeNull();
    // Camera access is allowed already: Start monitoring starts at once.
    await popup.locator('::-p-text(Start monitoring)').click();
    await waitForPopupText(popup, 'phase', ['Calibrating', 'Monitoring'], 120_000);
    expect(await waitForPopupText(popup, 'camera-in-use', [cameraInUseText('fake_device_1')], 30_000)).toBe(
      cameraInUseText('fake_device_1'),
    );
  }, 180_000);

  it('says a camera taken by another app, and what to do, and resumes by itself once it is free', async () => {
    await camerasTaken(true);
    // Choosing the other camera opens it: the other app holds it.
    const first = await popup.$eval(
      '[data-testid="camera-choice"]',
      (el) => [...(el as HTMLSelectElement).options].find((o) => o.textContent === 'fake_device_0')?.value,
    );
    await popup.select('[data-testid="camera-choice"]', first ?? '');
    await waitForPopupText(popup, 'phase', ['Paused'], 30_000);
    expect(await waitForPopupText(popup, 'message', [CAMERA_MESSAGES.busy], 5_000)).toBe(
      CAMERA_MESSAGES.busy,
    );
    expect(await popup.$('[data-testid="camera-in-use"]')).toBeNull();
    await saveScreenshot(popup, SUITE, 'popup-camera-busy');
    // The other app closes: within the retry time monitoring runs again, with the camera chosen.
    await camerasTaken(false);
    await waitForPopupText(popup, 'phase', ['Calibrating', 'Monitoring'], 30_000);
    expect(await waitForPopupText(popup, 'camera-in-use', [cameraInUseText('fake_device_0')], 10_000)).toBe(
      cameraInUseText('fake_device_0'),
    );
  }, 120_000);

  it('opens the default camera, and says so, when the chosen one is not connected at the start', async () => {
    await popup.locator('::-p-text(Stop monitoring)').click();
    await waitForPopupText(popup, 'phase', ['Not monitoring'], 30_000);
    // A webcam chosen on another day, not plugged in now.
    await popup.evaluate(() =>
      chrome.storage.local.set({
        cameraChoice: JSON.stringify({ deviceId: 'unplugged-usb', label: 'USB Camera' }),
      }),
    );
    await reopenPopup();
    expect(await cameraList(popup)).toEqual({
      options: [
        CAMERA_MESSAGES.defaultCamera,
        'fake_device_0',
        'fake_device_1',
        cameraNotConnectedText('USB Camera'),
      ],
      selected: cameraNotConnectedText('USB Camera'),
    });
    await popup.locator('::-p-text(Start monitoring)').click();
    await waitForPopupText(popup, 'phase', ['Calibrating', 'Monitoring'], 120_000);
    expect(await waitForPopupText(popup, 'camera-fallback', [cameraFallbackText('USB Camera')], 30_000)).toBe(
      cameraFallbackText('USB Camera'),
    );
    expect(await waitForPopupText(popup, 'camera-in-use', [cameraInUseText('fake_device_0')], 5_000)).toBe(
      cameraInUseText('fake_device_0'),
    );
  }, 180_000);
});
