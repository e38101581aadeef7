// Sitting and breaks seen by the camera, in the built extension in the system Chromium against the real API: a
// person sits at the desk (the fake camera plays a real person's picture), leaves the chair (the empty room) and
// comes back. The popup shows her sitting, then on a break and one break today, then sitting again from 0 with the
// stretch before the break as today's longest. The video is processed on this computer (device mode).
//
// Time is the edge: a stretch of minutes and a break of BREAK_MIN_MS. The offscreen document's clock (the
// monitor's `now`, which stamps each presence report the rule is timed by) runs 20 times as fast while she sits and
// while she is away, so minutes pass in seconds; the rule and its threshold are the production ones.
import { BREAK_MIN_MS, NOBODY_FPS, SITTING_MESSAGES, type SittingState } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMonitoredTime } from '../src/rules/daily-stats';
import type { MonitorState } from '../src/state/monitor-state';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import { chooseDeviceProcessing, offscreenClock, startMonitoring, waitForPopupText } from './popup';

const SUITE = 'extension-breaks';
/** How long she sits before leaving, on the monitor's clock: long enough to read in whole minutes. */
const STRETCH_MS = 5 * 60_000;
const SPEED = 20;

let stack: ExtensionStack;
let browser: Browser;
let popup: Page;

/** The sitting figures in view for the screenshot (the popup's sections scroll under its actions). */
const screenshot = async (name: string) => {
  await popup.$eval('[data-testid="breaks-today"]', (el) => el.scrollIntoView({ block: 'center' }));
  await saveScreenshot(popup, SUITE, name);
};

const waitForPopup = (testId: string, texts: string[], timeout = 60_000) =>
  waitForPopupText(popup, testId, texts, timeout);

/** What the service worker stored, and what the popup shows, read at one moment. */
const seen = () =>
  popup.evaluate(async () => {
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
    const { sitting, monitor } = await chrome.storage.local.get(['sitting', 'monitor']);
    return {
      sitting: (sitting ?? null) as SittingState | null,
      monitor: monitor as MonitorState,
      sittingNow: text('sitting-now'),
      breaks: text('breaks-today'),
      longest: text('longest-stretch'),
    };
  });

beforeAll(async () => {
  stack = await startExtensionStack({ name: 'breaks', vision: 'nobody', signIn: true });
  ({ browser, popup } = stack);
  await popup.bringToFront();
  await popup.reload();
}, 300_000);

afterAll(() => stack?.stop());

describe('breaks seen by the camera', () => {
  it('the person leaves the chair for a break and comes back: sitting starts again, one break today', async () => {
    await chooseDeviceProcessing(popup);
    await startMonitoring(browser, popup);
    // Seen at the desk as soon as frames come, while the reference is still being taken.
    await waitForPopup('sitting-now', ['0 min'], 120_000);
    await waitForPopup('phase', ['Monitoring'], 120_000);
    expect((await seen()).breaks).toBe('0');

    const clock = await offscreenClock(browser);
    await clock.setSpeed(SPEED);
    const stretch = (s: SittingState | null) =>
      s?.since != null && s.lastSeenAt != null ? s.lastSeenAt - s.since : 0;
    await expect
      .poll(async () => stretch((await seen()).sitting), {
        timeout: STRETCH_MS / SPEED + 60_000,
        interval: 500,
      })
      .toBeGreaterThanOrEqual(STRETCH_MS);
    await clock.setSpeed(1);
    // The popup shows the stretch the service worker stored, in whole minutes, as the longest of the day too.
    await expect
      .poll(
        async () => {
          const now = await seen();
          const shown = formatMonitoredTime(stretch(now.sitting));
          return now.sittingNow === shown && now.longest === shown;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    const before = await seen();
    expect(before.breaks).toBe('0');
    await screenshot('popup-sitting');

    // She leaves: the empty room. Nothing more is looked at: the camera goes to the empty room's rate.
    stack.camera.show('away');
    await expect
      .poll(async () => (await seen()).monitor.captureFps, { timeout: 30_000, interval: 250 })
      .toBe(NOBODY_FPS);
    await clock.setSpeed(SPEED);
    await waitForPopup('sitting-now', [SITTING_MESSAGES.onBreak], BREAK_MIN_MS / SPEED + 60_000);
    await clock.setSpeed(1);
    const away = await seen();
    expect(away.breaks).toBe('1');
    expect(away.longest).toBe(before.longest);
    await screenshot('popup-on-break');

    // She comes back: a new stretch from 0; the break stays counted and the longest stretch is the one before it.
    stack.camera.show('upright');
    await waitForPopup('sitting-now', ['0 min'], 60_000);
    const back = await seen();
    expect(back.breaks).toBe('1');
    expect(back.longest).toBe(before.longest);
    expect(back.longest).not.toBe('0 min');
    await screenshot('popup-back');

    await popup.locator('::-p-text(Stop monitoring)').click();
    await waitForPopup('phase', ['Not monitoring']);
  }, 300_000);
});
