// Quiet in calls asks the browser for the call apps' tabs, and the user answers Chrome's own prompt: the built
// extension in the system Chromium, headful on a virtual screen (testkit screen.ts), where the prompt is drawn and
// answered from the keyboard as a user does (its Deny button has the focus; Tab moves to Allow).
// The prompts are saved for a person to look at (`.artifacts/screenshots/extension-quiet-access/`). The call app is a
// page this test serves on `localhost`, a host the extension has no permission for (its own are 127.0.0.1's), so
// asking for it brings up the real prompt. Refused, Quiet in calls stays off and the popup says why; allowed, it is
// on and a call holds the alerts; the access taken back later (as in chrome://extensions), the popup says Quiet in
// calls needs it and its Allow button asks again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUIET_MESSAGES } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { type Region, type Screen, startScreen } from '@posture-vision/testkit/screen';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import { waitForPopupText } from './popup';

const SUITE = 'extension-quiet-access';

let screen: Screen;
let stack: ExtensionStack;
let browser: Browser;
let popup: Page;
let callServer: Server;
let callPage: string;
let callOrigins: string[];

/** A patch of the popup's tab below its content (the window is at the screen's top left, 860 × 600): the page's
 * own background, which the browser dims behind its prompt. */
const PAGE_PATCH: Region = { x: 560, y: 460, width: 200, height: 100 };

const quietOnApi = async () =>
  (await get(stack.api, '/profile/alert-preferences', stack.user.accessToken)).data.quietInCalls as boolean;

/** What the popup says while the call tab holds the alerts. */
const heldInCall = () =>
  `${QUIET_MESSAGES.heldInCall(new URL(callPage).host)} · ${QUIET_MESSAGES.heldGoesOn}`;

const hasAccess = () => popup.evaluate((origins) => chrome.permissions.contains({ origins }), callOrigins);

/**
 * Does what asks the browser (a click in the popup), waits until its prompt dims the page, saves the screen for a
 * person to look at, then answers it: Deny has the focus, Tab moves to Allow.
 */
async function answerPrompt(ask: () => Promise<void>, answer: 'deny' | 'allow', shot: string) {
  const before = screen.meanGrey(PAGE_PATCH);
  await ask();
  await expect
    .poll(() => screen.meanGrey(PAGE_PATCH), { timeout: 15_000, interval: 200 })
    .toBeLessThan(before * 0.8);
  // Keys go to the prompt once it is drawn and still (it fades in, and takes the focus as it opens).
  let last = '';
  await expect
    .poll(
      () => {
        const now = screen.signature();
        const still = now === last;
        last = now;
        return still;
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe(true);
  screen.capture(SUITE, shot);
  screen.press(...(answer === 'allow' ? ['Tab', 'Return'] : ['Return']));
  await expect
    .poll(() => screen.meanGrey(PAGE_PATCH), { timeout: 15_000, interval: 200 })
    .toBeCloseTo(before, 1);
}

beforeAll(async () => {
  screen = await startScreen();
  callServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Stand-up call</title><p>In a call</p>');
  });
  await new Promise<void>((resolve) => callServer.listen(0, '127.0.0.1', resolve));
  const port = (callServer.address() as AddressInfo).port;
  callPage = `http://localhost:${port}/call/standup`;
  // Match patterns carry no port: what the extension asks for is the host.
  callOrigins = ['http://localhost/*'];
  stack = await startExtensionStack({
    name: 'quiet-access',
    vision: 'nobody',
    signIn: true,
    callApps: `http://localhost:${port}/call/`,
    display: screen.display,
    chromiumArgs: ['--window-size=860,600'],
  });
  ({ browser, popup } = stack);
  await popup.bringToFront();
  await popup.reload();
  await popup.waitForSelector('[data-testid="quiet-in-calls"]', { timeout: 15_000 });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await screen?.stop();
  await new Promise((resolve) => callServer?.close(resolve));
});

