// The analytics page's figures checked against each other, in Chromium against the real API: sessions of varied
// length (6 s to 5 min) and score, seeded through HTTP, then every figure the page shows about them — the
// insights' indicators, the Improvement Summary, the table's rows, the charts as drawn, the dashboard's average —
// must tell one story (core's analytics figures, domain/analytics/figures.ts).
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { personPhotoDataUrl } from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createVerifiedUser,
  type Dashboard,
  signedInPage,
  startDashboard,
  type TestUser,
  waitForText,
} from './harness';

let dashboard: Dashboard;

beforeAll(async () => {
  dashboard = await startDashboard();
}, 180_000);

afterAll(async () => {
  await dashboard?.stop();
}, 30_000);

/** A session to seed: seconds from the day's 10:00 UTC, its length and its constant score. */
interface Planned {
  day: number;
  offset: number;
  seconds: number;
  score: number;
}

const DAY_MS = 86_400_000;

/** 10:00 UTC of the day `daysAgo` before today: whole sessions on known UTC days, whatever the time now. */
function morning(daysAgo: number): number {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return today - daysAgo * DAY_MS + 10 * 3_600_000;
}

/** A calibrated user with these sessions, each given a feedback every 5 s and ended at its last one. */
async function seedUser(name: string, sessions: Planned[]): Promise<TestUser> {
  const user = await createVerifiedUser(dashboard.api, name);
  const calibration = await seedCalibration(dashboard.api.url, user.accessToken, personPhotoDataUrl(), {
    overall_score: 82,
    metrics: { cranial_vertebral_angle: 49.5 },
  });
  expect(calibration.status).toBe(201);
  for (const planned of sessions) {
    const started = await call<{ data: { id: string } }>(`${dashboard.api.url}/sessions/start`, {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ mode: 'active', calibrationId: calibration.id }),
    });
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    const id = started.body.data.id;
    const t0 = morning(planned.day) + planned.offset * 1000;
    await dashboard.startSessionAt(id, new Date(t0));
    const times = [];
    for (let s = 0; s < planned.seconds; s += 5) times.push(s);
    times.push(planned.seconds);
    for (const s of times) {
      const feedback = await call(`${dashboard.api.url}/sessions/${id}/feedback`, {
        method: 'POST',
        token: user.accessToken,
        body: JSON.stringify({
          postureStatus: planned.score >= 80 ? 'good' : 'poor',
          timestamp: new Date(t0 + s * 1000).toISOString(),
          details: { type: 'realtime', score: planned.score },
        }),
      });
      expect(feedback.status, JSON.stringify(feedback.body)).toBeLessThan(300);
    }
    const ended = await call(`${dashboard.api.url}/sessions/${id}/end`, {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ at: 'lastFeedback' }),
    });
    expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300);
  }
  return user;
}

interface Figures {
  indicators: Record<string, string>;
  improvementRate: string;
  bestDay: number;
  rows: { type: string; duration: string; score: number }[];
  overshoot: Record<string, number[]>;
}

/** Every figure the analytics page shows, as shown. */
async function readAnalytics(page: Page): Promise<Figures> {
  await page.goto(`${dashboard.web}/dashboard/analytics`);
  await page.waitForSelector('[data-testid="insights"] dd', { timeout: 30_000 });
  await page.waitForSelector('[data-testid="best-day-score"]');
  // The charts have been drawn (the overshoot is written after each draw).
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('canvas')].length >= 3 &&
      [...document.querySelectorAll('canvas')].every((c) => c.dataset.curveOvershoot),
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';
    const indicators: Record<string, string> = {};
    for (const item of document.querySelectorAll('[data-testid="insights"] dl > div'))
      indicators[item.querySelector('dt')?.textContent ?? ''] = item.querySelector('dd')?.textContent ?? '';
    const rows = [...document.querySelectorAll('[data-testid="session-timeline"] tbody tr')].map((tr) => ({
      type: tr.children[1]?.textContent ?? '',
      duration: tr.children[2]?.textContent ?? '',
      score: Number(tr.children[3]?.textContent),
    }));
    const overshoot: Record<string, number[]> = {};
    for (const card of ['trends', 'score-chart', 'cva-chart']) {
      const canvas = document.querySelector(`[data-testid="${card}"] canvas`) as HTMLCanvasElement | null;
      overshoot[card] = JSON.parse(canvas?.dataset.curveOvershoot ?? '[]');
    }
    return {
      indicators,
      improvementRate: text('[data-testid="improvement-rate"]'),
      bestDay: Number(text('[data-testid="best-day-score"]')),
      rows,
      overshoot,
    };
  });
}

/**
 * The analytics page in both themes at 1280 and 375 px, for a person to look at (.artifacts/screenshots/web-finish/),
 * each with every cell of the Session Timeline in sight in its card: at 375 px a row's duration, score, CVA and
 * View Details sat beyond the card's edge, to be scrolled to sideways.
 */
