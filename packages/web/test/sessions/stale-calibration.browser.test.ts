// The real-time session against a calibration profile whose reference no longer fits, in Chromium
// against the real API and vision service: the fake camera plays a real person sitting as she sits, and the
// active profile's reference is another posture (another person's, measured by the vision service). The live
// tool's Aligned/Deviated and Test Calibration follow that reference, as the posture monitor does; after
// three minutes off it the stale-calibration banner shows, and its one click recalibrates: the banner goes, the
// profile keeps the new reference.
//
// Time is the edge here: the rule needs three minutes off the reference. The page's Date.now — the monitor's clock
// (RealTimeSessionPage creates it with `now: Date.now`) — is replaced before the app loads by one that the test
// can make run faster (CLOCK_SPEED) once the session is under way; timers and the video are untouched.
import { STALE_AFTER_MS } from '@posture-vision/core/sessions';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { framedPersonPhoto, type PhotoName, toDataUrl } from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  clickButton,
  type LiveStack,
  signIn,
  startCalibratedClipStack,
  waitForMoreDetectionFrames,
} from '../live/harness.ts';
import { clickButton as clickVisibleButton } from '../support/page.ts';

const SUITE = 'web-stale-calibration';
/** How much faster the page's clock runs once the session is under way: three minutes in eighteen seconds. Not
 * faster: the rule's shortest time, an absence of 30 s (STALE_ABSENCE_RESET_MS) that starts the count over, must
 * stay longer than the time between two frames of the vision service on a slow machine (about a second with every
 * model on this 2-core one, and over 1.5 s while the suite's other lane loads it: at 20 times, 30 s was 1.5 s and a
 * clean run timed out; at 60 times it was half a second, and one frame not judged started the count over). */
const CLOCK_SPEED = 10;

let stack: LiveStack;

beforeAll(async () => {
  stack = await startCalibratedClipStack('stale');
}, 240_000);

afterAll(() => stack?.stop());

const call = <T>(url: string, init: RequestInit = {}) => callAs<T>(stack.user.accessToken, url, init);

type Reference = { keypoints: { x: number | null; y: number | null; score?: number }[]; frame: object };

/** The page's clock, replaced before the app loads: real time until `__speedUpClock(n)`, then n times faster. */
function controlledClock(page: Page) {
  return page.evaluateOnNewDocument(() => {
    const real = Date.now.bind(Date);
    let from: { real: number; shown: number; speed: number } | null = null;
    Date.now = () => (from ? from.shown + (real() - from.real) * from.speed : real());
    (window as unknown as { __speedUpClock(speed: number): void }).__speedUpClock = (speed) => {
      from = { real: real(), shown: Date.now(), speed };
    };
  });
}

async function textOf(page: Page, testId: string): Promise<string> {
  return page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '').catch(() => '');
}

async function waitForText(page: Page, testId: string, pattern: RegExp, timeout: number) {
  try {
    await page.waitForFunction(
      (id, source) =>
        new RegExp(source).test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
      { timeout, polling: 250 },
      testId,
      pattern.source,
    );
  } catch (error) {
    await saveScreenshot(page, SUITE, `failed-${testId}`);
    throw new Error(`waiting for ${testId} to match ${pattern}: "${await textOf(page, testId)}"`, {
      cause: error,
    });
  }
}

/** A person's posture in the camera's 640×480 frame, as the vision service measures their photo. */
async function measuredReference(photo: PhotoName): Promise<Reference> {
  const vision = stack.vision as NonNullable<LiveStack['vision']>;
  const analysed = await call<{ views: { front: { keypoints: Reference['keypoints'] } } }>(
    `${vision.url}/calibration/analyze`,
    {
      method: 'POST',
      body: JSON.stringify({
        image_data: toDataUrl(framedPersonPhoto(photo, 640, 480)),
        view_type: 'front',
      }),
    },
  );
  expect(analysed.status).toBe(200);
  return { keypoints: analysed.body.views.front.keypoints, frame: { width: 640, height: 480 } };
}

/** A new calibration profile of the user's with this reference. */
async function createProfile(
  name: string,
  setup: string,
  reference: Reference,
): Promise<{ id: string; active: boolean }> {
  const created = await call<{ data: { id: string; active: boolean } }>(
    `${stack.api.url}/calibration/profiles`,
    {
      method: 'POST',
      body: JSON.stringify({ name, setup, reference }),
    },
  );
  expect(created.status).toBe(201);
  return created.body.data;
}

/** Whether the profile keeps another reference than `before` (a new one was taken and stored). */
async function referenceReplaced(profileId: string, before: Reference): Promise<boolean> {
  const list = await call<{ data: { id: string; reference: Reference | null }[] }>(
    `${stack.api.url}/calibration/profiles`,
  );
  const stored = list.body.data.find((p) => p.id === profileId)?.reference;
  return !!stored && JSON.stringify(stored.keypoints) !== JSON.stringify(before.keypoints);
}