describe("Quiet in calls and the browser's prompt", () => {
  it('asks on the click that turns it on; refused, it stays off and the popup says why', async () => {
    expect(await hasAccess()).toBe(false);
    await answerPrompt(() => popup.locator('[data-testid="quiet-in-calls"]').click(), 'deny', 'prompt');
    await popup.waitForFunction(
      (text) => document.querySelector('[data-testid="alert-controls"]')?.textContent?.includes(text),
      { timeout: 15_000 },
      QUIET_MESSAGES.accessRefused,
    );
    expect(
      await popup.$eval('[data-testid="quiet-in-calls"]', (el) => (el as HTMLInputElement).checked),
    ).toBe(false);
    expect(await hasAccess()).toBe(false);
    expect(await quietOnApi()).toBe(false);
  }, 120_000);

  it('allowed, it is on (kept on the account) and a tab in a call holds the alerts', async () => {
    await answerPrompt(
      () => popup.locator('[data-testid="quiet-in-calls"]').click(),
      'allow',
      'prompt-allow',
    );
    await expect.poll(quietOnApi, { timeout: 15_000, interval: 250 }).toBe(true);
    expect(await hasAccess()).toBe(true);
    expect(await popup.$('[data-testid="quiet-needs-access"]')).toBeNull();

    const call = await browser.newPage();
    await call.goto(callPage);
    await popup.bringToFront();
    await waitForPopupText(popup, 'snooze-state', [heldInCall()], 30_000);
    await call.close();
    await waitForPopupText(popup, 'snooze-state', ['Alerts on'], 30_000);
  }, 120_000);

  it('the access taken back, the popup says Quiet in calls needs it, and its Allow button asks again', async () => {
    // The user removes the site's access on chrome://extensions (what its page calls); the preference stays on.
    // (The extension's own chrome.permissions.remove would not do: Chrome then gives the access back unasked.)
    const settings = await browser.newPage();
    await settings.goto(`chrome://extensions/?id=${new URL(popup.url()).host}`);
    await settings.evaluate(
      (id, origin) =>
        (
          chrome as unknown as {
            developerPrivate: { removeHostPermission(id: string, host: string): Promise<void> };
          }
        ).developerPrivate.removeHostPermission(id, origin),
      new URL(popup.url()).host,
      callOrigins[0] as string,
    );
    await settings.close();
    await popup.bringToFront();
    expect(await hasAccess()).toBe(false);
    const needs = await waitForPopupText(
      popup,
      'quiet-needs-access',
      [`${QUIET_MESSAGES.needsAccess} ${QUIET_MESSAGES.allowAccess}`],
      30_000,
    );
    expect(needs).toBe(`${QUIET_MESSAGES.needsAccess} ${QUIET_MESSAGES.allowAccess}`);
    for (const theme of ['dark', 'light'] as const) {
      await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      await popup.waitForFunction((t) => document.body.dataset.theme === t, {}, theme);
      await popup.$eval('[data-testid="quiet-needs-access"]', (el) => el.scrollIntoView({ block: 'center' }));
      await saveScreenshot(popup, SUITE, `popup-needs-access-${theme}`);
    }
    await popup.emulateMediaFeatures([]);
    expect(await quietOnApi()).toBe(true);
    // No call can be seen meanwhile: a call tab holds nothing, and the popup does not claim it does.
    const call = await browser.newPage();
    await call.goto(callPage);
    await popup.bringToFront();
    await waitForPopupText(popup, 'snooze-state', ['Alerts on'], 30_000);

    await answerPrompt(
      () =>
        popup.locator(`[data-testid="quiet-needs-access"] ::-p-text(${QUIET_MESSAGES.allowAccess})`).click(),
      'allow',
      'prompt-again',
    );
    await waitForPopupText(popup, 'snooze-state', [heldInCall()], 30_000);
    expect(await popup.$('[data-testid="quiet-needs-access"]')).toBeNull();
    await call.close();
  }, 120_000);
});
