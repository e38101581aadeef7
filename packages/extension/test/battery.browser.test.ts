// The battery choice on the loaded extension: chosen in the popup (stored on the API with the other alert
// preferences), in force while the computer runs on battery, mains resuming it. Chromium offers no way to emulate
// the power source (no switch, no DevTools domain for the Battery Status API), so the test unplugs the computer in
// the offscreen document only: the BatteryManager its navigator.getBattery() gives (one per document, the one the
// monitor listens to) reads not charging, and fires chargingchange as a real unplugging does.
import { BATTERY_MESSAGES, BATTERY_RATES, MONITOR_RATES } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { RunningService } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorState } from '../src/state/monitor-state';
import { get, type TestUser } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import { startMonitoring, waitForPopupText } from './popup';

const SUITE = 'extension-battery';
const WATCHING = ['Calibrating', 'Monitoring'];

let stack: ExtensionStack;
let api: RunningService;
let browser: Browser;
let user: TestUser;
let popup: Page;

/** Plugs the computer in or out, as the offscreen document's battery reading sees it. */
async function setOnBattery(onBattery: boolean): Promise<void> {
  const target = await browser.waitForTarget((t) => t.url().includes('/src/offscreen/offscreen.html'));
  const offscreen = (await target.asPage()) as Page;
  await offscreen.evaluate(async (unplugged) => {
    const nav = navigator as Navigator & { getBattery(): Promise<EventTarget> };
    const battery = await nav.getBattery();
    Object.defineProperty(battery, 'charging', { configurable: true, get: () => !unplugged });
    battery.dispatchEvent(new Event('chargingchange'));
  }, onBattery);
}

/** The capture rate the monitor last reported (frames per second), as the service worker stored it. */
async function captureFps(): Promise<number> {
  const { monitor } = (await popup.evaluate(() => chrome.storage.local.get('monitor'))) as {
    monitor: MonitorState;
  };
  return monitor.captureFps;
}

async function batteryModeOnApi(): Promise<string> {
  return (await get(api, '/profile/alert-preferences', user.accessToken)).data.batteryMode;
}

beforeAll(async () => {
  // Nobody at the vision service's address: monitoring runs on this computer, where the rate is its own cost.
  stack = await startExtensionStack({ name: 'battery', vision: 'nobody', signIn: true });
  ({ api, browser, user, popup } = stack);
  await popup.bringToFront();
  // The popup loads the preferences on sign-in; open it afresh, as a user would.
  await popup.reload();
}, 300_000);

afterAll(() => stack?.stop());

describe('the battery choice', () => {
  it('is chosen in the popup and kept on the account', async () => {
    expect(await batteryModeOnApi()).toBe('usual');
    await popup.waitForSelector('[data-testid="battery-mode"]');
    expect(
      await popup.$eval('[data-testid="battery-mode"]', (el) =>
        [...(el as HTMLSelectElement).options].map((o) => o.textContent),
      ),
    ).toEqual(['Monitor as usual', 'Watch more slowly', 'Pause monitoring']);
    await popup.select('[data-testid="battery-mode"]', 'slower');
    await expect.poll(batteryModeOnApi, { timeout: 15_000, interval: 250 }).toBe('slower');
  });

  it('watches more slowly on battery and says so; mains brings the usual rate back', async () => {
    await startMonitoring(browser, popup);
    await waitForPopupText(popup, 'phase', WATCHING, 120_000);
    // On mains (this machine has no battery) nothing is said and the rates are the usual ones.
    expect(await popup.$('[data-testid="battery"]')).toBeNull();
    await expect.poll(captureFps, { timeout: 30_000, interval: 250 }).toBe(MONITOR_RATES.fps.steady);
    await setOnBattery(true);
    await waitForPopupText(popup, 'battery', [BATTERY_MESSAGES.slower], 15_000);
    // The person sits still: the steady watch, at the slower rate.
    await expect.poll(captureFps, { timeout: 30_000, interval: 250 }).toBe(BATTERY_RATES.fps.steady);
    await saveScreenshot(popup, SUITE, 'popup-on-battery-slower');
    await setOnBattery(false);
    await expect.poll(captureFps, { timeout: 30_000, interval: 250 }).toBe(MONITOR_RATES.fps.steady);
    expect(await popup.$('[data-testid="battery"]')).toBeNull();
  }, 240_000);

  it('pauses on battery when the pause is chosen, and resumes by itself on mains', async () => {
    await setOnBattery(true);
    await waitForPopupText(popup, 'battery', [BATTERY_MESSAGES.slower], 15_000);
    // Chosen while on battery: in force at once.
    await popup.select('[data-testid="battery-mode"]', 'pause');
    await waitForPopupText(popup, 'phase', ['Paused'], 30_000);
    expect(await waitForPopupText(popup, 'message', [BATTERY_MESSAGES.pause], 5_000)).toBe(
      BATTERY_MESSAGES.pause,
    );
    await saveScreenshot(popup, SUITE, 'popup-on-battery-paused');
    await setOnBattery(false);
    await waitForPopupText(popup, 'phase', WATCHING, 60_000);
    const message = await popup.$eval('[data-testid="message"]', (el) => el.textContent).catch(() => null);
    expect(message).not.toBe(BATTERY_MESSAGES.pause);
    await expect.poll(captureFps, { timeout: 30_000, interval: 250 }).toBe(MONITOR_RATES.fps.steady);
  }, 180_000);
});