async function screenshotsOfAnalytics(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'])
    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: 800 });
      await page.evaluate((t) => localStorage.setItem('appTheme', t), theme);
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      await readAnalytics(page);
      await saveScreenshot(page, 'web-finish', `${name}-${theme}-${width}`);
      const hidden = await page.$$eval('[data-testid="session-timeline"] td', (cells) => {
        const card = document.querySelector('[data-testid="session-timeline"]')?.getBoundingClientRect();
        return cells
          .filter((c) => !card || c.getBoundingClientRect().right > card.right + 0.5)
          .map((c) => c.textContent);
      });
      expect({ theme, width, hidden }).toEqual({ theme, width, hidden: [] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
}

/** The dashboard's "average score N" line. */
async function dashboardAverage(page: Page): Promise<number> {
  await page.goto(`${dashboard.web}/dashboard`);
  await waitForText(page, /average score \d+/);
  const line = await page.evaluate(() => document.body.textContent ?? '');
  return Number(/average score (\d+)/.exec(line)?.[1]);
}

/** What every page's figures must agree on, whatever the sessions. */
function expectAgreement(figures: Figures, sessions: Planned[]) {
  const sessionRows = figures.rows.filter((r) => r.type !== 'Photo Calibration');
  expect(sessionRows).toHaveLength(sessions.length);
  expect(Number(figures.indicators['Session Count'])).toBe(sessions.length);
  // The same improvement rate in the insights and in the Improvement Summary, written the same way.
  expect(figures.indicators['Improvement Rate']).toBe(figures.improvementRate);
  const average = Number(figures.indicators['Average Score']);
  const scores = sessionRows.map((r) => r.score);
  // An average of these sessions: within their scores, and never above the best day's.
  expect(average).toBeGreaterThanOrEqual(Math.min(...scores));
  expect(average).toBeLessThanOrEqual(Math.max(...scores));
  expect(average).toBeLessThanOrEqual(figures.bestDay);
  expect(figures.bestDay).toBeLessThanOrEqual(Math.max(...scores));
  // Durations: seconds under a minute, else minutes; each as seeded.
  expect(sessionRows.map((r) => r.duration).sort()).toEqual(
    sessions.map((s) => (s.seconds < 60 ? `${s.seconds}s` : `${Math.round(s.seconds / 60)}m`)).sort(),
  );
  // No line leaves the range of the points it joins.
  expect(figures.overshoot).toEqual({ trends: [0, 0], 'score-chart': [0], 'cva-chart': [0] });
}

describe('the analytics page', () => {
  it('over one day: the average score, the best day and the dashboard are one number', async () => {
    // 6 s at 100, 22 s at 78, 5 min at 91, 90 s at 62: the time-weighted average is 84.2, the plain mean 82.8.
    const sessions: Planned[] = [
      { day: 1, offset: 0, seconds: 6, score: 100 },
      { day: 1, offset: 600, seconds: 22, score: 78 },
      { day: 1, offset: 1200, seconds: 300, score: 91 },
      { day: 1, offset: 1800, seconds: 90, score: 62 },
    ];
    const user = await seedUser('OneDay', sessions);
    const { page, close } = await signedInPage(dashboard, user);
    try {
      const figures = await readAnalytics(page);
      expectAgreement(figures, sessions);
      expect(Number(figures.indicators['Average Score'])).toBe(figures.bestDay);
      expect(figures.bestDay).toBe(84.2);
      // Later half (91 for 5 min, 62 for 90 s) against the earlier (100 for 6 s, 78 for 22 s), both by time.
      expect(figures.improvementRate).toBe('+1.9%');
      expect(await dashboardAverage(page)).toBe(Math.round(figures.bestDay));
      await screenshotsOfAnalytics(page, 'analytics-varied');
    } finally {
      await close();
    }
  }, 120_000);

  it('over two days: the average lies between the days and every rate is one', async () => {
    const sessions: Planned[] = [
      { day: 2, offset: 0, seconds: 45, score: 55 },
      { day: 2, offset: 600, seconds: 120, score: 70 },
      { day: 1, offset: 0, seconds: 8, score: 96 },
      { day: 1, offset: 600, seconds: 240, score: 88 },
      { day: 1, offset: 1200, seconds: 30, score: 93 },
    ];
    const user = await seedUser('TwoDays', sessions);
    const { page, close } = await signedInPage(dashboard, user);
    try {
      const figures = await readAnalytics(page);
      expectAgreement(figures, sessions);
      const average = Number(figures.indicators['Average Score']);
      expect(average).toBeLessThan(figures.bestDay);
      expect(figures.improvementRate).toMatch(/^\+/);
      expect(await dashboardAverage(page)).toBe(Math.round(average));
    } finally {
      await close();
    }
  }, 120_000);

  it("the dashboard's Last 7 Days counts and averages those days only, as its bars show them", async () => {
    // 12 days ago at 40, which the 30-day analytics hold; yesterday at 90.
    const user = await seedUser('OlderWeek', [
      { day: 12, offset: 0, seconds: 120, score: 40 },
      { day: 1, offset: 0, seconds: 120, score: 90 },
    ]);
    const { page, close } = await signedInPage(dashboard, user);
    try {
      const figures = await readAnalytics(page);
      expect(Number(figures.indicators['Session Count'])).toBe(2);
      expect(await dashboardAverage(page)).toBe(90);
      const card = await page.$eval('[data-testid="week-summary"]', (el) => el.textContent ?? '');
      expect(card).toMatch(/^Last 7 Days1 session in total · average score 90/);
    } finally {
      await close();
    }
  }, 120_000);
});
