// The poor-posture notification as a user sees it: the built extension in the system Chromium, headful on a
// virtual screen (testkit screen.ts) with the browser drawing its own notifications. Device mode judges the real
// person of the fake camera; once she slouches past her warning delay the notification is raised and drawn in the
// screen's corner, which was bare before. The corner and the whole screen are saved for a person to look at
// (`.artifacts/screenshots/extension-notifications/`). The toast's look is the browser's (or the desktop's), not
// the extension's: Chromium draws it light even in its dark mode (`--force-dark-mode` darkens only its window),
// so one look is captured. Then she sits upright on until her stand-up reminder comes (the offscreen document's clock
// sped up, as in the breaks test), and that notification is captured the same way.
import { DEFAULT_ALERT_PREFERENCES, STAND_UP_MINUTES } from '@posture-vision/core';
import {
  NOTIFICATION_CORNER,
  notificationSwitches,
  type Screen,
  startScreen,
} from '@posture-vision/testkit/screen';
import { afterAll, describe, expect, it } from 'vitest';
import { ALERT_BADGE_TEXT } from '../src/rules/alert-style';
import { put } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import {
  chooseDeviceProcessing,
  notificationsShown,
  offscreenClock,
  POOR_POSTURE_TEXTS,
  startMonitoring,
  waitForPopupText,
} from './popup';

const SUITE = 'extension-notifications';

/** A short warning delay (User Settings allows 0–60 s): what is looked at is the notification, not the wait. */
const WARNING_DELAY_S = 3;

/** How fast the offscreen document's clock runs while she sits on to her stand-up reminder (the breaks test's). */
const SPEED = 40;

/** Below this the corner is bare: the virtual screen's root window is one flat colour (0). A drawn toast, text on
 * a panel, varies far more (about 0.2 in both looks). */
const DRAWN = 0.05;

const running: { stack?: ExtensionStack; screen?: Screen }[] = [];

afterAll(async () => {
  for (const r of running) {
    await r.stack?.stop();
    await r.screen?.stop();
  }
});

describe('the poor-posture notification on the screen', () => {
  it("is drawn in the screen's corner once a slouch outlasts the warning delay, naming the slouch", async () => {
    const screen = await startScreen();
    running.push({ screen });
    const stack = await startExtensionStack({
      name: 'notification',
      vision: 'nobody',
      signIn: true,
      display: screen.display,
      chromiumArgs: notificationSwitches(),
    });
    running.push({ stack });
    const { popup, browser, api, user } = stack;
    await put(api, '/profile/alert-preferences', user.accessToken, {
      ...DEFAULT_ALERT_PREFERENCES,
      warningDelaySeconds: WARNING_DELAY_S,
      standUpMinutes: STAND_UP_MINUTES.min,
    });
    await chooseDeviceProcessing(popup);
    await startMonitoring(browser, popup);
    await waitForPopupText(popup, 'posture', ['Good posture'], 120_000);
    expect(screen.variation(NOTIFICATION_CORNER)).toBeLessThan(DRAWN);

    stack.camera.show('slouched');
    await waitForPopupText(popup, 'posture', POOR_POSTURE_TEXTS, 90_000);
    await expect
      .poll(() => notificationsShown(popup), { timeout: 60_000, interval: 500 })
      .toContain('poor-posture');
    await expect
      .poll(() => screen.variation(NOTIFICATION_CORNER), { timeout: 15_000, interval: 250 })
      .toBeGreaterThan(DRAWN);
    // The badge stands beside it, titled with the notification's words: the issue and what to do.
    const badge = await popup.evaluate(async () => ({
      text: await chrome.action.getBadgeText({}),
      title: await chrome.action.getTitle({}),
    }));
    expect(badge.text).toBe(ALERT_BADGE_TEXT);
    expect(badge.title).toMatch(/slouch/i);
    screen.capture(SUITE, 'poor-posture', NOTIFICATION_CORNER);
    screen.capture(SUITE, 'poor-posture-screen');

    // She sits up and on: the toast is taken away, and the stand-up reminder comes once she has sat her minutes.
    stack.camera.show('upright');
    await waitForPopupText(popup, 'posture', ['Good posture'], 90_000);
    await popup.evaluate(() => chrome.notifications.clear('poor-posture'));
    await expect
      .poll(() => screen.variation(NOTIFICATION_CORNER), { timeout: 15_000, interval: 250 })
      .toBeLessThan(DRAWN);
    const clock = await offscreenClock(browser);
    await clock.setSpeed(SPEED);
    await expect
      .poll(() => notificationsShown(popup), {
        timeout: (STAND_UP_MINUTES.min * 60_000) / SPEED + 60_000,
        interval: 250,
      })
      .toContain('stand-up');
    await clock.setSpeed(1);
    await expect
      .poll(() => screen.variation(NOTIFICATION_CORNER), { timeout: 15_000, interval: 250 })
      .toBeGreaterThan(DRAWN);
    screen.capture(SUITE, 'stand-up', NOTIFICATION_CORNER);
    screen.capture(SUITE, 'stand-up-screen');
  }, 420_000);
});