describe('a calibration profile whose reference no longer fits', () => {
  it('is what the live tool shows, goes stale after three minutes off it, and one click recalibrates', async () => {
    // The active profile's reference: another person's posture in the camera's 640×480 frame, as the vision
    // service measures it.
    const { site, browser, user } = stack;
    const other = await measuredReference('woman-facing');
    const created = await createProfile('Old desk', 'desk_monitor', other);
    expect(created.active).toBe(true);
    const profileId = created.id;

    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await controlledClock(page);
    await signIn(page, site.url, user);
    await page.goto(`${site.url}/dashboard/real-time-session`);
    await page.waitForFunction(
      (id) =>
        (document.querySelector('[data-testid="active-profile"]') as HTMLSelectElement | null)?.value === id,
      { timeout: 30_000 },
      profileId,
    );
    await clickButton(page, 'Start Session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 60_000,
    });

    // The vision service has no calibration of its own yet (it would say 'Not calibrated'); the live tool shows
    // the verdict against the profile's reference, as the monitor judges: she does not sit as that posture.
    await waitForText(page, 'posture-deviation', /^Posture: Deviated/, 120_000);
    await clickButton(page, 'Test Calibration');
    await waitForText(
      page,
      'live-status',
      /judging against the active profile's reference \(\d+ outline points\)/,
      10_000,
    );
    expect(await page.$('[data-testid="stale-calibration"]')).toBeNull();
    await saveScreenshot(page, SUITE, '01-deviated-from-profile');

    // Three minutes of the monitor's clock off the reference, in about eighteen seconds.
    await page.evaluate(
      (speed) => (window as unknown as { __speedUpClock(s: number): void }).__speedUpClock(speed),
      CLOCK_SPEED,
    );
    await page.waitForSelector('[data-testid="stale-calibration"]', {
      timeout: (STALE_AFTER_MS / CLOCK_SPEED) * 10 + 30_000,
    });
    await saveScreenshot(page, SUITE, '02-stale');

    // One click: Recalibrate takes her posture as the reference; the warning goes and the profile keeps it.
    await clickVisibleButton(page, 'Recalibrate', {
      timeout: 10_000,
      selector: '[data-testid="stale-calibration"] button',
    });
    await page.waitForFunction(() => !document.querySelector('[data-testid="stale-calibration"]'), {
      timeout: 60_000,
      polling: 250,
    });
    await waitForText(page, 'posture-deviation', /^Posture: Aligned/, 60_000);
    await expect
      .poll(() => referenceReplaced(profileId, other), { timeout: 15_000, interval: 250 })
      .toBe(true);
    await saveScreenshot(page, SUITE, '03-recalibrated');
    await page.close();
  }, 400_000);

  it('is refused when taken with the head turned: the page says why, and Recalibrate replaces it', async () => {
    // A profile whose reference the analysis now refuses (kept before the turned-head rule): a woman turned
    // towards the side, as the vision service measures her photo.
    const { api, site, browser } = stack;
    const turned = await measuredReference('woman-left');
    const profileId = (await createProfile('Turned', 'laptop', turned)).id;
    expect(
      (await call(`${api.url}/calibration/profiles/${profileId}/activate`, { method: 'POST' })).status,
    ).toBe(200);

    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, stack.site.url, stack.user);
    await page.goto(`${site.url}/dashboard/real-time-session`);
    await waitForText(page, 'saved-reference-refused', /cannot be used \(your head is turned away/, 30_000);
    await saveScreenshot(page, SUITE, '04-saved-reference-refused');
    await clickButton(page, 'Start Session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 60_000,
    });
    // Nothing is judged against it: the session is not calibrated until a new reference is taken.
    await waitForText(page, 'posture-status', /not calibrated/, 30_000);
    // She sits still a moment (the reference is the last steady second of frames), then recalibrates.
    await waitForMoreDetectionFrames(page, 30);
    await clickVisibleButton(page, 'Recalibrate', {
      timeout: 10_000,
      selector: '[data-testid="saved-reference-refused"] button',
    });
    await page
      .waitForFunction(() => !document.querySelector('[data-testid="saved-reference-refused"]'), {
        timeout: 60_000,
        polling: 250,
      })
      .catch(async (error) => {
        await saveScreenshot(page, SUITE, 'failed-saved-reference-refused');
        throw new Error(`the notice stayed; the live tool says "${await textOf(page, 'live-status')}"`, {
          cause: error,
        });
      });
    await waitForText(page, 'posture-status', /Posture: good/, 30_000);
    await expect
      .poll(() => referenceReplaced(profileId, turned), { timeout: 15_000, interval: 250 })
      .toBe(true);
    await page.close();
  }, 300_000);
});
