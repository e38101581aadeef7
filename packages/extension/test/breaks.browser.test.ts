// Sitting and breaks seen by the camera, in the built extension in the system Chromium against the real API: a
// person sits at the desk (the fake camera plays a real person's picture), leaves the chair (the empty room) and
// comes back. She sets the stand-up reminder to its shortest stretch in the popup (stored on the API); the reminder
// comes once she has sat that long. The popup shows her sitting, then on a break and one break today, then sitting
// again from 0 with the stretch before the break as today's longest; the break reset the reminder, which comes again
// only after a new stretch as long. She snoozes it from the notification: it comes again 10 minutes later. The video
// is processed on this computer (device mode).
//
// Time is the edge: a stretch of minutes and a break of BREAK_MIN_MS. The offscreen document's clock (the
// monitor's `now`, which stamps each presence report the rule is timed by) runs 40 times as fast while she sits and
// while she is away, so minutes pass in seconds; the rule and its threshold are the production ones.
import {
  BREAK_MIN_MS,
  formatReportDuration,
  NOBODY_FPS,
  SITTING_MESSAGES,
  type SittingState,
  STAND_UP_MINUTES,
  STAND_UP_SNOOZE_MS,
  sessionSittingText,
} from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMonitoredTime } from '../src/rules/daily-stats';
import type { MonitorState } from '../src/state/monitor-state';
import { get } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import {
  chooseDeviceProcessing,
  clickNotificationButton,
  notificationsShown,
  offscreenClock,
  signInThroughWebApp,
  startMonitoring,
  waitForPopupText,
} from './popup';

const SUITE = 'extension-breaks';
/** The reminder's stretch she chooses: the shortest, so the monitor's clock gets there soonest. */
const STAND_UP_MS = STAND_UP_MINUTES.min * 60_000;
/** How much faster than real time the monitor's clock runs while she sits on or is away (never at an edge of the
 * timeline): its looks are then 40 s apart while she sits (1 frame/s) and 120 s while the room is empty (1/3),
 * both under the break's 3 minutes, so the clock's speed makes no break and hides none. */
const SPEED = 40;

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

