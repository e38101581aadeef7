// The dashboard pages in Chromium against the real API: seeded history, overview cards, analytics charts and
// table, the session report, session metrics, settings save, 2FA with a code from the shown secret, account
// deletion and logout.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHART_POINT_KEY } from '@posture-vision/core/analytics';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { personPhoto, personPhotoDataUrl } from '@posture-vision/testkit/media';
import { typeTime } from '@posture-vision/testkit/time-input';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshotsBothThemes } from '../support/page.ts';
import {
  call,
  clickText,
  createVerifiedUser,
  type Dashboard,
  signedInPage,
  startDashboard,
  type TestUser,
  waitForPath,
  waitForText,
} from './harness';

const SUITE = 'web-dashboard';
let dashboard: Dashboard;

beforeAll(async () => {
  dashboard = await startDashboard();
}, 180_000);

afterAll(async () => {
  await dashboard?.stop();
}, 30_000);

interface Seeded {
  user: TestUser;
  calibrationId: string;
  sessionIds: string[];
}

const CALIBRATION_CVA = 49.5;

/** A calibration from three photos and two finished sessions with posture feedback, all through HTTP. */
async function seedHistory(): Promise<Seeded> {
  const user = await createVerifiedUser(dashboard.api, 'Analytics');
  const calibration = await seedCalibration(dashboard.api.url, user.accessToken, personPhotoDataUrl(), {
    overall_score: 82,
    metrics: { cranial_vertebral_angle: CALIBRATION_CVA },
  });
  expect(calibration.status).toBe(201);
  const calibrationId = calibration.id as string;
  const sessionIds: string[] = [];
  for (const [mode, good] of [
    ['active', 8],
    ['passive', 5],
  ] as const) {
    const started = await call<{ data: { id: string } }>(`${dashboard.api.url}/sessions/start`, {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ mode, calibrationId }),
    });
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    const id = started.body.data.id;
    // Ten seconds of feedback inside a session started ten seconds ago (a report counts only that time).
    const t0 = Date.now() - 10_000;
    await dashboard.startSessionAt(id, new Date(t0));
    for (let i = 0; i < 10; i++) {
      const poor = i >= good;
      const feedback = await call(`${dashboard.api.url}/sessions/${id}/feedback`, {
        method: 'POST',
        token: user.accessToken,
        body: JSON.stringify({
          postureStatus: poor ? 'poor' : 'good',
          timestamp: new Date(t0 + i * 1000).toISOString(),
          // Every feedback carries the CVA of the calibration the session runs with, as the live monitor sends it
          // (core feedbackPayload).
          details: poor
            ? { type: 'posture', issue: 'forward_head', cva: CALIBRATION_CVA }
            : { type: 'posture', cva: CALIBRATION_CVA },
        }),
      });
      expect(feedback.status, JSON.stringify(feedback.body)).toBeLessThan(300);
    }
    const ended = await call(`${dashboard.api.url}/sessions/${id}/end`, {
      method: 'POST',
      token: user.accessToken,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300);
    sessionIds.push(id);
  }
  return { user, calibrationId, sessionIds };
}

