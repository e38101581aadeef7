// The popup and the camera-permission page as a user sees them, in both themes, from stored state: the
// account it is signed in as, a clear posture indicator, today's good-posture share as a chart and the
// snooze with its time left. No servers: the popup only reads chrome.storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BATTERY_MESSAGES,
  cameraFallbackText,
  cameraInUseText,
  DESK_DAYS_TEXTS,
  type SittingState,
  UNJUDGED_TEXTS,
} from '@posture-vision/core';
import { launchChromium, saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension } from '../scripts/package-extension';
import { OFFSCREEN_PATH } from '../src/platform/offscreen-host';
import type { AlertState } from '../src/rules/alert-timing';
import { formatMonitoredTime, localDay } from '../src/rules/daily-stats';
import type { Account, MonitorState } from '../src/state/monitor-state';
import { openPopup } from './popup';

const SUITE = 'extension';
let tmp: string;
let browser: Browser;
let popup: Page;
let extensionId: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'pv-ext-look-'));
  const dir = await buildExtension(join(tmp, 'extension'), { VITE_API_URL: 'http://127.0.0.1:9' });
  browser = await launchChromium({ extension: dir });
  // A short viewport: the full-page screenshot then grows to the popup's own height.
  ({ popup, extensionId } = await openPopup(browser, { width: 368, height: 100 }));
  // A running monitor has its offscreen document (camera and link) open. Without one the service worker, each
  // time Chrome starts it again after it went idle, rightly takes the stored 'monitoring' for a run the browser's
  // closing cut off and starts monitoring anew (here: against no API), which would change what the popup shows
  // in the middle of these tests. The document idles until it is told to start. It is opened before the state is
  // stored: the service worker may start at any moment, and must never find a stored run without its document.
  await popup.evaluate(async (path) => {
    await chrome.offscreen.createDocument({
      url: path,
      reasons: [chrome.offscreen.Reason.USER_MEDIA],
      justification: 'The popup test shows a running monitor.',
    });
  }, OFFSCREEN_PATH);
  const now = Date.now();
  await popup.evaluate(
    (day, at) =>
      chrome.storage.local.set({
        token: 'stored-access-token',
        account: { email: 'pat.sitter@example.com', name: 'Pat Sitter' },
        monitor: {
          phase: 'monitoring',
          connection: 'Connected',
          posture: 'good',
          postureAt: at,
          sessionId: 's1',
          captureFps: 2,
          message: null,
        },
        // 45 min good, 15 min poor: 75 % good.
        stats: { day, monitoredMs: 60 * 60_000, goodMs: 45 * 60_000, poorMs: 15 * 60_000 },
        // Snoozed until 25 min from now: "25 minutes left" (to the nearest minute) for the next half minute.
        alerts: { poorSince: null, lastAlertAt: null, snoozedUntil: at + 25 * 60_000 },
      }),
    localDay(now),
    now,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Waits until no CSS transition runs (a theme change animates button colours). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

const textOf = (page: Page, testId: string) =>
  page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');

describe('extension popup look', () => {
  it('shows the account, the posture, the good-posture share as a chart and the snooze time left', async () => {
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="sign-in"]')?.textContent?.includes('@') === true,
    );
    expect(await textOf(popup, 'sign-in')).toBe('Signed in as pat.sitter@example.com');
    expect(await textOf(popup, 'posture')).toBe('Good posture');
    expect(await textOf(popup, 'phase')).toBe('Monitoring');
    // The share is drawn (an SVG ring) and named for screen readers.
    const ring = await popup.$eval('[data-testid="good-share"]', (el) => ({
      role: el.getAttribute('role'),
      label: el.getAttribute('aria-label'),
      arcs: el.querySelectorAll('svg circle').length,
    }));
    expect(ring).toEqual({ role: 'img', label: 'Good posture today: 75%', arcs: 2 });
    expect(await textOf(popup, 'snooze-state')).toMatch(/^Alerts snoozed · 25 minutes left \(until .+\)$/);
  });

  it('names the issue of a poor posture, shows the user’s picture, reads 30 minutes for a new snooze and ends it', async () => {
    const stored = (await popup.evaluate(() =>
      chrome.storage.local.get(['monitor', 'account', 'alerts']),
    )) as {
      monitor: MonitorState;
      account: Account;
      alerts: AlertState;
    };
    // A 2 × 2 PNG, as the web app's upload would have stored it (the API answers its address).
    const picture =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGOw7f77H4QZYAwAXjILEYwABKsAAAAASUVORK5CYII=';
    await popup.evaluate(
      (monitor, account) =>
        chrome.storage.local.set({
          monitor: { ...monitor, posture: 'poor', issue: 'forward_head' },
          account,
          alerts: { poorSince: null, lastAlertAt: null, snoozedUntil: null },
        }),
      stored.monitor,
      { ...stored.account, picture },
    );
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="posture"]')?.textContent === 'Poor posture: forward head',
    );
    await popup.waitForSelector('[data-testid="account-picture"]');
    expect(await popup.$eval('[data-testid="account-picture"]', (img) => (img as HTMLImageElement).src)).toBe(
      picture,
    );
    expect(await popup.$('[data-testid="account-initial"]')).toBeNull();

    // Snoozed from the popup: the full 30 minutes, then End snooze turns alerts on again.
    expect(await textOf(popup, 'snooze-state')).toBe('Alerts on');
    await popup.locator('::-p-text(Snooze alerts 30 min)').click();
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="snooze-state"]')?.textContent?.startsWith('Alerts snoozed'),
    );
    expect(await textOf(popup, 'snooze-state')).toMatch(/^Alerts snoozed · 30 minutes left \(until .+\)$/);
    await saveScreenshot(popup, SUITE, 'popup-poor-snoozed');
    await popup.locator('::-p-text(End snooze)').click();
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="snooze-state"]')?.textContent === 'Alerts on',
    );
    const { alerts } = (await popup.evaluate(() => chrome.storage.local.get('alerts'))) as {
      alerts: AlertState;
    };
    expect(alerts.snoozedUntil).toBeNull();

    // A picture that cannot be loaded falls back to the initial.
    await popup.evaluate(
      (account) =>
        chrome.storage.local.set({ account: { ...account, picture: 'data:image/png;base64,broken' } }),
      stored.account,
    );
    await popup.waitForSelector('[data-testid="account-initial"]');
    expect(await textOf(popup, 'account-initial')).toBe('P');
    await popup.evaluate((values) => chrome.storage.local.set(values), stored);
  });

  it('says why nothing is judged and what to do when it is too dark to see the user, in both themes', async () => {
    const { monitor } = (await popup.evaluate(() => chrome.storage.local.get('monitor'))) as {
      monitor: MonitorState;
    };
    // What the offscreen document stores once the light went after calibrating (its frame's reason).
    await popup.evaluate(
      (m) =>
        chrome.storage.local.set({
          monitor: { ...m, posture: 'neutral', issue: null, unjudged: 'too_dark' },
        }),
      monitor,
    );
    await popup.waitForFunction(
      (what) => document.querySelector('[data-testid="posture"]')?.textContent === what,
      {},
      UNJUDGED_TEXTS.too_dark.what,
    );
    expect(await textOf(popup, 'posture-todo')).toBe(UNJUDGED_TEXTS.too_dark.todo);
    // Said to a screen reader as one status: what it cannot see, then what to do.
    expect(
      await popup.$eval('[data-testid="posture"]', (el) => el.closest('[role="status"]')?.textContent),
    ).toBe(`${UNJUDGED_TEXTS.too_dark.what}${UNJUDGED_TEXTS.too_dark.todo}`);
    // The posture card in view (an earlier test scrolled the popup down to its profile form).
    await popup.$eval('[data-testid="posture"]', (el) => el.scrollIntoView({ block: 'center' }));
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await popup.waitForFunction(() => document.body.dataset.theme === 'dark');
    await settled(popup);
    await saveScreenshot(popup, SUITE, 'popup-too-dark-dark');
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await popup.waitForFunction(() => document.body.dataset.theme === 'light');
    await settled(popup);
    await saveScreenshot(popup, SUITE, 'popup-too-dark-light');
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);

    // Judged again: the todo goes.
    await popup.evaluate((m) => chrome.storage.local.set({ monitor: m }), monitor);
    await popup.waitForFunction(() => !document.querySelector('[data-testid="posture-todo"]'));
    expect(await textOf(popup, 'posture')).toBe('Good posture');
  });

  it('draws the profile and alert controls as cards like the rest, and says why they could not load', async () => {
    // No API answers in this test (its address is closed): the profile list and the alert preferences fail.
    await popup.waitForSelector('.profiles [role="alert"]');
    const look = await popup.evaluate(() => {
      const style = (el: Element) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, radius: s.borderTopLeftRadius };
      };
      return {
        section: style(document.querySelector('.popup-account') as Element),
        fieldsets: [...document.querySelectorAll('.popup > fieldset')].map(style),
      };
    });
    // Three cards (calibration profile, camera, alerts) painted as the popup's sections are, not browser-default
    // boxes.
    expect(look.fieldsets).toEqual([look.section, look.section, look.section]);
    expect(await popup.$eval('.profiles [role="alert"]', (el) => el.textContent)).toBe(
      'Could not reach the Posture Vision server: Failed to fetch. Check your connection and try again.',
    );
  });

  it('fits Chrome’s 600 px popup with Start/Stop in reach, and breaks a long e-mail only before its @', async () => {
    // Chrome caps a popup at 600 px: what is taller is cut and the whole popup scrolls.
    await popup.setViewport({ width: 368, height: 600 });
    await popup.waitForSelector('[data-testid="alert-controls"]');
    const fit = await popup.evaluate(() => {
      const stop = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Stop monitoring');
      return {
        height: document.documentElement.scrollHeight,
        stopBottom: stop?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY,
      };
    });
    expect(fit.height).toBeLessThanOrEqual(600);
    expect(fit.stopBottom).toBeLessThanOrEqual(600);
    await saveScreenshot(popup, SUITE, 'popup-600');

    const long = 'patricia.sitterson-longname@example-company.com';
    const before = (await popup.evaluate(() => chrome.storage.local.get('account'))).account;
    await popup.evaluate(
      (email) => chrome.storage.local.set({ account: { email, name: 'Pat Sitter' } }),
      long,
    );
    await popup.waitForFunction(
      (email) => document.querySelector('[data-testid="sign-in"]')?.textContent === `Signed in as ${email}`,
      {},
      long,
    );
    // Where each character of the address sits: a new line may start only at the @.
    const lineStarts = await popup.$eval('[data-testid="sign-in"] .popup-email', (el) => {
      const starts: string[] = [];
      let top: number | null = null;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const y = range.getBoundingClientRect().top;
          if (top !== null && y > top + 2) starts.push(node.textContent?.[i] ?? '');
          top = y;
        }
      }
      return starts;
    });
    expect(lineStarts.every((c) => c === '@')).toBe(true);
    await saveScreenshot(popup, SUITE, 'popup-long-email');
    await popup.evaluate((account) => chrome.storage.local.set({ account }), before);
  });

  it('scrolls to the profile form, whose Add is clicked and not the actions under it; the page stays put', async () => {
    // At 600 px the profile card is below the sections' fold, with the alert card under it.
    await popup.setViewport({ width: 368, height: 600 });
    await popup.waitForSelector('[data-testid="alert-controls"]');
    await popup.locator('[data-testid="new-profile-name"]').fill('Desk');
    // From the top, Add brought just into view, as the browser brings what is below the fold (the nearest edge).
    await popup.evaluate(() => {
      const add = [...document.querySelectorAll('.profiles button')].find(
        (b) => b.textContent === 'Add profile',
      );
      add?.closest('.popup')?.scrollTo(0, 0);
      add?.scrollIntoView({ block: 'nearest' });
      // What the next click reaches, whatever it is.
      document.addEventListener(
        'click',
        (e) => {
          const target = e.target as Element;
          document.body.dataset.clicked = target.closest('button')?.textContent ?? target.tagName;
        },
        { capture: true, once: true },
      );
    });
    await popup.locator('.profiles ::-p-text(Add profile)').click();
    const after = await popup.evaluate(() => ({
      clicked: document.body.dataset.clicked,
      pageScrolled: document.scrollingElement?.scrollTop,
    }));
    expect(after).toEqual({ clicked: 'Add profile', pageScrolled: 0 });
    await saveScreenshot(popup, SUITE, 'popup-profile-form');
  });

  it('drops "Allow camera access…" once monitoring has started', async () => {
    const stored = await popup.evaluate(() => chrome.storage.local.get(['monitor', 'camera']));
    await popup.evaluate(() =>
      chrome.storage.local.set({
        monitor: { phase: 'idle', connection: 'Not connected', posture: null, message: null },
      }),
    );
    await popup.evaluate(() => chrome.storage.local.remove('camera'));
    const before = new Set((await browser.pages()).map((p) => p.url()));
    await popup.bringToFront();
    await popup.locator('::-p-text(Start monitoring)').click();
    const allow = 'Allow camera access in the tab that just opened; monitoring starts after that.';
    await popup
      .waitForFunction(
        (t) => [...document.querySelectorAll('.message')].some((el) => el.textContent === t),
        // The permission tab is in front now: the popup's animation frames are paused, poll by time.
        { timeout: 10_000, polling: 100 },
        allow,
      )
      .catch(async (error) => {
        // biome-ignore lint/performance/useDomNodeTextContent: what the popup shows says why
        throw new Error(await popup.evaluate(() => document.body.innerText), { cause: error });
      });
    // The camera allowed in that tab, monitoring runs: the warning is no longer true.
    for (const page of await browser.pages()) if (!before.has(page.url())) await page.close();
    await popup.bringToFront();
    await popup.evaluate((monitor) => chrome.storage.local.set({ monitor }), stored.monitor);
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="phase"]')?.textContent === 'Monitoring',
      { polling: 100 },
    );
    expect(await popup.$$eval('.message', (els, t) => els.some((el) => el.textContent === t), allow)).toBe(
      false,
    );
    if (stored.camera) await popup.evaluate((camera) => chrome.storage.local.set({ camera }), stored.camera);
  });

  it('draws the desk-day cards in both themes: sitting and breaks, the week, the camera and the battery', async () => {
    await popup.setViewport({ width: 368, height: 600 });
    const { monitor } = (await popup.evaluate(() => chrome.storage.local.get('monitor'))) as {
      monitor: MonitorState;
    };
    const now = Date.now();
    // Sitting for 47 min after two breaks today, the longest stretch 1 h 12 min; on battery, watching more
    // slowly; the chosen camera not connected, so the laptop's own is in use.
    const sitting: SittingState = {
      day: new Date(now).toDateString(),
      since: now - 47 * 60_000,
      lastSeenAt: now,
      stopped: false,
      breaksToday: 2,
      longestTodayMs: 72 * 60_000,
      remindedAt: null,
      snoozedUntil: null,
    };
    const camera = { label: 'Integrated Webcam (0c45:6a10)', fallback: 'Logitech C920 HD Pro Webcam' };
    await popup.evaluate(
      (m, s, choice) => chrome.storage.local.set({ monitor: m, sitting: s, cameraChoice: choice }),
      { ...monitor, power: { onBattery: true, mode: 'slower' }, camera },
      sitting,
      JSON.stringify({ deviceId: 'logitech-c920', label: camera.fallback }),
    );
    // The choice is read as the popup opens.
    await popup.reload();
    await popup.waitForFunction(
      (text) => document.querySelector('[data-testid="battery"]')?.textContent === text,
      {},
      BATTERY_MESSAGES.slower,
    );
    expect({
      sittingNow: await textOf(popup, 'sitting-now'),
      breaks: await textOf(popup, 'breaks-today'),
      longest: await textOf(popup, 'longest-stretch'),
      inUse: await textOf(popup, 'camera-in-use'),
      fallback: await textOf(popup, 'camera-fallback'),
    }).toEqual({
      sittingNow: formatMonitoredTime(47 * 60_000),
      breaks: '2',
      longest: formatMonitoredTime(72 * 60_000),
      inUse: cameraInUseText(camera.label),
      fallback: cameraFallbackText(camera.fallback),
    });
    // No API answers here: the week says it could not load its figures, and shows none.
    await popup.waitForSelector('[data-testid="week"] [role="alert"]');
    expect(await textOf(popup, 'week-good-7d')).toBe(DESK_DAYS_TEXTS.none);

    // Nothing cut or spilling over in either theme: every card is within the popup's width.
    const overflow = await popup.evaluate(() =>
      [...document.querySelectorAll('.popup > *')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className || el.tagName),
    );
    expect(overflow).toEqual([]);
    for (const theme of ['dark', 'light'] as const) {
      await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      await popup.waitForFunction((t) => document.body.dataset.theme === t, {}, theme);
      await settled(popup);
      await popup.$eval('[data-testid="week"]', (el) => el.scrollIntoView({ block: 'end' }));
      await saveScreenshot(popup, SUITE, `popup-desk-sitting-week-${theme}`);
      await popup.$eval('[data-testid="battery"]', (el) => el.scrollIntoView({ block: 'end' }));
      await saveScreenshot(popup, SUITE, `popup-desk-camera-battery-${theme}`);
    }
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await popup.evaluate((m) => chrome.storage.local.set({ monitor: m }), monitor);
    await popup.evaluate(() => chrome.storage.local.remove(['sitting', 'cameraChoice']));
    await popup.waitForFunction(() => !document.querySelector('[data-testid="battery"]'));
  });

  it('is styled in both themes (dark by default, light when the system asks)', async () => {
    const colours = () =>
      popup.evaluate(() => ({
        theme: document.body.dataset.theme,
        background: getComputedStyle(document.body).backgroundColor,
        // The token the primary button is painted with (its own colour may still be in its transition).
        primary: getComputedStyle(document.querySelector('.ui-btn-primary') as Element)
          .getPropertyValue('--ui-primary')
          .trim(),
      }));
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await popup.reload();
    await popup.waitForSelector('[data-testid="good-share"]');
    const dark = await colours();
    await saveScreenshot(popup, SUITE, 'popup-dark');
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await popup.waitForFunction(() => document.body.dataset.theme === 'light');
    const light = await colours();
    await settled(popup);
    await saveScreenshot(popup, SUITE, 'popup-light');
    expect(dark).toEqual({ theme: 'dark', background: 'rgb(15, 20, 32)', primary: '#3d8bfd' });
    expect(light).toEqual({ theme: 'light', background: 'rgb(246, 248, 252)', primary: '#1a66d6' });
  });

  it('gives the camera-permission page the same look', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.goto(`chrome-extension://${extensionId}/src/permission/permission.html`);
    await page.waitForSelector('.ui-btn-primary');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Allow Posture Vision to use your camera');
    expect(await page.$eval('.ui-btn-primary', (b) => b.textContent)).toBe('Allow camera');
    await saveScreenshot(page, SUITE, 'permission-dark-1280');
    await page.setViewport({ width: 375, height: 800 });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await page.waitForFunction(() => document.body.dataset.theme === 'light');
    await settled(page);
    await saveScreenshot(page, SUITE, 'permission-light-375');
    await page.close();
  });
});