/** The toolbar badge: its text and title. */
const badge = () =>
  popup.evaluate(async () => ({
    text: await chrome.action.getBadgeText({}),
    title: await chrome.action.getTitle({}),
  }));

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
  it('reminds her to stand up after her stretch; she leaves for a break and comes back: sitting starts again, one break today, the reminder reset', async () => {
    await popup.waitForSelector('[data-testid="stand-up-minutes"]', { timeout: 15_000 });
    await popup.select('[data-testid="stand-up-minutes"]', String(STAND_UP_MINUTES.min));
    await expect
      .poll(
        async () =>
          (await get(stack.api, '/profile/alert-preferences', stack.user.accessToken)).data.standUpMinutes,
        { timeout: 15_000, interval: 250 },
      )
      .toBe(STAND_UP_MINUTES.min);
    await chooseDeviceProcessing(popup);
    await startMonitoring(browser, popup);
    // Seen at the desk as soon as frames come, while the reference is still being taken.
    await waitForPopup('sitting-now', ['0 min'], 120_000);
    // The clip's timeline on the monitor's clock (real time until the test speeds it up) starts with the first
    // frame the detector got, once its model loaded (a second after the camera was allowed, here): she is in view
    // from then on.
    const satDown = (await seen()).sitting?.since as number;
    await waitForPopup('phase', ['Monitoring'], 120_000);
    expect((await seen()).breaks).toBe('0');

    const clock = await offscreenClock(browser);
    // After a stretch on the fast clock the monitor's last look may be SPEED seconds of its time back (its frames
    // still come once a second): an edge of the timeline is taken once it has looked again in real time.
    const lookedAtInRealTime = async () => {
      const from = await clock.now();
      await expect
        .poll(async () => ((await seen()).sitting?.lastSeenAt ?? 0) > from, {
          timeout: 15_000,
          interval: 100,
        })
        .toBe(true);
      return clock.now();
    };
    const stretch = (s: SittingState | null) =>
      s?.since != null && s.lastSeenAt != null ? s.lastSeenAt - s.since : 0;
    // She sits on: the reminder comes once she has sat for the minutes she chose, not before.
    await clock.setSpeed(SPEED);
    await expect
      .poll(() => notificationsShown(popup), { timeout: STAND_UP_MS / SPEED + 60_000, interval: 250 })
      .toContain('stand-up');
    await clock.setSpeed(1);
    const remindedAfter = await popup.evaluate(async () => {
      const { sitting } = await chrome.storage.local.get('sitting');
      const s = sitting as SittingState;
      return (s.remindedAt ?? 0) - (s.since ?? Number.NaN);
    });
    expect(remindedAfter).toBeGreaterThanOrEqual(STAND_UP_MS);
    // The badge asks her to stand up too, in the reminder's words, until she takes a break.
    const minutes = Math.floor(remindedAfter / 60_000);
    expect(await badge()).toEqual({
      text: 'UP',
      title: `Posture Vision: ${SITTING_MESSAGES.standUpText(minutes)}`,
    });
    await popup.evaluate(() => chrome.notifications.clear('stand-up'));
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
    const left = await lookedAtInRealTime();
    stack.camera.show('away');
    await expect
      .poll(async () => (await seen()).monitor.captureFps, { timeout: 30_000, interval: 250 })
      .toBe(NOBODY_FPS);
    await clock.setSpeed(SPEED);
    await waitForPopup('sitting-now', [SITTING_MESSAGES.onBreak], BREAK_MIN_MS / SPEED + 60_000);
    await clock.setSpeed(1);
    const away = await seen();
    expect(away.breaks).toBe('1');
    await expect.poll(async () => (await badge()).text, { timeout: 10_000, interval: 250 }).not.toBe('UP');
    expect(away.longest).toBe(before.longest);
    await screenshot('popup-on-break');

    // She comes back: a new stretch from 0; the break stays counted and the longest stretch is the one before it.
    const cameBack = await clock.now();
    stack.camera.show('upright');
    await waitForPopup('sitting-now', ['0 min'], 60_000);
    const back = await seen();
    expect(back.breaks).toBe('1');
    expect(back.longest).toBe(before.longest);
    expect(back.longest).not.toBe('0 min');
    await screenshot('popup-back');

    // The break reset the reminder: it comes again once the new stretch is as long.
    expect(await notificationsShown(popup)).not.toContain('stand-up');
    await clock.setSpeed(SPEED);
    await expect
      .poll(() => notificationsShown(popup), { timeout: STAND_UP_MS / SPEED + 60_000, interval: 250 })
      .toContain('stand-up');
    await clock.setSpeed(1);
    const again = await seen();
    expect(stretch(again.sitting)).toBeGreaterThanOrEqual(STAND_UP_MS);
    expect(again.breaks).toBe('1');

    // She snoozes it from the notification: it goes, with the badge's 'UP', and comes again 10 minutes later on
    // the monitor's clock, as she sat on without a break.
    await expect.poll(async () => (await badge()).text, { timeout: 10_000, interval: 250 }).toBe('UP');
    const remindedAt = again.sitting?.remindedAt as number;
    await clickNotificationButton(browser, 'stand-up');
    await expect
      .poll(() => notificationsShown(popup), { timeout: 10_000, interval: 250 })
      .not.toContain('stand-up');
    await expect.poll(async () => (await badge()).text, { timeout: 10_000, interval: 250 }).not.toBe('UP');
    const snoozed = (await seen()).sitting as SittingState;
    expect(snoozed.snoozedUntil).toBeGreaterThanOrEqual(remindedAt + STAND_UP_SNOOZE_MS);
    // Counted from the moment of the Snooze: from the last look with her in view then.
    expect(snoozed.snoozedUntil).toBeLessThanOrEqual((snoozed.lastSeenAt as number) + STAND_UP_SNOOZE_MS);
    expect(snoozed.remindedAt).toBe(remindedAt);
    await clock.setSpeed(SPEED);
    await expect
      .poll(() => notificationsShown(popup), { timeout: STAND_UP_SNOOZE_MS / SPEED + 60_000, interval: 250 })
      .toContain('stand-up');
    await clock.setSpeed(1);
    const afterSnooze = await seen();
    // It came on the first look once the snooze was over, not sooner; the stretch went on, no break between.
    expect(afterSnooze.sitting?.remindedAt).toBeGreaterThanOrEqual(snoozed.snoozedUntil as number);
    expect(afterSnooze.sitting?.snoozedUntil).toBeNull();
    expect(afterSnooze.sitting?.since).toBe(snoozed.since);
    expect(afterSnooze.breaks).toBe('1');
    expect((await badge()).text).toBe('UP');

    // She gets up for a moment (no break yet), and monitoring is stopped meanwhile.
    const leftAgain = await lookedAtInRealTime();
    stack.camera.show('away');
    await expect
      .poll(async () => (await seen()).monitor.captureFps, { timeout: 30_000, interval: 250 })
      .toBe(NOBODY_FPS);
    const sessionId = again.monitor.sessionId as string;
    await popup.locator('::-p-text(Stop monitoring)').click();
    await waitForPopup('phase', ['Not monitoring']);

    // The passive session keeps them: its report (the API's, from the feedback saying who was in view) has the
    // break and the longest stretch, which began with the first feedback (once the reference was taken) and lasted
    // at least the reminder's minutes, less those first seconds; the web app's report page says so. Both are
    // durations on the monitor's clock, which stamps the feedback (here the fast one: the session's own duration,
    // the server's, is the few real minutes the test took).
    const report = (await get(stack.api, `/sessions/${sessionId}/report`, stack.user.accessToken)).data as {
      sitting: { breaks: number; longestStretch: number; sittingTime: number } | null;
    };
    expect(report.sitting?.breaks).toBe(1);
    // Within 5 s of the clip's timeline: she sat from the first frame to when she left, and from when she came back
    // to when she got up again (each edge as the monitor's looks saw it: an arrival within the empty room's 3 s,
    // a leaving within the steady watch's 1 s, each after the test camera's own second to show the new picture).
    const stretches = [left - satDown, leftAgain - cameBack].map((ms) => ms / 1000);
    const timeline = { longest: Math.max(...stretches), sitting: stretches.reduce((a, b) => a + b, 0) };
    const off = {
      longest: (report.sitting?.longestStretch ?? 0) - timeline.longest,
      sitting: (report.sitting?.sittingTime ?? 0) - timeline.sitting,
    };
    expect(Math.abs(off.longest)).toBeLessThanOrEqual(5);
    expect(Math.abs(off.sitting)).toBeLessThanOrEqual(5);
    // The popup's figures (kept by the service worker, shown in whole minutes) too.
    const day = (await seen()).sitting as SittingState;
    expect(Math.abs(day.longestTodayMs / 1000 - timeline.longest)).toBeLessThanOrEqual(5);
    const web = await signInThroughWebApp(browser, stack.web.origin, stack.user);
    await web.goto(`${stack.web.origin}/dashboard/session-report/${sessionId}`);
    const line = await web
      .waitForSelector('[data-testid="report-sitting"]', { timeout: 30_000 })
      .catch(async (error: unknown) => {
        // Say what the page showed instead (where it went, what it said).
        const shown = await web.evaluate(
          () => `${location.pathname}: ${(document.body.textContent ?? '').slice(0, 600)}`,
        );
        throw new Error(`the report page showed ${shown}`, { cause: error });
      });
    expect(await line?.evaluate((el) => el.textContent)).toBe(
      sessionSittingText(report.sitting as { breaks: number; longestStretch: number }, formatReportDuration),
    );
    await saveScreenshot(web, SUITE, 'session-report');

    // The analytics' Sitting and Breaks: today's row is this session's, as its report counts it; the popup's week
    // card (the API's desk days) says the same sitting.
    const sitting = report.sitting as { breaks: number; longestStretch: number; sittingTime: number };
    await web.goto(`${stack.web.origin}/dashboard/analytics`);
    const row = await web.waitForSelector('[data-testid="sitting-days"] tbody tr', { timeout: 30_000 });
    expect(await row?.evaluate((tr) => [...tr.children].map((td) => td.textContent))).toEqual([
      new Date().toISOString().slice(0, 10),
      formatReportDuration(sitting.sittingTime),
      String(sitting.breaks),
      formatReportDuration(sitting.longestStretch),
    ]);
    await row?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await saveScreenshot(web, SUITE, 'analytics-sitting');
    await web.close();
    await popup.reload();
    await waitForPopup('week-sitting-7d', [formatMonitoredTime(sitting.sittingTime * 1000)], 30_000);
  }, 480_000);
});
