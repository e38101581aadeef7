// A reload during a session, in Chromium against the real API and vision service: the page warns before leaving,
// and after the reload offers the session still running on the API back. Resume continues the same session (its
// timer from the session's start, its feedback to the same id); the time the reload took, without frames, is
// neither good nor poor, and the report's good, poor and not judged time add up to its length. End session ends
// it at its last feedback, so its report holds only the time that was judged.
import type { SessionReport } from '@posture-vision/core/api';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Page } from 'puppeteer-core';
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

const SUITE = 'web-resume-session';
const waitForText = textWaiter(SUITE);

let stack: LiveStack;

beforeAll(async () => {
  stack = await startCalibratedClipStack('resume');
}, 240_000);

afterAll(() => stack?.stop());

const call = async <T>(path: string): Promise<T> =>
  (await callAs<{ data: T }>(stack.user.accessToken, `${stack.api.url}${path}`)).body.data;

const seconds = (timer: string) => {
  const [m, s] = timer.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

/** A page with a session running for a few seconds, its feedback reaching the API (judged against the posture
 * taken with Calibrate Posture when `calibrate`); the dialogs it opened. */
async function runningSession(page: Page, calibrate = false): Promise<{ id: string; dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
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
  await waitForText(page, 'session-timer', /^00:(0[3-9]|[1-5]\d)$/, 60_000);
  if (calibrate) {
    await calibrateWhenSteady(page);
    await waitForText(page, 'posture-status', 'Posture: good', 60_000);
    // A heartbeat of the good posture reached the API before the reload.
    await page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/sessions/${active.id}/feedback`),
      { timeout: 60_000 },
    );
  }
  return { id: active.id, dialogs };
}

async function reloadToOffer(page: Page, dialogs: string[]): Promise<void> {
  await page.reload();
  // The page asked before leaving (the reload went on once the dialog was accepted).
  expect(dialogs).toContain('beforeunload');
  await page.waitForSelector('[data-testid="running-session-offer"]', { timeout: 30_000 });
  expect(await page.$eval('[data-testid="session-timer"]', (e) => e.textContent)).toBe('00:00');
}

describe('a session survives a reload', () => {
  it('warns before leaving, offers the session back, and Resume continues the same session; the reload is not judged', async () => {
    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const { id, dialogs } = await runningSession(page, true);
    const before = seconds(await page.$eval('[data-testid="session-timer"]', (e) => e.textContent ?? ''));
    await reloadToOffer(page, dialogs);
    const offeredAt = Date.now();
    await saveScreenshot(page, SUITE, '01-offer');
    const resumedFeedback = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/sessions/${id}/feedback`),
      { timeout: 120_000 },
    );
    await clickButton(page, 'Resume session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 60_000,
    });
    // The timer goes on from the session's start, not from 00:00.
    const resumed = seconds(await page.$eval('[data-testid="session-timer"]', (e) => e.textContent ?? ''));
    expect(resumed).toBeGreaterThanOrEqual(before);
    await resumedFeedback;
    expect((await call<{ id: string } | null>('/sessions/active'))?.id).toBe(id);
    await clickButton(page, 'Stop Session');
    await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    const link = await page.$eval('[data-testid="session-report-summary"] a', (a) => a.getAttribute('href'));
    expect(link?.split('/').at(-1)).toBe(id);
    expect(await call<unknown>('/sessions/active')).toBeNull();

    // The time the reload took (no frames) is neither good nor poor, though the posture before it was good and the
    // session was resumed within the gap cap; good, poor and not judged (the reload, the second before the first
    // reading) add up to the session's length.
    const report = await call<SessionReport>(`/sessions/${id}/report`);
    const k = report.keyFindings;
    expect(k.goodPostureTime).toBeGreaterThan(0);
    expect(k.goodPostureTime + k.poorPostureTime + k.neutralPostureTime).toBe(report.duration);
    const exported = await call<{
      feedback: { sessionId: string; timestamp: string; postureStatus: string }[];
    }>('/sessions/export?format=json');
    const sent = exported.feedback
      .filter((f) => f.sessionId === id)
      .map((f) => ({ at: Date.parse(f.timestamp), status: f.postureStatus }))
      .sort((a, b) => a.at - b.at);
    // No frames from the offer (the reloaded page's camera off) to the first feedback after Resume; judged time can
    // only lie from the first judged feedback to the offer, and from that feedback to the end.
    const firstJudged = sent.find((f) => f.status !== 'neutral') as { at: number };
    const firstAfter = sent.find((f) => f.at > offeredAt) as { at: number };
    const withFrames =
      (offeredAt - firstJudged.at + (Date.parse(report.endTime as string) - firstAfter.at)) / 1000;
    expect(k.goodPostureTime + k.poorPostureTime).toBeLessThanOrEqual(withFrames + 1);
    await page.close();
  }, 360_000);

  it('End session from the offer ends it at its last feedback: its report holds only judged time', async () => {
    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const { id, dialogs } = await runningSession(page);
    await reloadToOffer(page, dialogs);
    await clickButton(page, 'End session');
    await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    await saveScreenshot(page, SUITE, '02-ended-from-offer');
    expect(await call<unknown>('/sessions/active')).toBeNull();
    const report = await call<SessionReport>(`/sessions/${id}/report`);
    // Ended at its last feedback: nothing after it is counted, whatever the reload took.
    expect(report.endTime).toBe(report.timeline.at(-1)?.timestamp);
    const k = report.keyFindings;
    expect(k.goodPostureTime + k.poorPostureTime + k.neutralPostureTime).toBeLessThanOrEqual(report.duration);
    await page.close();
  }, 300_000);
});
