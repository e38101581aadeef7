// The light going after calibrating, in Chromium against the real API and vision service: the fake camera shows a
// real person sitting upright (testkit's clip of her photo), she calibrates in that light and is judged good; then
// the room goes dark (the same picture under testkit's 'dark' condition, made by script: 0.3 as bright, the
// shadows crushed, a strong gain's grain), in which the body model loses her shoulders. The session page then says
// why nothing is judged and what to do, in its pill and in the live tool, never 'Poor'; and the report counts that
// time as not judged, neither good nor poor.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionReport } from '@posture-vision/core/api';
import { livePostureNotJudgedText, UNJUDGED_TEXTS } from '@posture-vision/core/live';
import { postureStatusText } from '@posture-vision/core/sessions';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { framedPersonPhoto, toDataUrl, writePostureCamera } from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calibrateWhenSteady,
  callAs,
  clickButton,
  type LiveStack,
  removeDir,
  signIn,
  startLiveStack,
  textOf,
  textWaiter,
} from '../live/harness.ts';

const SUITE = 'web-light-change';
const waitForText = textWaiter(SUITE);

const clipDir = mkdtempSync(join(tmpdir(), 'pv-light-clip-'));
const camera = writePostureCamera(join(clipDir, 'person.y4m'), 'upright');
let stack: LiveStack;

beforeAll(async () => {
  stack = await startLiveStack({ name: 'lightchange', camera: camera.path });
  // A calibration of figures only, so a session can start; the live reference is taken in the session.
  const seeded = await seedCalibration(
    stack.api.url,
    stack.user.accessToken,
    toDataUrl(framedPersonPhoto('woman', 640, 480)),
  );
  if (seeded.status !== 201)
    throw new Error(`the calibration was not stored: the API answered ${seeded.status}`);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  removeDir(clipDir);
});

interface Sent {
  postureStatus: 'good' | 'poor' | 'neutral';
  timestamp: string;
}

/** Every text the posture pill showed, from the page's own observer (a frame's reading can be brief). */
function recordPillTexts(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __pillTexts: string[] }).__pillTexts = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="posture-status"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const pillTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pillTexts: string[] }).__pillTexts);

describe('the light changes after calibrating', () => {
  it('says it is too dark to see her and what to do, never poor, and the report counts it as not judged', async () => {
    const page = await stack.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const feedback: Sent[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/sessions\/[^/]+\/feedback$/.test(request.url()))
        feedback.push(JSON.parse(request.postData() ?? '{}'));
    });
    await signIn(page, stack.site.url, stack.user);
    await page.goto(`${stack.site.url}/dashboard/real-time-session`);
    await page.waitForSelector('[data-testid="real-time-session"]');
    await clickButton(page, 'Start Session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 60_000,
    });

    // Calibrated in the room's light: she sits as she did, judged good.
    await calibrateWhenSteady(page);
    await waitForText(page, 'posture-status', 'Posture: good', 120_000);
    await waitForText(page, 'posture-deviation', 'Posture: Aligned', 30_000);
    expect(await page.$('[data-testid="posture-todo"]')).toBeNull();
    await expect.poll(() => feedback.some((f) => f.postureStatus === 'good'), { timeout: 30_000 }).toBe(true);
    await recordPillTexts(page);

    // The light goes. The words the user reads are the assertion: what the monitor cannot see, what to do.
    const sentBefore = feedback.length;
    camera.show('upright', 'dark');
    const tooDark = postureStatusText({ status: 'neutral', issue: null }, true, 'too_dark');
    expect(tooDark).toBe('Posture: not judged — too dark to see you');
    await waitForText(page, 'posture-status', tooDark, 60_000);
    await waitForText(page, 'posture-todo', UNJUDGED_TEXTS.too_dark.todo, 10_000);
    // The live tool below says the same, not 'Aligned'.
    await waitForText(page, 'posture-deviation', `Posture: ${livePostureNotJudgedText('too_dark')}`, 30_000);
    expect(await textOf(page, 'live-posture-todo')).toBe(UNJUDGED_TEXTS.too_dark.todo);
    // One status region says it to a screen reader (the pill and its todo), not the live tool's as well.
    expect(
      await page.$eval('[data-testid="posture-status"]', (pill) => {
        const region = pill.closest('[role="status"]');
        return region?.textContent;
      }),
    ).toBe(`${tooDark}${UNJUDGED_TEXTS.too_dark.todo}`);

    // The "cannot see you" state in both themes (dark by default, light by the page's own toggle).
    expect(await page.evaluate(() => document.body.getAttribute('data-theme'))).toBe('dark');
    await saveScreenshot(page, SUITE, 'too-dark-dark');
    await page.click('[data-testid="theme-toggle"]');
    await page.waitForFunction(() => document.body.getAttribute('data-theme') === 'light');
    await saveScreenshot(page, SUITE, 'too-dark-light');
    await page.click('[data-testid="theme-toggle"]');

    // Dark for two heartbeats of feedback at least: that time is sent as not judged.
    await expect
      .poll(() => feedback.slice(sentBefore).filter((f) => f.postureStatus === 'neutral').length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBeGreaterThanOrEqual(3);
    expect(await textOf(page, 'posture-status')).toBe(tooDark);

    await clickButton(page, 'Stop Session');
    await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    const link = await page.$eval('[data-testid="session-report-summary"] a', (a) => a.getAttribute('href'));
    const id = (link ?? '').split('/').at(-1) ?? '';
    const report = (
      await callAs<{ data: SessionReport }>(stack.user.accessToken, `${stack.api.url}/sessions/${id}/report`)
    ).body.data;

    // Never poor: not on the page, not sent, not in the report.
    expect((await pillTexts(page)).some((t) => /poor/i.test(t))).toBe(false);
    expect(feedback.some((f) => f.postureStatus === 'poor')).toBe(false);
    expect(report.keyFindings.poorPostureTime).toBe(0);
    // From the first reading in the dark on, everything sent was not judged, and the report counts all of it so.
    const firstDark = feedback.findIndex((f, i) => i >= sentBefore && f.postureStatus === 'neutral');
    const afterDark = feedback.slice(firstDark);
    expect(afterDark.every((f) => f.postureStatus === 'neutral')).toBe(true);
    const darkFrom = Date.parse(afterDark[0]?.timestamp ?? '');
    const darkTo = Date.parse(afterDark.at(-1)?.timestamp ?? '');
    const darkSeconds = Math.floor((darkTo - darkFrom) / 1000);
    expect(darkSeconds).toBeGreaterThanOrEqual(5);
    expect(report.keyFindings.neutralPostureTime).toBeGreaterThanOrEqual(darkSeconds);
    // Good is only the time before: at most the session less the time in the dark.
    expect(report.keyFindings.goodPostureTime).toBeGreaterThan(0);
    expect(report.keyFindings.goodPostureTime).toBeLessThanOrEqual(report.duration - darkSeconds);
    await page.close();
  }, 400_000);
});