describe('with a seeded history', () => {
  let seeded: Seeded;
  beforeAll(async () => {
    seeded = await seedHistory();
  }, 90_000);

  it('the overview shows the user, the Calibrated badge and the four metric cards', async () => {
    const { page, close } = await signedInPage(dashboard, seeded.user);
    try {
      await page.evaluate(() => localStorage.removeItem('postureVisionHideExtensionCTA'));
      await page.goto(`${dashboard.web}/dashboard`);
      await page.waitForSelector('[data-testid="calibration-badge"]', { timeout: 20_000 });
      expect(await page.$eval('[data-testid="calibration-badge"]', (el) => el.textContent)).toBe(
        'Calibrated',
      );
      expect(await page.$eval('[data-testid="user-email"]', (el) => el.textContent)).toBe(seeded.user.email);
      // The latest session by when it was, leading to its report (no raw id as a subtitle).
      const latest = await page.$eval('[data-testid="latest-session"]', (el) => ({
        text: el.textContent ?? '',
        href: el.querySelector('a')?.getAttribute('href'),
      }));
      expect(latest.href).toBe(`/dashboard/session-report/${seeded.sessionIds[1]}`);
      expect(latest.text).toMatch(/^Latest session: \w{3}, .*\d{1,2}:\d{2}/);
      expect(latest.text).not.toContain(seeded.sessionIds[1] as string);
      const cards = await page.$$eval('[data-testid="metric-card"]', (els) =>
        els.map((el) => [...el.children].map((c) => c.textContent)),
      );
      expect(cards.map((c) => c[0])).toEqual([
        'Calibration Status',
        'Recent Session Score',
        'Stability Index',
        'Initial Posture Score',
      ]);
      // daysUntilExpiry is shown: a calibration made today under the default monthly frequency.
      expect(cards[0]?.slice(1)).toEqual(['Active', 'Good', 'Expires in 30 days']);
      // Scores come from the server; the dashboard's status mapping labels whatever number it computed.
      const score = Number(cards[1]?.[1]);
      expect(cards[1]?.[2]).toBe(score > 75 ? 'Good' : 'Needs Improvement');
      const initial = Number(cards[3]?.[1]);
      expect(cards[3]?.[2]).toBe(initial > 75 ? 'Good Alignment' : 'Needs Work');
      // The last 7 days from the analytics call: today has a score.
      const lastDay = await page.$eval(
        '[data-testid="week-summary"] .pv-week-bar:last-child span',
        (el) => el.textContent,
      );
      expect(Number(lastDay)).toBeGreaterThan(0);
      // The camera widget is the live posture tool.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.pv-camera-widget button')].some((b) =>
          b.textContent?.includes('Start Camera'),
        ),
      );
      // The extension banner is dismissible, and the dismissal is remembered.
      await page.waitForSelector('[data-testid="extension-banner"] a[href="/chrome-extension-download"]');
      await saveScreenshot(page, SUITE, 'overview');
      await page.click('[data-testid="extension-banner"] button');
      expect(await page.$('[data-testid="extension-banner"]')).toBeNull();
      await page.reload();
      await page.waitForSelector('[data-testid="calibration-badge"]');
      expect(await page.$('[data-testid="extension-banner"]')).toBeNull();
      // Hidden too when the extension says it is installed.
      await page.evaluate(() => {
        localStorage.removeItem('postureVisionHideExtensionCTA');
        localStorage.setItem('postureVisionExtensionInstalled', 'true');
      });
      await page.reload();
      await page.waitForSelector('[data-testid="calibration-badge"]');
      expect(await page.$('[data-testid="extension-banner"]')).toBeNull();
      // But no extension answers in this browser (it was removed): the flag clears and the banner returns.
      await page.waitForSelector('[data-testid="extension-banner"]', { timeout: 10_000 });
      expect(await page.evaluate(() => localStorage.getItem('postureVisionExtensionInstalled'))).toBeNull();
    } finally {
      await close();
    }
  }, 90_000);

  it('analytics shows both charts, the timeline with links, and the filters reload it', async () => {
    const { page, close } = await signedInPage(dashboard, seeded.user);
    try {
      await page.goto(`${dashboard.web}/dashboard/analytics`);
      await waitForText(page, 'Posture Analytics');
      await page.waitForSelector('[data-testid="score-chart"] canvas', { timeout: 20_000 });
      await page.waitForSelector('[data-testid="cva-chart"] canvas');
      const rows = await page.$$eval('[data-testid="session-timeline"] tbody tr', (trs) =>
        trs.map((tr) => ({
          type: tr.children[1]?.textContent,
          link: tr.querySelector('a')?.getAttribute('href'),
        })),
      );
      const calibrationCva = await page.$$eval(
        '[data-testid="session-timeline"] tbody tr',
        (trs) =>
          trs.find((tr) => tr.children[1]?.textContent === 'Photo Calibration')?.children[4]?.textContent,
      );
      expect(calibrationCva).toBe(`${CALIBRATION_CVA}°`);
      expect(rows).toContainEqual({
        type: 'Real-Time Session',
        link: `/dashboard/session-report?id=${seeded.sessionIds[0]}`,
      });
      expect(rows).toContainEqual({
        type: 'Passive Session',
        link: `/dashboard/session-report?id=${seeded.sessionIds[1]}`,
      });
      expect(rows).toContainEqual({ type: 'Photo Calibration', link: '/dashboard/calibration' });
      // A calibration's score (its photos) and a session's (its live average) are different measures on one line:
      // the calibration is drawn as a diamond, the two sessions as dots, and the key under the chart says so.
      const pointStyles = (chart: string) =>
        page.$eval(`[data-testid="${chart}"] canvas`, (c) =>
          JSON.parse((c as HTMLCanvasElement).dataset.pointStyles ?? '[]'),
        );
      expect((await pointStyles('score-chart')).sort()).toEqual(['circle', 'circle', 'rectRot']);
      expect((await pointStyles('cva-chart')).sort()).toEqual(['circle', 'circle', 'rectRot']);
      const key = await page.$eval('[data-testid="score-chart-key"]', (el) => el.textContent ?? '');
      for (const text of Object.values(CHART_POINT_KEY.score)) expect(key).toContain(text);
      const cvaKey = await page.$eval('[data-testid="cva-chart-key"]', (el) => el.textContent ?? '');
      for (const text of Object.values(CHART_POINT_KEY.cva)) expect(cvaKey).toContain(text);
      // A screen reader gets each chart as a named image and its points as a table, one row a point.
      for (const chart of ['score-chart', 'cva-chart']) {
        const alternative = await page.$eval(`[data-testid="${chart}"]`, (card) => ({
          role: card.querySelector('canvas')?.getAttribute('role'),
          label: card.querySelector('canvas')?.getAttribute('aria-label') ?? '',
          rows: [...card.querySelectorAll('[data-testid="chart-table"] tbody tr')].map((tr) =>
            [...tr.children].map((td) => td.textContent),
          ),
        }));
        expect(alternative.role).toBe('img');
        expect(alternative.label).toMatch(/: 3 points, axis /);
        expect(alternative.rows).toHaveLength(3);
        expect(alternative.rows.map((r) => r[2]).sort()).toEqual(['Photo Calibration', 'Session', 'Session']);
      }
      await saveScreenshot(page, SUITE, 'analytics');
      // Chart colours follow the theme: toggling it redraws the charts in the other palette.
      const drawn = () =>
        page.$eval('[data-testid="score-chart"] canvas', (c) => (c as HTMLCanvasElement).toDataURL());
      const before = await drawn();
      const theme = await page.evaluate(() => document.body.dataset.theme);
      await page.click('[data-testid="theme-toggle"]');
      await page.waitForFunction((t) => document.body.dataset.theme !== t, {}, theme);
      await page.waitForFunction(
        (previous) =>
          (document.querySelector('[data-testid="score-chart"] canvas') as HTMLCanvasElement).toDataURL() !==
          previous,
        {},
        before,
      );
      await saveScreenshot(page, SUITE, 'analytics-other-theme');

      // Session Type: Real-Time Session keeps only the active session among the sessions.
      await page.select('[data-testid="filter-session-type"]', 'active');
      await page.waitForFunction(() => {
        const types = [...document.querySelectorAll('[data-testid="session-timeline"] tbody tr')].map(
          (tr) => tr.children[1]?.textContent,
        );
        return types.includes('Real-Time Session') && !types.includes('Passive Session');
      });
      // A day with no sessions empties the table and both charts.
      await page.select('[data-testid="filter-session-type"]', 'all');
      await page.$eval('[data-testid="filter-date"]', (el) => {
        const input = el as HTMLInputElement;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(input, '2001-01-01');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await waitForText(page, 'No posture score data available for selected filters.');
      await waitForText(page, 'No CVA data available for selected filters.');
      expect(await page.$('[data-testid="score-chart-key"]')).toBeNull();

      // A session row opens its report (the ?id= form).
      await page.$eval('[data-testid="filter-date"]', (el) => {
        const input = el as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      const link = `a[href="/dashboard/session-report?id=${seeded.sessionIds[0]}"]`;
      await page.waitForSelector(link);
      await page.waitForFunction(() => !document.body.textContent?.includes('Loading analytics data...'));
      await page.$eval(link, (a) => (a as HTMLAnchorElement).click());
      await waitForPath(page, '/dashboard/session-report');
      await page.waitForSelector('[data-testid="session-report"]');
      await page.waitForSelector(`[data-session-id="${seeded.sessionIds[0]}"]`);
      await waitForText(page, 'Forward head');
      // The timeline is drawn as posture over time, the poor stretch naming its issue on hover; the table
      // stays for screen readers.
      const strip = await page.$$eval('[data-testid="posture-strip"] li', (items) =>
        items.map((li) => ({ tone: li.getAttribute('data-tone'), title: li.getAttribute('title') ?? '' })),
      );
      expect(strip.map((s) => s.tone)).toContain('poor');
      expect(strip.find((s) => s.tone === 'poor')?.title).toMatch(/Poor posture · Forward head/);
      expect(await page.$('.pv-timeline-table table')).not.toBeNull();
      await saveScreenshot(page, SUITE, 'session-report');
    } finally {
      await close();
    }
  }, 90_000);

  it('the session report reads the path id, the query id and the session page’s navigation state; error and demo views', async () => {
    const { page, close } = await signedInPage(dashboard, seeded.user);
    try {
      await page.goto(`${dashboard.web}/dashboard/session-report/${seeded.sessionIds[1]}`);
      await page.waitForSelector('[data-testid="session-report"]');
      await page.waitForSelector(`[data-session-id="${seeded.sessionIds[1]}"]`);
      const poor = await page.$$eval(
        '.pv-metric-card',
        (cards) =>
          cards
            .find((c) => c.querySelector('h3')?.textContent === 'Poor Posture')
            ?.querySelector('.pv-metric-value')?.textContent,
      );
      expect(poor).toMatch(/^\d+%$/);
      expect(await page.$('a[href="/dashboard/analytics"]')).not.toBeNull();
      expect(await page.$('a[href="/dashboard/real-time-session"]')).not.toBeNull();

      await page.goto(`${dashboard.web}/dashboard/session-report/00000000-0000-4000-8000-000000000000`);
      await waitForText(page, 'Error Loading Report');
      // A session that does not exist is "not found", not "Service temporarily unavailable".
      await waitForText(page, /not found/i);
      expect(await page.evaluate(() => document.body.textContent)).not.toContain(
        'Service temporarily unavailable',
      );
      // An id the API does not know reads as the API's sentence, never the envelope's JSON.
      await page.goto(`${dashboard.web}/dashboard/session-report?id=99999`);
      await waitForText(page, 'Error Loading Report');
      await page.waitForFunction(
        () => document.querySelector('.pv-error-text')?.textContent === 'Session not found.',
      );
      expect(await page.evaluate(() => document.body.textContent)).not.toContain('"success"');
      await saveScreenshotsBothThemes(page, SUITE, 'session-report-not-found');
      // Ids 1, 3 and 4 fall back to the specification's demo data.
      await page.goto(`${dashboard.web}/dashboard/session-report?id=3`);
      await waitForText(page, 'demo data');
      await page.goto(`${dashboard.web}/dashboard/session-report`);
      await waitForText(page, 'No session data provided to generate report.');
      // The passive session page navigates here with the report, the duration and the date as router state.
      await page.evaluate(() => {
        const report = {
          sessionId: 'from-session-page',
          duration: 0,
          stabilityIndex: 64,
          averageScore: 58,
          startTime: '2026-01-05T09:00:00.000Z',
          keyFindings: {
            goodPostureTime: 60,
            poorPostureTime: 65,
            frequentIssues: ['tilt'],
            improvementAreas: [],
          },
          timeline: [],
        };
        const usr = { report, duration: 125, date: '2026-01-05T09:00:00.000Z' };
        history.pushState({ usr, key: 'passive', idx: 1 }, '', '/dashboard/session-report');
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      });
      await page.waitForSelector('[data-session-id="from-session-page"]');
      await waitForText(page, '2m 5s');
      await waitForText(page, '52%');
    } finally {
      await close();
    }
  }, 90_000);

  it('session metrics use the user’s own sessions', async () => {
    const { page, close } = await signedInPage(dashboard, seeded.user);
    try {
      await page.goto(`${dashboard.web}/dashboard/findings-report`);
      await page.waitForSelector('[data-testid="session-metrics"][data-source="user"]', { timeout: 20_000 });
      expect(await page.$$eval('[data-testid="session-card"]', (els) => els.length)).toBe(2);
      expect(
        await page.$eval('[data-testid="weekly-goal"]', (el) => el.querySelectorAll('.pv-dot-done').length),
      ).toBe(2);
      await saveScreenshot(page, SUITE, 'session-metrics-user');
    } finally {
      await close();
    }
  }, 90_000);

  it('reads the newest finished session while another runs; writes that cannot reach the API say so', async () => {
    const history = await call<{
      data: { id: string; averagePostureScore: number; stabilityIndex: number }[];
    }>(`${dashboard.api.url}/sessions/history?limit=1`, { token: seeded.user.accessToken });
    const finished = history.body.data[0];
    // The extension's passive session stays open all day.
    const running = await call<{ data: { id: string } }>(`${dashboard.api.url}/sessions/start`, {
      method: 'POST',
      token: seeded.user.accessToken,
      body: JSON.stringify({ mode: 'passive', calibrationId: seeded.calibrationId }),
    });
    const { page, dialogs, close } = await signedInPage(dashboard, seeded.user);
    try {
      await page.goto(`${dashboard.web}/dashboard`);
      await page.waitForSelector('[data-testid="metric-card"]', { timeout: 20_000 });
      const cards = await page.$$eval('[data-testid="metric-card"]', (els) =>
        els.map((el) => [...el.children].map((c) => c.textContent)),
      );
      expect(cards[1]?.[1]).toBe(String(Math.round(finished?.averagePostureScore ?? Number.NaN)));
      expect(cards[2]?.[1]).toBe(String(Math.round(finished?.stabilityIndex ?? Number.NaN)));

      // The API goes away for writes: a profile deletion must fail visibly, not log out as if it worked.
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        if (request.method() !== 'GET' && request.url().startsWith(`${dashboard.api.url}/profile`))
          void request.abort('internetdisconnected');
        else void request.continue();
      });
      await page.goto(`${dashboard.web}/dashboard/user-settings`);
      await clickText(page, 'Delete Account');
      await clickText(page, 'Yes, Delete My Account');
      // Said in the page (the specification's words), not in a native box.
      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="delete-account-message"]')
            ?.textContent?.startsWith('Failed to delete account'),
        { timeout: 10_000 },
      );
      expect(dialogs).toEqual([]);
      expect(page.url()).toContain('/dashboard/user-settings');
      expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
      const profile = await call(`${dashboard.api.url}/profile`, { token: seeded.user.accessToken });
      expect(profile.status).toBe(200);
    } finally {
      await close();
      await call(`${dashboard.api.url}/sessions/${running.body.data.id}/end`, {
        method: 'POST',
        token: seeded.user.accessToken,
      });
    }
  }, 90_000);
});

