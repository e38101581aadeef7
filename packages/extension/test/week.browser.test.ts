// The popup's week: today's and the last 7 days' good posture and sitting time, in the built extension in the
// system Chromium against the real API and the web app. A user's passive sessions of several days are seeded
// through the API (each started in the past through the database, which no API call does), with feedback saying
// who was in view, some of it not judged; the popup then shows the figures core's analytics rule gives for those
// sessions, and its last 7 days' share is the one the web app's analytics page shows for "Last 7 Days".
import { DESK_DAYS_TEXTS, deskFigures, type ScoredSession } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodShareText, localMidnight, sittingText } from '../src/rules/desk-days';
import { get, post } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import { signInThroughWebApp, waitForPopupText } from './popup';

const SUITE = 'extension';
const MIN = 60_000;
const DAY_MS = 86_400_000;

let stack: ExtensionStack;
let popup: Page;

/** One part of a seeded session: its posture, how long, and whether somebody was in view. */
type Part = [status: 'good' | 'poor' | 'neutral', minutes: number, inView: boolean];

interface Report {
  startTime: string;
  duration: number;
  averageScore: number;
  feedbackCount: number;
  stabilityIndex: number;
  keyFindings: { goodPostureTime: number; neutralPostureTime: number; poorPostureTime: number };
  sitting: { sittingTime: number } | null;
}

/** A passive session started at `start`, a feedback every 5 s through its parts, ended at its last feedback;
 * answers its report. */
async function seedSession(start: number, parts: Part[]): Promise<Report> {
  const { api, user, database } = stack;
  const started = await post(api, '/sessions/start', user.accessToken, {
    mode: 'passive',
    calibrationId: user.calibrationId,
  });
  const id = started.data.id as string;
  await database?.sql('update posture_sessions set start_time = $1 where id = $2', [
    new Date(start).toISOString(),
    id,
  ]);
  let at = start;
  const send = (postureStatus: string, inView: boolean) =>
    post(api, `/sessions/${id}/feedback`, user.accessToken, {
      postureStatus,
      timestamp: new Date(at).toISOString(),
      details: { type: 'passive', inView },
    });
  for (const [status, minutes, inView] of parts)
    for (const end = at + minutes * MIN; at < end; at += 5000) await send(status, inView);
  await send('neutral', false);
  await post(api, `/sessions/${id}/end`, user.accessToken, { at: 'lastFeedback' });
  return (await get(api, `/sessions/${id}/report`, user.accessToken)).data as Report;
}

/** A report as core's analytics rules read a session (the API's stored figures are the report's). */
function scored(report: Report): ScoredSession {
  return {
    id: report.startTime,
    startTime: new Date(report.startTime),
    duration: report.duration,
    score: report.feedbackCount ? report.averageScore : null,
    stabilityIndex: report.feedbackCount ? report.stabilityIndex : null,
    times: {
      good: report.keyFindings.goodPostureTime,
      neutral: report.keyFindings.neutralPostureTime,
      poor: report.keyFindings.poorPostureTime,
    },
    sittingTime: report.sitting?.sittingTime ?? null,
  };
}

const text = (testId: string) => popup.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');

/** The week card in view for the screenshot, in the theme asked for. */
async function shot(name: string, theme: 'dark' | 'light', testId: string) {
  await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await popup.waitForFunction((t) => document.body.dataset.theme === t, {}, theme);
  await popup.$eval(`[data-testid="${testId}"]`, (el) => el.scrollIntoView({ block: 'center' }));
  await popup.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await saveScreenshot(popup, SUITE, `${name}-${theme}`);
}

let reports: Report[];

