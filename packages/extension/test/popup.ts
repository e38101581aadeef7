// The extension's popup in a browser test: found through the extension's service worker, read by test id, and
// signed in the way a user signs the extension in (through the web app's page, which hands over a code).
import { POSTURE_ISSUES, poorPostureText, postureIssueName } from '@posture-vision/core';
import type { Browser, Page } from 'puppeteer-core';
import type { AlertState } from '../src/rules/alert-timing';
import type { TestUser } from './api-user';

/** The extension's id (from its service worker) and a page with its popup open. */
export async function openPopup(
  browser: Browser,
  viewport?: { width: number; height: number },
): Promise<{ popup: Page; extensionId: string }> {
  const worker = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
  );
  const extensionId = new URL(worker.url()).host;
  const popup = await browser.newPage();
  if (viewport) await popup.setViewport(viewport);
  await popup.goto(`chrome-extension://${extensionId}/src/popup/popup.html`);
  return { popup, extensionId };
}

/** What the popup's posture reads for a poor posture: its issue named ("Poor posture: slouch"), or bare when the
 * verdict names no cause. */
export const POOR_POSTURE_TEXTS = [
  ...POSTURE_ISSUES.map((i) => poorPostureText(postureIssueName(i))),
  poorPostureText(null),
];

/** Waits until the element with the test id reads one of the texts, and returns what it reads. */
export async function waitForPopupText(
  popup: Page,
  testId: string,
  texts: string[],
  timeout: number,
): Promise<string> {
  try {
    await popup.waitForFunction(
      (id, wanted) => wanted.includes(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
      { timeout, polling: 250 },
      testId,
      texts,
    );
  } catch (error) {
    // Say what the popup showed instead: its phase, connection, posture and message.
    const seen = await popup.evaluate(() =>
      ['phase', 'connection', 'posture', 'message']
        .map((id) => `${id}: ${document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '—'}`)
        .join('; '),
    );
    throw new Error(`waiting for ${testId} to show ${texts.join(' or ')}; the popup showed ${seen}`, {
      cause: error,
    });
  }
  return popup.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');
}

/** Waits for an element of the popup, or fails saying what the popup showed instead (signed out, still loading, an
 * error) rather than only that it timed out. */
export async function waitForPopupElement(popup: Page, selector: string, timeout = 45_000): Promise<void> {
  await popup.waitForSelector(selector, { timeout }).catch(async (error: unknown) => {
    const shown = await popup.evaluate(() =>
      (document.body.textContent ?? '').replace(/\s+/g, ' ').slice(0, 800),
    );
    throw new Error(`no ${selector} in the popup, which showed: ${shown}`, { cause: error });
  });
}

/** Signs the web app in as the user on its download page, which signs the extension in; returns that page. */
export async function signInThroughWebApp(
  browser: Browser,
  webOrigin: string,
  user: TestUser,
): Promise<Page> {
  const webPage = await browser.newPage();
  await webPage.goto(`${webOrigin}/chrome-extension-download`);
  await webPage.evaluate((token) => localStorage.setItem('token', token), user.accessToken);
  await webPage.setCookie({
    name: 'refresh_token',
    value: user.refreshToken,
    url: webOrigin,
    sameSite: 'Strict',
  });
  await webPage.reload();
  return webPage;
}

/** Chooses "Process video on this computer" in the popup and waits until the choice is stored. */
export async function chooseDeviceProcessing(popup: Page): Promise<void> {
  await popup.bringToFront();
  await popup.locator('[data-testid="process-on-device"]').click();
  await popup.waitForFunction(() =>
    chrome.storage.local.get('processing').then((v) => v.processing === 'device'),
  );
}

/**
 * Start monitoring as a user does: the popup's button opens the camera-permission page, whose "Allow camera"
 * asks the browser. Returns what the page then says; the page is closed and the popup is in front again.
 */
export async function startMonitoring(browser: Browser, popup: Page): Promise<string> {
  const permissionOpened = browser.waitForTarget((t) => t.url().includes('/src/permission/permission.html'));
  await popup.bringToFront();
  await popup.locator('::-p-text(Start monitoring)').click();
  const permission = (await (await permissionOpened).asPage()) as Page;
  await permission.bringToFront();
  await permission.locator('::-p-text(Allow camera)').click();
  const status = await permission.waitForSelector('[role="status"]');
  const said = (await status?.evaluate((el) => el.textContent)) ?? '';
  await permission.close();
  await popup.bringToFront();
  return said;
}

/** The ids of the notifications the extension shows now ('poor-posture' once it alerted). */
export function notificationsShown(popup: Page): Promise<string[]> {
  return popup.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
}

/**
 * How long poor posture had lasted when the notification was raised (ms): both are the extension's own event
 * times, the posture update that began the stretch of poor posture and the one that raised the notification.
 */
export async function alertAfterPoorMs(popup: Page): Promise<number> {
  const { alerts } = (await popup.evaluate(() => chrome.storage.local.get('alerts'))) as {
    alerts: AlertState;
  };
  return (alerts.lastAlertAt ?? 0) - (alerts.poorSince ?? Number.NaN);
}

/**
 * The offscreen document's clock (its monitor's `now`, read at every frame): `setSpeed(n)` makes it run n times as
 * fast as real time from now on, going on from the time it shows (1: real time again, still ahead by what it
 * gained). What the monitor times — the stale calibration, sitting and breaks — then passes in seconds.
 */
export async function offscreenClock(
  browser: Browser,
): Promise<{ setSpeed(speed: number): Promise<void>; now(): Promise<number> }> {
  const target = await browser.waitForTarget((t) => t.url().includes('/src/offscreen/offscreen.html'));
  const page = (await target.asPage()) as Page;
  return {
    /** The monitor's clock now. */
    now: () => page.evaluate(() => Date.now()),
    setSpeed: (speed) =>
      page.evaluate((n) => {
        const w = window as unknown as { realNow?: () => number };
        w.realNow ??= Date.now.bind(Date);
        const real = w.realNow;
        const from = { real: real(), shown: Date.now() };
        Date.now = () => from.shown + (real() - from.real) * n;
      }, speed),
  };
}

/**
 * Clicks a button of one of the extension's notifications (0: its first, the snooze), as the user does on the
 * desktop: the browser draws notifications outside any page a test can reach, so the click is the event the
 * browser would send, dispatched to the service worker's listeners (the notifier's) with the notification's id.
 */
export async function clickNotificationButton(browser: Browser, id: string, index = 0): Promise<void> {
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
  );
  const worker = await target.worker();
  if (!worker) throw new Error('the extension has no service worker');
  await worker.evaluate(
    (notification, button) => {
      const event = chrome.notifications.onButtonClicked as typeof chrome.notifications.onButtonClicked & {
        dispatch(id: string, index: number): void;
      };
      event.dispatch(notification, button);
    },
    id,
    index,
  );
}