describe('a new user', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createVerifiedUser(dashboard.api, 'Settings');
  }, 30_000);

  it('sees Needs Calibration on the overview', async () => {
    const { page, close } = await signedInPage(dashboard, user);
    try {
      await page.goto(`${dashboard.web}/dashboard`);
      await page.waitForSelector('[data-testid="calibration-badge"]', { timeout: 20_000 });
      expect(await page.$eval('[data-testid="calibration-badge"]', (el) => el.textContent)).toBe(
        'Needs Calibration',
      );
      const first = await page.$eval('[data-testid="metric-card"]', (el) =>
        [...el.children].map((c) => c.textContent),
      );
      expect(first).toEqual(['Calibration Status', 'Needs Calibration', 'Action Required']);
    } finally {
      await close();
    }
  }, 90_000);

  it('session metrics show the sample data and celebrate the 92-point session after a second', async () => {
    const { page, close } = await signedInPage(dashboard, user);
    try {
      await page.goto(`${dashboard.web}/dashboard/findings-report`);
      await page.waitForSelector('[data-testid="session-metrics"][data-source="sample"]', {
        timeout: 20_000,
      });
      expect(await page.$eval('[data-testid="level"]', (el) => el.textContent)).toBe('Level 8');
      await page.waitForSelector('[role="dialog"]', { timeout: 5_000 });
      await waitForText(page, 'Excellent Session!');
      await waitForText(page, '+25 XP earned!');
      await saveScreenshot(page, SUITE, 'session-metrics-celebration');
      await clickText(page, 'Awesome!');
      expect(await page.$('[role="dialog"]')).toBeNull();
      // The 78-point sample session does not celebrate.
      const cards = await page.$$('[data-testid="session-card"]');
      await cards[2]?.click();
      await page.waitForSelector('[data-testid="session-metrics"][data-celebration="none"]', {
        timeout: 5_000,
      });
      expect(await page.$('[role="dialog"]')).toBeNull();
    } finally {
      await close();
    }
  }, 90_000);

  it('saves the local settings (Saving... for 500 ms) and reads them back', async () => {
    const { page, close } = await signedInPage(dashboard, user);
    try {
      await page.goto(`${dashboard.web}/dashboard/user-settings`);
      await page.waitForSelector('[data-testid="default-session-mode"]', { timeout: 20_000 });
      await page.select('[data-testid="default-session-mode"]', 'passive');
      await page.select('[data-testid="recalibration-frequency"]', 'weekly');
      // Clicked once it stays where it is (a locator waits for that): the alert settings above it load their own
      // values and can move it between aim and click, and the click then lands beside it.
      await page.locator('[data-testid="enable-notifications"]').click();
      // The alert preferences are the API's (the extension reads the same), saved with the form only.
      const alertPreferences = async () =>
        (
          await call<{ data: unknown }>(`${dashboard.api.url}/profile/alert-preferences`, {
            token: user.accessToken,
          })
        ).body.data;
      const limit = 'The warning delay must be a whole number of seconds from 0 to 60.';
      const delayField = '[data-testid="alert-warning-delay"]';
      const settingsBefore = await page.evaluate(() => localStorage.getItem('postureVisionUserSettings'));
      await page.select('[data-testid="alert-sensitivity"]', 'medium');
      await page.select('[data-testid="alert-style"]', 'badge');
      await page.select('[data-testid="stand-up-minutes"]', '30');
      await page.select('[data-testid="battery-mode"]', 'slower');
      // Quiet in calls on, and quiet hours across midnight: from 22:00 (the default window's end moved) until 07:00.
      await page.click('[data-testid="quiet-in-calls"]');
      await page.click('[data-testid="quiet-hours"]');
      await page.waitForSelector('[data-testid="quiet-hours-start"]');
      expect(await typeTime(page, '[data-testid="quiet-hours-start"]', '22:00')).toBe('22:00');
      expect(await typeTime(page, '[data-testid="quiet-hours-end"]', '07:00')).toBe('07:00');
      // Cleared, then 99 typed: never saved as 0, 9 or 60; the limit is said by the field and by Save Settings.
      await page.locator(delayField).click({ count: 3 });
      await page.keyboard.press('Backspace');
      await page.type(delayField, '99');
      await waitForText(page, limit);
      await page.click('[data-testid="save-settings"]');
      await page.waitForFunction(
        (t) => document.querySelector('.pv-actions [role="alert"]')?.textContent === t,
        { timeout: 5_000 },
        limit,
      );
      expect(await page.evaluate(() => localStorage.getItem('postureVisionUserSettings'))).toBe(
        settingsBefore,
      );
      expect(await alertPreferences()).toEqual({
        sensitivity: 'high',
        warningDelaySeconds: 30,
        alertStyle: 'silent',
        standUpMinutes: 50,
        batteryMode: 'usual',
        quietInCalls: false,
        quietHours: null,
      });
      // 45 is within the limit: Save Settings saves it with the rest.
      await page.locator(delayField).click({ count: 3 });
      await page.keyboard.press('Backspace');
      await page.type(delayField, '45');
      await page.click('[data-testid="save-settings"]');
      await waitForText(page, 'Saving...');
      await waitForText(page, 'Settings saved.');
      const stored = await page.evaluate(() => localStorage.getItem('postureVisionUserSettings'));
      expect(JSON.parse(stored ?? '{}')).toEqual({
        defaultSessionMode: 'passive',
        enableNotifications: true,
        recalibrationFrequency: 'weekly',
      });
      // The recalibration frequency also reached the API, which decides calibration expiry by it.
      const check = await call<{ data: { recalibrationFrequency: string } }>(
        `${dashboard.api.url}/calibration/recalibration/check`,
        { token: user.accessToken },
      );
      expect(check.body.data.recalibrationFrequency).toBe('weekly');
      expect(await alertPreferences()).toEqual({
        sensitivity: 'medium',
        warningDelaySeconds: 45,
        alertStyle: 'badge',
        standUpMinutes: 30,
        batteryMode: 'slower',
        quietInCalls: true,
        quietHours: { start: '22:00', end: '07:00' },
      });
      await page.reload();
      await page.waitForSelector('[data-testid="default-session-mode"]');
      expect(
        await page.$eval('[data-testid="default-session-mode"]', (el) => (el as HTMLSelectElement).value),
      ).toBe('passive');
      // The stored preferences, not the placeholder fields shown (disabled, the defaults) while they load.
      await page.waitForSelector('[data-testid="alert-preferences"][aria-busy="false"]');
      expect(await page.$eval(delayField, (el) => (el as HTMLInputElement).value)).toBe('45');
      expect(await page.$eval('[data-testid="alert-style"]', (el) => (el as HTMLSelectElement).value)).toBe(
        'badge',
      );
      expect(
        await page.$eval('[data-testid="stand-up-minutes"]', (el) => (el as HTMLSelectElement).value),
      ).toBe('30');
      expect(await page.$eval('[data-testid="battery-mode"]', (el) => (el as HTMLSelectElement).value)).toBe(
        'slower',
      );
      expect(
        await page.$eval('[data-testid="quiet-hours-start"]', (el) => (el as HTMLInputElement).value),
      ).toBe('22:00');
      expect(
        await page.$eval('[data-testid="quiet-hours-end"]', (el) => (el as HTMLInputElement).value),
      ).toBe('07:00');
      // The security sections loaded from the API: this device's session and the login activity.
      await page.waitForSelector('[data-testid="active-sessions"] li');
      await page.waitForSelector('[data-testid="login-activity"]');
      await saveScreenshot(page, SUITE, 'user-settings');
    } finally {
      await close();
    }
  }, 90_000);

  it('uploads an avatar image and refuses a file that is not one', async () => {
    const { page, dialogs, close } = await signedInPage(dashboard, user);
    const dir = mkdtempSync(join(tmpdir(), 'pv-avatar-'));
    try {
      const photo = join(dir, 'me.jpg');
      const text = join(dir, 'notes.png');
      writeFileSync(photo, personPhoto());
      writeFileSync(text, 'not an image at all');
      await page.goto(`${dashboard.web}/dashboard/user-settings`);
      const input = await page.waitForSelector('input[data-testid="avatar-input"]');
      await input?.uploadFile(photo);
      await page.waitForFunction(
        () => ((document.querySelector('img.pv-avatar') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
      );
      await input?.uploadFile(text);
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="avatar-message"]')?.textContent === t,
        { timeout: 10_000 },
        'Failed to upload avatar: Avatar upload failed: 400',
      );
      expect(dialogs).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await close();
    }
  }, 90_000);

  it('enables 2FA with a code computed from the shown secret, in-page messages and no native boxes; shows recovery codes once; one signs in once; new codes on demand; disables it', async () => {
    const { page, dialogs, close } = await signedInPage(dashboard, user);
    const twoFactorMessage = (text: string) =>
      page.waitForFunction(
        (t) => document.querySelector('[data-testid="two-factor-message"]')?.textContent === t,
        {},
        text,
      );
    try {
      await page.goto(`${dashboard.web}/dashboard/user-settings`);
      await clickText(page, 'Enable 2FA');
      await page.waitForSelector('[data-testid="two-factor-secret"]');
      const qr = await page.$eval(
        '[data-testid="two-factor-qr"]',
        (img) => (img as HTMLImageElement).naturalWidth,
      );
      expect(qr).toBeGreaterThan(0);
      await saveScreenshot(page, SUITE, 'two-factor-setup');
      // An empty code is refused with the specification's words, said in the page.
      await clickText(page, 'Verify and Enable');
      await twoFactorMessage('Please enter the 6-digit code from your authenticator app');
      expect(await page.$eval('[data-testid="two-factor-message"]', (el) => el.getAttribute('role'))).toBe(
        'alert',
      );
      const secret = (await page.$eval('[data-testid="two-factor-secret"]', (el) => el.textContent)) ?? '';
      await page.type('[data-testid="two-factor-code"]', await generate({ secret }));
      await clickText(page, 'Verify and Enable');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="two-factor-status"]')?.textContent === 'Enabled',
      );
      await twoFactorMessage('2FA has been successfully enabled!');
      // The recovery codes are on screen once, with the ways to keep them.
      const codes = await page.$$eval('[data-testid="recovery-codes"] li code', (els) =>
        els.map((el) => el.textContent ?? ''),
      );
      expect(codes).toHaveLength(10);
      for (const label of ['Download', 'Copy'])
        await page.waitForFunction(
          (l) =>
            [...document.querySelectorAll('[data-testid="recovery-codes"] button')].some(
              (b) => b.textContent === l,
            ),
          {},
          label,
        );
      await saveScreenshotsBothThemes(page, SUITE, 'two-factor-recovery-codes');
      await clickText(page, 'I have saved them');
      await page.waitForFunction(() => !document.querySelector('[data-testid="recovery-codes"]'));
      await waitForText(page, '10 recovery codes left.');

      const withoutCode = await call<{ error: { message: string } }>(`${dashboard.api.url}/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(withoutCode.status).toBe(401);
      expect(withoutCode.body.error.message).toBe('Two-factor authentication code required.');
      const withCode = await call(`${dashboard.api.url}/auth/login`, {
        method: 'POST',
        body: JSON.stringify({
          email: user.email,
          password: user.password,
          totpCode: await generate({ secret }),
        }),
      });
      expect(withCode.status).toBe(200);
      // A shown recovery code signs in once, as typed from the screen.
      const withRecovery = () =>
        call(`${dashboard.api.url}/auth/login`, {
          method: 'POST',
          body: JSON.stringify({ email: user.email, password: user.password, recoveryCode: codes[0] }),
        });
      expect((await withRecovery()).status).toBe(200);
      expect((await withRecovery()).status).toBe(401);

      // New codes need the app's code; a wrong one is said in the page.
      await page.reload();
      await waitForText(page, '9 recovery codes left.');
      await clickText(page, 'New Recovery Codes');
      await page.type('[data-testid="two-factor-proof"]', '000000');
      await clickText(page, 'Create New Codes');
      await twoFactorMessage('Invalid two-factor authentication code.');
      await page.$eval('[data-testid="two-factor-proof"]', (el) => {
        (el as HTMLInputElement).select();
      });
      await page.type('[data-testid="two-factor-proof"]', await generate({ secret }));
      await clickText(page, 'Create New Codes');
      await twoFactorMessage('New recovery codes created. The codes you had before no longer work.');
      const fresh = await page.$$eval('[data-testid="recovery-codes"] li code', (els) =>
        els.map((el) => el.textContent ?? ''),
      );
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(codes[1]);
      await clickText(page, 'I have saved them');

      // Disabling asks for the code in a field of the page, not a prompt; a recovery code does as well.
      await clickText(page, 'Disable 2FA');
      await clickText(page, 'Use a recovery code instead');
      await page.type('[data-testid="two-factor-proof"]', fresh[0] ?? '');
      await clickText(page, 'Confirm Disable 2FA');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="two-factor-status"]')?.textContent === 'Disabled',
      );
      await twoFactorMessage('2FA has been disabled');
      expect(dialogs).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('logs out from the shell with the toast, then lands on /login', async () => {
    const { page, close } = await signedInPage(dashboard, user);
    try {
      await page.goto(`${dashboard.web}/dashboard/analytics`);
      await waitForText(page, 'Posture Analytics');
      await clickText(page, 'Logout', 'button');
      await waitForPath(page, '/login');
      await waitForText(page, 'You have been logged out successfully.');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await close();
    }
  }, 90_000);
});

it('serves the static sample pages and the mock calibration summaries', async () => {
  const user = await createVerifiedUser(dashboard.api, 'Samples');
  const { page, dialogs, close } = await signedInPage(dashboard, user);
  try {
    await page.goto(`${dashboard.web}/dashboard/posture-analysis`);
    await waitForText(page, 'Needs Improvement');
    await page.goto(`${dashboard.web}/dashboard/appointments`);
    // Cancelling asks first, in the page's own dialog (not a native confirm).
    await clickText(page, 'Cancel');
    await page.waitForSelector('[role="dialog"]', { visible: true });
    await waitForText(page, 'Are you sure you want to cancel this appointment?');
    await clickText(page, 'Keep Appointment');
    await page.goto(`${dashboard.web}/dashboard/calibration-summary/5`);
    await page.waitForSelector('[data-testid="calibration-summary"]');
    await waitForText(page, 'Calibration ID: 5');
    await clickText(page, 'Proceed');
    await waitForPath(page, '/dashboard/analytics');
    await page.goto(`${dashboard.web}/dashboard/calibration-summary/7`);
    await waitForText(page, 'Calibration summary not found for ID: 7.');
    expect(await page.$('a[href="/dashboard/analytics"]')).not.toBeNull();
    expect(dialogs).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

it('deletes the account after the confirmation and returns to /login', async () => {
  const user = await createVerifiedUser(dashboard.api, 'Delete');
  const { page, dialogs, close } = await signedInPage(dashboard, user);
  try {
    await page.goto(`${dashboard.web}/dashboard/user-settings`);
    await clickText(page, 'Delete Account');
    await waitForText(page, 'Are you sure? This will permanently delete your account and all data.');
    await clickText(page, 'Cancel');
    await clickText(page, 'Delete Account');
    await clickText(page, 'Yes, Delete My Account');
    // The Sign In page says why the user is there.
    await waitForPath(page, '/login');
    await waitForText(page, 'Your account and all its data have been deleted.');
    await saveScreenshotsBothThemes(page, 'web-finish', 'login-account-deleted');
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await call(`${dashboard.api.url}/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(401);
  } finally {
    await close();
  }
}, 90_000);

it('logs out from all devices: every refresh token stops working', async () => {
  const user = await createVerifiedUser(dashboard.api, 'Everywhere');
  const other = await call<{ refreshToken: string }>(`${dashboard.api.url}/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { page, close } = await signedInPage(dashboard, user);
  try {
    await page.goto(`${dashboard.web}/dashboard/user-settings`);
    await page.waitForSelector('[data-testid="active-sessions"] li');
    expect(await page.$$eval('[data-testid="active-sessions"] li', (els) => els.length)).toBe(2);
    await clickText(page, 'Logout from All Devices');
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const refresh = await call(`${dashboard.api.url}/auth/refresh`, {
      method: 'POST',
      body: JSON.stringify({ refresh_token: other.body.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  } finally {
    await close();
  }
}, 90_000);