beforeAll(async () => {
  // Signed in only once the days are seeded: every reader of a user's sessions (the popup's) ends those silent
  // for a while at their last feedback, and a session being seeded in the past is silent by its clock.
  stack = await startExtensionStack({ name: 'week', vision: 'nobody', postgres: true });
  popup = stack.popup;
  await popup.setViewport({ width: 368, height: 600 });
  const now = Date.now();
  reports = [];
  // Three days ago: sat 25 min (5 of them poor), away 4 min (nobody in view: a break, not judged), back 6 min.
  reports.push(
    await seedSession(now - 3 * DAY_MS, [
      ['good', 20, true],
      ['poor', 5, true],
      ['neutral', 4, false],
      ['good', 6, true],
    ]),
  );
  // Yesterday: 10 min good, 10 min poor.
  reports.push(
    await seedSession(now - DAY_MS, [
      ['good', 10, true],
      ['poor', 10, true],
    ]),
  );
  // Today, ended 10 minutes ago: 15 min good, 5 min in view but not judged (turned away), 5 min poor.
  reports.push(
    await seedSession(now - 35 * MIN, [
      ['good', 15, true],
      ['neutral', 5, true],
      ['poor', 5, true],
    ]),
  );
  await signInThroughWebApp(stack.browser, stack.web.origin, stack.user);
  await waitForPopupText(popup, 'sign-in', [`Signed in as ${stack.user.email}`], 30_000);
}, 300_000);

afterAll(() => stack?.stop());

describe("the popup's week", () => {
  it("shows today's and the last 7 days' good share and sitting time by the analytics' rule, as the web app does", async () => {
    const todayFrom = localMidnight(Date.now()).getTime();
    const week = deskFigures(reports.map(scored));
    const today = deskFigures(reports.map(scored).filter((s) => s.startTime.getTime() >= todayFrom));
    // The seeded days as core's rule reads them: not-judged time is tracked but never good, so the share is below
    // good among judged time.
    expect(week.sessionCount).toBe(3);
    expect(week.goodPosturePercentage).not.toBeNull();
    const judged = reports.reduce(
      (n, r) => n + r.keyFindings.goodPostureTime + r.keyFindings.poorPostureTime,
      0,
    );
    const good = reports.reduce((n, r) => n + r.keyFindings.goodPostureTime, 0);
    expect(week.goodPosturePercentage).toBeLessThan((100 * good) / judged);
    // The break three days ago is no sitting: each session's sitting time is under its length.
    for (const r of reports) expect(r.sitting?.sittingTime).toBeLessThan(r.duration);

    await popup.bringToFront();
    await popup.reload();
    await popup.waitForFunction(
      (loading) => {
        const cell = document.querySelector('[data-testid="week-good-7d"]');
        return cell && cell.textContent !== loading;
      },
      { timeout: 30_000 },
      DESK_DAYS_TEXTS.loading,
    );
    expect({
      goodToday: await text('week-good-today'),
      good7d: await text('week-good-7d'),
      sittingToday: await text('week-sitting-today'),
      sitting7d: await text('week-sitting-7d'),
    }).toEqual({
      goodToday: goodShareText(today),
      good7d: goodShareText(week),
      sittingToday: sittingText(today),
      sitting7d: sittingText(week),
    });

    // The web app's analytics for the last 7 days: the same share, written the same way.
    const web = await signInThroughWebApp(stack.browser, stack.web.origin, stack.user);
    try {
      await web.goto(`${stack.web.origin}/dashboard/analytics`);
      await web.waitForSelector('[data-testid="filter-timeframe"]', { timeout: 30_000 });
      await web.select('[data-testid="filter-timeframe"]', '7d');
      const indicator = await web.waitForFunction(
        (expected) => {
          for (const item of document.querySelectorAll('[data-testid="insights"] dl > div'))
            if (item.querySelector('dt')?.textContent === 'Good Posture Percentage') {
              const shown = item.querySelector('dd')?.textContent ?? '';
              if (shown === expected) return shown;
            }
          return false;
        },
        { timeout: 30_000 },
        await text('week-good-7d'),
      );
      expect(await indicator.jsonValue()).toBe(goodShareText(week));
    } finally {
      await web.close();
    }

    await popup.bringToFront();
    for (const theme of ['dark', 'light'] as const) {
      await shot('popup-week', theme, 'week');
      // The alert controls as loaded from the account: the alert style, the battery choice, the reminder.
      await shot('popup-alert-controls', theme, 'alert-controls');
    }
  }, 180_000);
});
