// One calibration, in Chromium against the real API and vision service, the fake camera playing a real person
// sitting upright: a session started before any live reference judges nothing ('Posture: not calibrated') and
// counts no good time; after the photo calibration (its front photo, taken by the same camera at the desk, as the
// vision service's photo analysis saw it) the next session judges her from the first frame, without Calibrate
// Posture.
import type { SessionReport } from '@posture-vision/core/api';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { measuredBy } from '@posture-vision/testkit/measurement';
import { framedPersonPhoto, toDataUrl } from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clickButton, type LiveStack, signIn, startClipStack, textWaiter } from '../live/harness.ts';

const SUITE = 'web-one-calibration';
const waitForText = textWaiter(SUITE);

let stack: LiveStack;

beforeAll(async () => {
  stack = await startClipStack('onecal', [{ posture: 'upright', seconds: 4 }]);
}, 240_000);

afterAll(() => stack?.stop());

const call = <T>(url: string, init: RequestInit = {}) => callAs<T>(stack.user.accessToken, url, init);

/** Starts a session on the page, collecting the posture feedback the page sends as the API receives it. */
async function startSession(page: Page): Promise<{ postureStatus: string }[]> {
  const feedback: { postureStatus: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/sessions\/[^/]+\/feedback$/.test(request.url()))
      feedback.push(JSON.parse(request.postData() ?? '{}'));
  });
  await signIn(page, stack.site.url, stack.user);
  await page.goto(`${stack.site.url}/dashboard/real-time-session`);
  await page.waitForSelector('[data-testid="real-time-session"]');
  await clickButton(page, 'Start Session');
  await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', { timeout: 60_000 });
  return feedback;
}

async function stopSession(page: Page): Promise<SessionReport> {
  await clickButton(page, 'Stop Session');
  await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
  const link = await page.$eval('[data-testid="session-report-summary"] a', (a) => a.getAttribute('href'));
  const id = (link ?? '').split('/').at(-1) ?? '';
  return (await call<{ data: SessionReport }>(`${stack.api.url}/sessions/${id}/report`)).body.data;
}

describe('one calibration for photos and the live monitor', () => {
  it('before any live reference nothing is judged: the pill says not calibrated, no time counts as good or poor', async () => {
    // A calibration stored without a live reference (figures only): a session can start, but there is nothing of
    // hers to judge her posture against.
    const seeded = await seedCalibration(
      stack.api.url,
      stack.user.accessToken,
      toDataUrl(framedPersonPhoto('woman', 640, 480)),
    );
    expect(seeded.status).toBe(201);
    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const feedback = await startSession(page);
    await waitForText(page, 'posture-status', 'Posture: not calibrated', 120_000);
    await waitForText(page, 'session-timer', /^00:(0[6-9]|[1-5]\d)$/, 60_000);
    // The page sends its first reading once the vision service's first frame arrives (seconds after the start on
    // a slow machine); the session is stopped after it, whatever the clock says.
    await expect.poll(() => feedback.length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    await saveScreenshot(page, SUITE, '01-not-calibrated');
    const report = await stopSession(page);
    expect(feedback.length).toBeGreaterThan(0);
    expect(feedback.every((f) => f.postureStatus === 'neutral')).toBe(true);
    expect(report.keyFindings.goodPostureTime).toBe(0);
    expect(report.keyFindings.poorPostureTime).toBe(0);
    expect(report.keyFindings.neutralPostureTime).toBeGreaterThan(0);
    expect(await page.$eval('[data-testid="session-report-summary"]', (e) => e.textContent ?? '')).toContain(
      'Not judged:',
    );
    await page.close();
  }, 300_000);

  it('after the photo calibration, the front photo is the live reference: judged good from the first frame', async () => {
    // The front photo as the camera takes it at the desk (1280x720, she sits as in the clip), analysed by the
    // vision service as the wizard's preview is; the calibration is stored with that analysis.
    const front = toDataUrl(framedPersonPhoto('woman', 1280, 720));
    const analysed = await call<{ live_reference: unknown; live_reference_problem?: string }>(
      `${(stack.vision as NonNullable<LiveStack['vision']>).url}/calibration/analyze`,
      { method: 'POST', body: JSON.stringify({ image_data: front, view_type: 'front' }) },
    );
    expect(analysed.status).toBe(200);
    expect(analysed.body.live_reference_problem).toBeUndefined();
    // The one-view analysis signed as the stack's vision service signs its measurement of these photos (the same
    // photo as every view: its batch analysis would refuse a frontal side view).
    const photos = ['front', 'left', 'right'].map((viewType) => ({
      viewType,
      photoUrl: front,
      metadata: { mirrored: false },
    }));
    const stored = await call<{ success: boolean }>(`${stack.api.url}/calibration`, {
      method: 'POST',
      body: JSON.stringify({
        photos,
        processWithML: false,
        mlAnalysis: await measuredBy(photos, {
          overall_score: 90,
          live_reference: analysed.body.live_reference,
        }),
      }),
    });
    expect(stored.status).toBe(201);
    const profiles = await call<{ data: { active: boolean; reference: unknown }[] }>(
      `${stack.api.url}/calibration/profiles`,
    );
    expect(profiles.body.data.find((p) => p.active)?.reference).not.toBeNull();

    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const feedback = await startSession(page);
    // No Calibrate Posture: the first reading is already a verdict, and it is good (she sits as in the photo).
    await waitForText(page, 'posture-status', 'Posture: good', 120_000);
    await saveScreenshot(page, SUITE, '02-judged-from-the-first-frame');
    await waitForText(page, 'session-timer', /^00:(0[6-9]|[1-5]\d)$/, 60_000);
    const report = await stopSession(page);
    expect(feedback[0]?.postureStatus).toBe('good');
    expect(feedback.some((f) => f.postureStatus === 'poor')).toBe(false);
    expect(report.keyFindings.goodPostureTime).toBeGreaterThan(0);
    await page.close();
  }, 300_000);
});
