// The light going after calibrating, in the built extension in the system Chromium against the real API: the fake
// camera shows a real person sitting upright (testkit's picture of her) while monitoring takes her reference and
// judges her good; then the room goes dark (the same picture under testkit's 'dark' condition, made by script), in
// which the body model loses her shoulders. The offscreen document reports why nothing is judged with the posture,
// and the popup says it and what to do, never 'Poor posture'. The video is processed on this computer (device mode).
import { UNJUDGED_TEXTS } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import { chooseDeviceProcessing, startMonitoring, waitForPopupText } from './popup';

const SUITE = 'extension-light';

let stack: ExtensionStack;
let browser: Browser;
let popup: Page;

beforeAll(async () => {
  stack = await startExtensionStack({ name: 'light', vision: 'nobody', signIn: true });
  ({ browser, popup } = stack);
  await popup.bringToFront();
  await popup.reload();
}, 300_000);

afterAll(() => stack?.stop());

/** Every text the popup's posture showed, from the popup's own observer (a report can be brief). */
function recordPostureTexts(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __postureTexts: string[] }).__postureTexts = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="posture"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

describe('the light changes while the extension monitors', () => {
  it('says it is too dark to see her and what to do, not poor posture', async () => {
    await chooseDeviceProcessing(popup);
    await startMonitoring(browser, popup);
    await waitForPopupText(popup, 'phase', ['Monitoring'], 120_000);
    await waitForPopupText(popup, 'posture', ['Good posture'], 120_000);
    expect(await popup.$('[data-testid="posture-todo"]')).toBeNull();
    await recordPostureTexts(popup);

    stack.camera.show('upright', 'dark');
    await waitForPopupText(popup, 'posture', [UNJUDGED_TEXTS.too_dark.what], 90_000);
    await waitForPopupText(popup, 'posture-todo', [UNJUDGED_TEXTS.too_dark.todo], 10_000);
    const { monitor } = (await popup.evaluate(() => chrome.storage.local.get('monitor'))) as {
      monitor: { posture: string; unjudged?: string | null };
    };
    expect(monitor).toMatchObject({ posture: 'neutral', unjudged: 'too_dark' });
    await popup.$eval('[data-testid="posture"]', (el) => el.scrollIntoView({ block: 'center' }));
    await saveScreenshot(popup, SUITE, 'popup-too-dark');

    // The light comes back: judged again, and the todo goes.
    stack.camera.show('upright');
    await waitForPopupText(popup, 'posture', ['Good posture'], 90_000);
    expect(await popup.$('[data-testid="posture-todo"]')).toBeNull();
    const shown = await popup.evaluate(
      () => (window as unknown as { __postureTexts: string[] }).__postureTexts,
    );
    expect(shown.some((t) => /poor/i.test(t))).toBe(false);
  }, 400_000);
});
