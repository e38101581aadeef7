// Quiet in calls and quiet hours on the loaded extension, against the real API, the video processed on this
// computer: alerts held while a tab is in a call or in the quiet hours, said in the popup with why; monitoring and
// counting go on, and the alert comes once the hold ends with the posture still poor.
//
// The call is a page this test serves on its own host: the build takes it for the call apps' meetings
// (VITE_CALL_APPS, src/rules/call-apps.ts) instead of Google Meet and the others. The host is the one the
// extension already has a host permission for (the web app's, match patterns carry no port), so turning Quiet in
// calls on asks the browser for it as for the real sites, through chrome.permissions.request from the popup's
// click, and it resolves without a prompt (the prompt itself, refused and allowed, is quiet-access.browser.test.ts's). Quiet hours
// are set around the real time of day; the offscreen document's clock (the monitor's, which times the alert's
// 5-minute spacing and the sitting stretch) runs faster while the test waits for those, as in the breaks test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUIET_MESSAGES, STAND_UP_MINUTES } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { typeTime } from '@posture-vision/testkit/time-input';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TIMINGS, type AlertState } from '../src/rules/alert-timing';
import type { MonitorState } from '../src/state/monitor-state';
import { get, put } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import {
  chooseDeviceProcessing,
  notificationsShown,
  offscreenClock,
  POOR_POSTURE_TEXTS,
  startMonitoring,
  waitForPopupText,
} from './popup';

const SUITE = 'extension-quiet';
const SPEED = 30;

let stack: ExtensionStack;
let browser: Browser;
let popup: Page;
let callServer: Server;
let callPage: string;

const waitForPopup = (testId: string, texts: string[], timeout = 60_000) =>
  waitForPopupText(popup, testId, texts, timeout);

const preferencesOnApi = async () =>
  (await get(stack.api, '/profile/alert-preferences', stack.user.accessToken)).data;

/** What the service worker stored: the alert state and the monitor's. */
const stored = () =>
  popup.evaluate(async () => {
    const { alerts, monitor } = await chrome.storage.local.get(['alerts', 'monitor']);
    return { alerts: (alerts ?? {}) as AlertState, monitor: monitor as MonitorState };
  });

/** The alerts' state in view for the screenshot (the popup's sections scroll under its actions). */
const screenshot = async (name: string, testId = 'snooze-state') => {
  await popup.$eval(`[data-testid="${testId}"]`, (el) => el.scrollIntoView({ block: 'center' }));
  await saveScreenshot(popup, SUITE, name);
};

const badgeText = () => popup.evaluate(() => chrome.action.getBadgeText({}));

/** A time of day `minutes` from now on the browser's clock, "HH:MM". */
const timeFromNow = (minutes: number) =>
  popup.evaluate((m) => {
    const at = new Date(Date.now() + m * 60_000);
    return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  }, minutes);

