// One session, one tab: two tabs of the real-time session page in one Chromium against the real API and vision
// service. A second tab resuming the running session takes it over: the first one says so in words, stops
// sending, and what it judged stays in the session (it told the API when its last frame was judged, and the time
// until the second tab reported is not counted as its posture). A session ended elsewhere (the API refusing a
// late feedback) is said in the tab that ran it, which stops and shows the report.
import type { SessionReport } from '@posture-vision/core/api';
import { FRAMES_STOPPED, SESSION_MESSAGES } from '@posture-vision/core/sessions';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { HTTPRequest, Page } from 'puppeteer-core';
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

const SUITE = 'web-session-tabs';
const waitForText = textWaiter(SUITE);

let stack: LiveStack;

beforeAll(async () => {
  stack = await startCalibratedClipStack('tabs');
}, 240_000);

afterAll(() => stack?.stop());

const call = async <T>(path: string, init: RequestInit = {}): Promise<T> =>
  (await callAs<{ data: T }>(stack.user.accessToken, `${stack.api.url}${path}`, init)).body.data;

const running = '[data-testid="real-time-session"][data-phase="running"]';

async function openSessionPage(): Promise<Page> {
  const page = await stack.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await signIn(page, stack.site.url, stack.user);
  await page.goto(`${stack.site.url}/dashboard/real-time-session`);
  await page.waitForSelector('[data-testid="real-time-session"]');
  return page;
}

/** The feedback a page posts for the session, as they go, with their kind. */
function feedbackPosts(page: Page, id: string): { at: number; kind: unknown }[] {
  const posts: { at: number; kind: unknown }[] = [];
  page.on('request', (r: HTTPRequest) => {
    if (r.method() !== 'POST' || !r.url().endsWith(`/sessions/${id}/feedback`)) return;
    const body = JSON.parse(r.postData() ?? '{}') as { details?: { kind?: unknown } };
    posts.push({ at: Date.now(), kind: body.details?.kind });
  });
  return posts;
}

const feedbackOf = (page: Page, id: string) =>
  page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/sessions/${id}/feedback`),
    { timeout: 120_000 },
  );

describe('one running session across tabs', () => {
  it('a second tab resuming it takes it over: the first says so, stops sending, and its judged time is kept', async () => {
    const first = await openSessionPage();
    await clickButton(first, 'Start Session');
    await first.waitForSelector(running, { timeout: 60_000 });
    const id = (await call<{ id: string }>('/sessions/active')).id;
    const firstPosts = feedbackPosts(first, id);
    await calibrateWhenSteady(first);
    await waitForText(first, 'posture-status', 'Posture: good', 60_000);
    await feedbackOf(first, id);

    const second = await openSessionPage();
    await second.waitForSelector('[data-testid="running-session-offer"]', { timeout: 30_000 });
    await clickButton(second, 'Resume session');
    await second.waitForSelector(running, { timeout: 60_000 });

    // The first tab says so in words and stops: no live session shown there any more, the session offered back.
    await waitForText(first, 'session-notice', SESSION_MESSAGES.sessionTakenOver, 30_000);
    const toldAt = Date.now();
    await first.waitForSelector('[data-testid="real-time-session"][data-phase="idle"]');
    expect(await first.$('[data-testid="posture-status"]')).toBeNull();
    await first.waitForSelector('[data-testid="running-session-offer"]');
    await saveScreenshot(first, SUITE, '01-taken-over');

    // The second tab reports on the session (two feedback of its own); the first sent nothing since but the word
    // that its frames stopped.
    await feedbackOf(second, id);
    await feedbackOf(second, id);
    expect(firstPosts.filter((p) => p.at > toldAt && p.kind !== FRAMES_STOPPED)).toEqual([]);
    expect(firstPosts.filter((p) => p.kind === FRAMES_STOPPED)).toHaveLength(1);

    await clickButton(second, 'Stop Session');
    await second.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    expect(await call<unknown>('/sessions/active')).toBeNull();
    // The first tab's judged time is in the session: its good posture up to the moment its frames stopped.
    const report = await call<SessionReport>(`/sessions/${id}/report`);
    const k = report.keyFindings;
    expect(k.goodPostureTime).toBeGreaterThan(0);
    expect(k.goodPostureTime + k.poorPostureTime + k.neutralPostureTime).toBe(report.duration);
    // Judged only while a tab saw frames: the first one up to its last frame, the second from its first feedback.
    const exported = await call<{
      feedback: { sessionId: string; timestamp: string; postureStatus: string; details: { kind?: string } }[];
    }>('/sessions/export?format=json');
    const sent = exported.feedback
      .filter((f) => f.sessionId === id)
      .map((f) => ({ at: Date.parse(f.timestamp), status: f.postureStatus, kind: f.details?.kind }))
      .sort((a, b) => a.at - b.at);
    const stopped = sent.findIndex((f) => f.kind === FRAMES_STOPPED);
    const firstJudged = sent.find((f) => f.status !== 'neutral') as { at: number };
    const lastFrame = sent[stopped] as { at: number };
    const secondFirst = sent[stopped + 1] as { at: number };
    const withFrames =
      (lastFrame.at - firstJudged.at + (Date.parse(report.endTime as string) - secondFirst.at)) / 1000;
    expect(k.goodPostureTime + k.poorPostureTime).toBeLessThanOrEqual(withFrames + 1);
    await first.close();
    await second.close();
  }, 420_000);

  it('a new session started in another tab ends this one: the tab that ran it says so and shows its report', async () => {
    const first = await openSessionPage();
    await clickButton(first, 'Start Session');
    await first.waitForSelector(running, { timeout: 60_000 });
    const id = (await call<{ id: string }>('/sessions/active')).id;
    await feedbackOf(first, id);
    const second = await openSessionPage();
    await second.waitForSelector('[data-testid="running-session-offer"]', { timeout: 30_000 });
    await clickButton(second, 'Start Session');
    await second.waitForSelector(running, { timeout: 60_000 });
    await waitForText(
      first,
      'session-notice',
      SESSION_MESSAGES.monitoringStoppedHere(SESSION_MESSAGES.sessionReplacedInOtherTab),
      30_000,
    );
    await first.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    const link = await first.$eval('[data-testid="session-report-summary"] a', (a) => a.getAttribute('href'));
    expect(link?.split('/').at(-1)).toBe(id);
    expect((await call<{ id: string }>('/sessions/active')).id).not.toBe(id);
    await clickButton(second, 'Stop Session');
    await second.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    await first.close();
    await second.close();
  }, 300_000);

  it('a session ended elsewhere is said in the tab that ran it, which stops and shows its report', async () => {
    const page = await openSessionPage();
    await clickButton(page, 'Start Session');
    await page.waitForSelector(running, { timeout: 60_000 });
    const id = (await call<{ id: string }>('/sessions/active')).id;
    await feedbackOf(page, id);
    // Ended by another browser (no word between tabs): the API refuses this tab's next feedback.
    await call(`/sessions/${id}/end`, { method: 'POST', body: '{}' });
    await waitForText(
      page,
      'session-notice',
      SESSION_MESSAGES.monitoringStoppedHere('This session has already ended.'),
      60_000,
    );
    await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="stopped"]');
    expect(await page.$('[data-testid="posture-status"]')).toBeNull();
    const link = await page.$eval('[data-testid="session-report-summary"] a', (a) => a.getAttribute('href'));
    expect(link?.split('/').at(-1)).toBe(id);
    await saveScreenshot(page, SUITE, '02-ended-elsewhere');
    await page.close();
  }, 300_000);
});
