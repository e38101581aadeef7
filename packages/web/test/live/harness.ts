// Browser-test helpers for the live features. The stack they run against (the real API and vision service as
// processes, the web app served and given their URLs, a verified user, Chromium with
// a person clip) is ../support/live-stack.ts, started and stopped in one go by startLiveStack.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import {
  type ClipSegment,
  framedPersonPhoto,
  toDataUrl,
  writePersonClip,
} from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';
import { type LiveStack, startLiveStack } from '../support/live-stack.ts';
import { clickButton as clickVisibleButton } from '../support/page.ts';

export { signIn, type TestUser } from '../support/accounts.ts';
export {
  createVerifiedUser,
  type LiveStack,
  type LiveStackOptions,
  startLiveStack,
  startSessionAt,
} from '../support/live-stack.ts';
export { serveWebApp, type WebSite } from '../support/web-app.ts';

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** A live stack whose camera plays a clip of the real person in these postures; its stop removes the clip too. */
export async function startClipStack(name: string, segments: ClipSegment[]): Promise<LiveStack> {
  const clipDir = mkdtempSync(join(tmpdir(), `pv-${name}-clip-`));
  try {
    const stack = await startLiveStack({
      name,
      camera: writePersonClip(join(clipDir, 'person.y4m'), segments),
    });
    return {
      ...stack,
      stop: async () => {
        await stack.stop();
        removeDir(clipDir);
      },
    };
  } catch (error) {
    removeDir(clipDir);
    throw error;
  }
}

/** A clip stack of a person sitting upright whose user has an active calibration (stored without the vision
 * service, its photos a real woman's): what a real-time session needs before it starts. */
export async function startCalibratedClipStack(name: string): Promise<LiveStack> {
  const stack = await startClipStack(name, [{ posture: 'upright', seconds: 4 }]);
  try {
    const seeded = await seedCalibration(
      stack.api.url,
      stack.user.accessToken,
      toDataUrl(framedPersonPhoto('woman', 640, 480)),
    );
    if (seeded.status !== 201)
      throw new Error(`the calibration was not stored: the API answered ${seeded.status}`);
    return stack;
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** A call with the user's bearer token (JSON in and out): the answer's status and body. */
export async function callAs<T>(
  accessToken: string,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    ...init,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Clicks the first visible, enabled button whose text is exactly so. */
export function clickButton(page: Page, text: string): Promise<void> {
  return clickVisibleButton(page, text, { timeout: 30_000 });
}

/** The text of the element with this test id, once it is on the page (parts that wait for an API answer, such as
 * the profile list, appear after the page itself). */
export async function textOf(page: Page, testId: string): Promise<string> {
  const selector = `[data-testid="${testId}"]`;
  await page.waitForSelector(selector, { timeout: 20_000 });
  return page.$eval(selector, (el) => el.textContent ?? '');
}

/**
 * waitForText(page, testId, text, timeout): waits until the element shows the text (a string or a pattern); on
 * timeout saves a screenshot under `suite` and says what it showed, with the alert, the live status and log.
 */
export function textWaiter(suite: string) {
  return async function waitForText(page: Page, testId: string, text: string | RegExp, timeout = 30_000) {
    try {
      await page.waitForFunction(
        (id, source, flags) =>
          new RegExp(source, flags).test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
        { timeout, polling: 200 },
        testId,
        typeof text === 'string' ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : text.source,
        typeof text === 'string' ? '' : text.flags,
      );
    } catch (error) {
      const seen = await page.evaluate(
        (id) =>
          `"${document.querySelector(`[data-testid="${id}"]`)?.textContent}" at ${location.pathname}; alert: ${document.querySelector('[role="alert"]')?.textContent}; status: ${document.querySelector('[data-testid="live-status"]')?.textContent}; log: ${document.querySelector('.live-log')?.textContent}`,
        testId,
      );
      await saveScreenshot(page, suite, `failed-${testId}`);
      throw new Error(`waiting for ${testId} to show ${text}: ${seen}`, { cause: error });
    }
  };
}

/** The live tool's count of detection frames received. */
const detectionFrames = (page: Page) =>
  page.$eval('[data-testid="live-overlay"]', (el) => Number(el.getAttribute('data-detection-frames') ?? 0));

/** Resolves once the live tool has received `frames` more detection frames than it had when called. */
export async function waitForMoreDetectionFrames(page: Page, frames: number): Promise<void> {
  await page.waitForSelector('[data-testid="live-overlay"]', { timeout: 60_000 });
  const from = await detectionFrames(page);
  await page.waitForFunction(
    (n) =>
      Number(document.querySelector('[data-testid="live-overlay"]')?.getAttribute('data-detection-frames')) >=
      n,
    { timeout: 120_000, polling: 250 },
    from + frames,
  );
}

/**
 * Calibrate Posture as a user sitting still does it: after some more detection frames have come (the reference is
 * the last steady second of frames, and a video's first frames are blurred while its bitrate ramps up), then the
 * success pop-up until it has closed itself (it covers the controls under it while open).
 */
export async function calibrateWhenSteady(page: Page, frames = 30): Promise<void> {
  await waitForMoreDetectionFrames(page, frames);
  await clickButton(page, 'Calibrate Posture');
  await page.waitForSelector('.live-popup', { timeout: 30_000 });
  await page.waitForSelector('.live-popup', { hidden: true, timeout: 15_000 });
}