beforeAll(async () => {
  // The call app's page: a meeting room under /call/, on the test's host.
  callServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Stand-up call</title><p>In a call</p>');
  });
  await new Promise<void>((resolve) => callServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(callServer.address() as AddressInfo).port}`;
  callPage = `${origin}/call/standup`;
  stack = await startExtensionStack({
    name: 'quiet',
    vision: 'nobody',
    signIn: true,
    callApps: `${origin}/call/`,
  });
  ({ browser, popup } = stack);
  // Another device (the web app's User Settings) chose the slower watch on battery after the popup first read the
  // preferences: the popup's copy is older than the account.
  await put(stack.api, '/profile/alert-preferences', stack.user.accessToken, {
    sensitivity: 'high',
    warningDelaySeconds: 30,
    batteryMode: 'slower',
  });
  await popup.bringToFront();
  // The popup loads the preferences on sign-in; open it afresh, as a user would.
  await popup.reload();
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => callServer?.close(resolve));
});

describe('alerts held in a call and in quiet hours', () => {
  it('holds the posture alert while a tab is in a call, says so, and alerts once the call tab is closed', async () => {
    // Alerts as soon as poor posture is seen (no delay), and the stand-up reminder at its shortest stretch.
    // The popup has read the account (the other device's choice shows), so no answer re-renders a field being typed.
    await popup.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('[data-testid="battery-mode"]')?.value === 'slower',
      { timeout: 15_000 },
    );
    await popup.locator('[data-testid="alert-warning-delay"]').fill('0');
    await popup.keyboard.press('Enter');
    await popup.select('[data-testid="stand-up-minutes"]', String(STAND_UP_MINUTES.min));
    // Quiet in calls, turned on in the popup: the browser is asked for the call sites' tabs on that click.
    await popup.locator('[data-testid="quiet-in-calls"]').click();
    await expect
      .poll(async () => preferencesOnApi(), { timeout: 15_000, interval: 250 })
      .toMatchObject({ warningDelaySeconds: 0, standUpMinutes: STAND_UP_MINUTES.min, quietInCalls: true })
      .catch(async (error: unknown) => {
        // Say what the popup's fields and its copy held instead.
        const shown = await popup.evaluate(async () => ({
          delay: document.querySelector<HTMLInputElement>('[data-testid="alert-warning-delay"]')?.value,
          standUp: document.querySelector<HTMLSelectElement>('[data-testid="stand-up-minutes"]')?.value,
          quietInCalls: document.querySelector<HTMLInputElement>('[data-testid="quiet-in-calls"]')?.checked,
          error: document.querySelector('[data-testid="alert-controls"] .message.error')?.textContent ?? null,
          copy: (await chrome.storage.local.get('alertPreferences')).alertPreferences,
        }));
        throw new Error(`the popup showed ${JSON.stringify(shown)}`, { cause: error });
      });
    // The other device's choice is kept: the popup's saves change only what was changed here.
    expect((await preferencesOnApi()).batteryMode).toBe('slower');
    expect(await popup.evaluate(() => chrome.permissions.contains({ origins: ['http://127.0.0.1/*'] }))).toBe(
      true,
    );
    expect(await popup.$('[data-testid="quiet-needs-access"]')).toBeNull();

    await chooseDeviceProcessing(popup);
    await startMonitoring(browser, popup);
    await waitForPopup('phase', ['Monitoring'], 120_000);
    await waitForPopup('snooze-state', ['Alerts on']);

    // She joins the call: the popup says alerts are held, naming the call's site.
    const call = await browser.newPage();
    await call.goto(callPage);
    await popup.bringToFront();
    const site = new URL(callPage).host;
    const held = `${QUIET_MESSAGES.heldInCall(site)} · ${QUIET_MESSAGES.heldGoesOn}`;
    await waitForPopup('snooze-state', [held]);

    // She slouches through the call: poor posture is seen and the alert falls due, but none comes.
    stack.camera.show('slouched');
    await waitForPopup('posture', POOR_POSTURE_TEXTS, 120_000);
    await expect
      .poll(async () => (await stored()).alerts.heldAt ?? null, { timeout: 60_000, interval: 250 })
      .not.toBeNull();
    const during = await stored();
    expect(await notificationsShown(popup)).toEqual([]);
    expect(during.alerts.lastAlertAt).toBeNull();
    // Monitoring goes on: the posture badge, not the alert's.
    expect(await badgeText()).toBe('POOR');
    expect(during.monitor.alert).toBeNull();
    await screenshot('popup-held-in-call');

    // The call ends (its tab closed), the slouch goes on: the alert comes.
    await call.close();
    await waitForPopup('snooze-state', ['Alerts on']);
    await expect
      .poll(() => notificationsShown(popup), { timeout: 60_000, interval: 250 })
      .toEqual(['poor-posture']);
    expect(await badgeText()).toBe('SIT');
  }, 420_000);

  it('holds the posture alert and the stand-up reminder in quiet hours, says until when, and alerts once they end', async () => {
    await popup.evaluate(() => chrome.notifications.clear('poor-posture'));
    stack.camera.show('upright');
    await waitForPopup('posture', ['Good posture'], 120_000);

    // Quiet hours around now, set in the popup: from an hour ago until an hour from now.
    const [start, end] = [await timeFromNow(-60), await timeFromNow(60)];
    await popup.locator('[data-testid="quiet-hours"]').click();
    await popup.waitForSelector('[data-testid="quiet-hours-start"]');
    expect(await typeTime(popup, '[data-testid="quiet-hours-start"]', start)).toBe(start);
    expect(await typeTime(popup, '[data-testid="quiet-hours-end"]', end)).toBe(end);
    await expect
      .poll(async () => (await preferencesOnApi()).quietHours, { timeout: 15_000, interval: 250 })
      .toEqual({ start, end });
    const held = `${QUIET_MESSAGES.heldQuietHours(end)} · ${QUIET_MESSAGES.heldGoesOn}`;
    await waitForPopup('snooze-state', [held]);

    // She sits on past the reminder's stretch and the alert's 5-minute spacing (the monitor's clock fast): the
    // reminder falls due and is held.
    const clock = await offscreenClock(browser);
    await clock.setSpeed(SPEED);
    await expect
      .poll(
        async () => {
          const { alerts, monitor } = await stored();
          return (
            alerts.standUpHeldAt != null &&
            monitor.postureAt !== null &&
            monitor.postureAt - (alerts.lastAlertAt ?? 0) >= ALERT_TIMINGS.cooldownMs
          );
        },
        { timeout: (STAND_UP_MINUTES.min * 60_000) / SPEED + 90_000, interval: 250 },
      )
      .toBe(true);
    await clock.setSpeed(1);
    expect(await notificationsShown(popup)).toEqual([]);
    expect(await badgeText()).toBe('OK');

    // She slouches: the alert falls due and is held too.
    const heldBefore = (await stored()).alerts.heldAt ?? 0;
    stack.camera.show('slouched');
    await waitForPopup('posture', POOR_POSTURE_TEXTS, 120_000);
    await expect
      .poll(async () => (await stored()).alerts.heldAt ?? 0, { timeout: 60_000, interval: 250 })
      .toBeGreaterThan(heldBefore);
    expect(await notificationsShown(popup)).toEqual([]);
    expect(await badgeText()).toBe('POOR');
    await screenshot('popup-held-quiet-hours');
    await screenshot('popup-quiet-settings', 'quiet-hours-end');

    // Quiet hours turned off: the reminder and the alert both come.
    await popup.locator('[data-testid="quiet-hours"]').click();
    await expect
      .poll(async () => (await preferencesOnApi()).quietHours, { timeout: 15_000, interval: 250 })
      .toBeNull();
    await waitForPopup('snooze-state', ['Alerts on']);
    await expect
      .poll(async () => (await notificationsShown(popup)).sort(), { timeout: 60_000, interval: 250 })
      .toEqual(['poor-posture', 'stand-up']);
  }, 420_000);
});
