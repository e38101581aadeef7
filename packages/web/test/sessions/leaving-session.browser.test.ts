// Leaving the real-time session by a link of the app (the sidebar), in Chromium against the real API and vision
// service: the page asks first, as a reload does; Stay keeps the session running, Leave ends it. Ended by leaving,
// a session is kept only when some of its time was judged: one left before anything was judged does not become a
// "session" in the history (nor the dashboard's recent score); one with judged posture is kept.
import { SESSION_MESSAGES } from '@posture-vision/core/sessions';
import type { Dialog, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calibrateWhenSteady,
  callAs,
  clickButton,
  type LiveStack,
  signIn,
  startCalibratedClipStack,
  textWaiter,
} from '../live/harness.ts';

const SUITE = 'web-leaving-session';
const waitForText = textWaiter(SUITE);

let stack: LiveStack;

beforeAll(async () => {
  stack = await startCalibratedClipStack('leaving');
}, 240_000);

afterAll(() => stack?.stop());

const call = async <T>(path: string): Promise<T> =>
  (await callAs<{ data: T }>(stack.user.accessToken, `${stack.api.url}${path}`)).body.data;

/** A page with a session running, a feedback of it on the API; its id. */
async function runningSession(page: Page): Promise<string> {
  await signIn(page, stack.site.url, stack.user);
  await page.goto(`${stack.site.url}/dashboard/real-time-session`);
  await page.waitForSelector('[data-testid="real-time-session"]');
  await clickButton(page, 'Start Session');
  await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', { timeout: 60_000 });
  const active = await call<{ id: string } | null>('/sessions/active');
  if (!active) throw new Error('no active session after Start Session');
  await page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/sessions/${active.id}/feedback`),
    { timeout: 120_000 },
  );
  return active.id;
}

/** Clicks the sidebar's Analytics link and answers the dialog it opens (while it is open the page waits, so it is
 * answered as it comes); the dialog's text. */
async function leaveByTheSidebar(page: Page, answer: 'accept' | 'dismiss'): Promise<string> {
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog: Dialog) => {
      resolve(dialog.message());
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    }),
  );
  await page.$eval('a[href="/dashboard/analytics"]', (a) => (a as HTMLAnchorElement).click());
  return asked;
}

/** Waits until the page shows this text anywhere (a toast). */
const waitForBodyText = (page: Page, text: string) =>
  page.waitForFunction(
    (t) => document.body.textContent?.includes(t),
    { timeout: 30_000, polling: 200 },
    text,
  );

const historyIds = async () => (await call<{ id: string }[]>('/sessions/history?limit=50')).map((h) => h.id);

describe('leaving a running session by a link of the app', () => {
  it('asks first; Stay keeps it running, Leave ends it, and one with nothing judged is not kept', async () => {
    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    // Nobody calibrated: every reading is "not calibrated", nothing is judged.
    const id = await runningSession(page);
    expect(await leaveByTheSidebar(page, 'dismiss')).toBe(SESSION_MESSAGES.leaveSessionConfirm);
    // Stayed: the same page, the session running.
    expect(new URL(page.url()).pathname).toBe('/dashboard/real-time-session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]');
    expect((await call<{ id: string } | null>('/sessions/active'))?.id).toBe(id);

    // Another tab of the app offers the running session back, until it has ended.
    const other = await stack.browser.newPage();
    await other.goto(`${stack.site.url}/dashboard/real-time-session`);
    await other.waitForSelector('[data-testid="running-session-offer"]', { timeout: 30_000 });

    expect(await leaveByTheSidebar(page, 'accept')).toBe(SESSION_MESSAGES.leaveSessionConfirm);
    await page.waitForFunction(() => location.pathname === '/dashboard/analytics', { timeout: 30_000 });
    await expect.poll(() => call<unknown>('/sessions/active'), { timeout: 30_000 }).toBeNull();
    await other.waitForSelector('[data-testid="running-session-offer"]', { hidden: true, timeout: 30_000 });
    await other.close();
    // Said on the page she went to.
    await waitForBodyText(page, SESSION_MESSAGES.sessionEndedByLeaving(false));
    // Not kept: no such session in the history, nor its report.
    await expect.poll(historyIds, { timeout: 30_000 }).not.toContain(id);
    expect((await callAs(stack.user.accessToken, `${stack.api.url}/sessions/${id}/report`)).status).toBe(404);
    await page.close();
  }, 300_000);

  it('going Back in the app ends it without asking, and says so on the page she went back to', async () => {
    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, stack.site.url, stack.user);
    await page.goto(`${stack.site.url}/dashboard`);
    await page.waitForSelector('a[href="/dashboard/real-time-session"]', { timeout: 30_000 });
    await page.$eval('a[href="/dashboard/real-time-session"]', (a) => (a as HTMLAnchorElement).click());
    await page.waitForSelector('[data-testid="real-time-session"]');
    await clickButton(page, 'Start Session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 60_000,
    });
    const id = (await call<{ id: string }>('/sessions/active')).id;
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 });
    await waitForBodyText(page, SESSION_MESSAGES.sessionEndedByLeaving(false));
    await expect.poll(historyIds, { timeout: 30_000 }).not.toContain(id);
    await page.close();
  }, 300_000);

  it('keeps a session left with judged posture, with its judged time', async () => {
    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const id = await runningSession(page);
    await calibrateWhenSteady(page);
    await waitForText(page, 'posture-status', 'Posture: good', 60_000);
    await page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/sessions/${id}/feedback`),
      { timeout: 60_000 },
    );
    await leaveByTheSidebar(page, 'accept');
    await page.waitForFunction(() => location.pathname === '/dashboard/analytics', { timeout: 30_000 });
    await expect.poll(() => call<unknown>('/sessions/active'), { timeout: 30_000 }).toBeNull();
    await waitForBodyText(page, SESSION_MESSAGES.sessionEndedByLeaving(true));
    const history = await call<{ id: string; goodPostureTime: number | null }[]>(
      '/sessions/history?limit=50',
    );
    expect(history.find((h) => h.id === id)?.goodPostureTime).toBeGreaterThan(0);
    await page.close();
  }, 300_000);
});
