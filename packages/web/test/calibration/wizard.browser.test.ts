// The photo calibration wizard's success path in real Chromium, against the real API and vision service, through
// the camera as a user takes the photos: the fake camera shows the person from the front for the front step and
// from the side for the two side steps (testkit's side-view composite, whose true CVA is known by construction).
// Chromium opens the fake camera's file again each time the wizard starts the camera, so the test puts the
// view of the next step in place before moving to it, as the user turns on the chair.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Calibration, CalibrationProgressItem } from '@posture-vision/core/api';
import {
  CVA_DETECTABLE_CHANGE_DEG,
  cvaChange,
  earForwardForCva,
  scoreBreakdownText,
} from '@posture-vision/core/calibration';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import {
  personImage,
  personPhotoDataUrl,
  writeSideViewClip,
  writeStillClip,
} from '@posture-vision/testkit/media';
import type { RunningService } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickButton,
  type LiveStack,
  removeDir,
  signIn,
  startLiveStack,
  type TestUser,
  type WebSite,
} from '../live/harness.ts';
import { firePendingTimers, recordTimers } from '../support/clock.ts';
import { saveScreenshotsBothThemes } from '../support/page.ts';

const SUITE = 'web-wizard';
/** The side views' true CVA: a forward head (below the calibration rule's 45° poor line) by more than the ±5°
 * the photo geometry is accurate to, so the assessment must call it low. */
const TRUE_CVA = 38;
/** The ear 200 px above the shoulder in the composite (a typical neck in it). */
const NECK_PX = 200;
/** Accuracy of the CVA on the side-view composites (vision's photo-geometry test). */
const CVA_TOLERANCE = 5;
/** How long the user reads the completion card: a minute of the page's time, let pass at once (support/clock). */
const READING_MS = 60_000;

let stack: LiveStack;
let api: RunningService;
let site: WebSite;
let browser: Browser;
let user: TestUser;
let clipDir: string;
let camera: string;

const placement = { up: NECK_PX, forward: earForwardForCva(TRUE_CVA, NECK_PX) };
/** What the camera shows at each step: the person facing it, then turned to her left and to her right. */
const views = {
  // The left-hand woman of the demo photo: in a 640x480 frame her shoulders and eyes are found (the clip's usual
  // 'woman' leans sideways: her shoulder line reads 28° in her own crop and 32-36° in landscape frames, beyond the
  // 20° of someone sitting upright, and the analysis leaves her shoulder tilt out, asking her to sit upright).
  FRONT: () => writeStillClip(camera, personImage('woman-left'), { width: 640, height: 480 }),
  // A woman facing the camera with her hair over her left shoulder: the pose model puts that shoulder on her upper
  // arm (26.6° in this frame, vision photo-hidden-shoulder.test.ts), so her shoulder tilt cannot be measured.
  FRONT_HAIR_OVER_SHOULDER: () =>
    writeStillClip(camera, personImage('woman-facing'), { width: 640, height: 480 }),
  LEFT: () => writeSideViewClip(camera, placement, { facing: 'left' }),
  RIGHT: () => writeSideViewClip(camera, placement, { facing: 'right' }),
};

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'pv-wizard-'));
  camera = join(clipDir, 'camera.y4m');
  views.FRONT();
  stack = await startLiveStack({ name: 'wizard', camera });
  ({ api, site, browser, user } = stack);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  removeDir(clipDir);
});

function waitForStep(page: Page, step: string, timeout = 30_000) {
  return page.waitForFunction(
    (s) => document.querySelector('[data-testid="photo-wizard"]')?.getAttribute('data-step') === s,
    { timeout, polling: 200 },
    step,
  );
}

/** The camera's picture is playing in the wizard. */
function waitForCamera(page: Page) {
  return page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return !!video && video.readyState >= 2 && video.videoWidth > 0;
    },
    { timeout: 20_000, polling: 200 },
  );
}

interface CompletionCard {
  score: string;
  cva: string;
  notes: string;
  breakdown: string | null;
}

/** Takes the three photos as the user does, from the wizard's start, and analyses them. The camera shows the front
 * view when this starts; the previews' screenshots are named after `shots`. */
async function takePhotos(page: Page, shots = ''): Promise<void> {
  await page.goto(`${site.url}/dashboard/photo-calibration`);
  await waitForStep(page, 'INSTRUCTIONS_START');
  await clickButton(page, 'Start');
  for (const view of ['FRONT', 'LEFT', 'RIGHT'] as const) {
    await waitForStep(page, `CAPTURE_${view}`);
    await waitForCamera(page);
    // The wizard shows what the camera shows: 1280x720 for the side views, 640x480 for the front clip.
    const size = await page.$eval('video', (v) => `${v.videoWidth}x${v.videoHeight}`);
    expect(size).toBe(view === 'FRONT' ? '640x480' : '1280x720');
    // The front view asks for both shoulders in view: a shoulder under hair or dark on dark is not measured.
    if (view === 'FRONT')
      expect(await page.$eval('.cal-card p', (p) => p.textContent)).toMatch(
        /Keep your hair behind your shoulders so both are in view/,
      );
    await clickButton(page, 'Capture Photo');
    await waitForStep(page, `PREVIEW_${view}`);
    await saveScreenshot(page, SUITE, `${shots}01-preview-${view.toLowerCase()}`);
    // The user turns for the next photo while looking at this preview.
    if (view === 'FRONT') views.LEFT();
    if (view === 'LEFT') views.RIGHT();
    await clickButton(page, view === 'RIGHT' ? 'Analyze Photos' : 'Next');
  }
}

/** The completion card, read as it appears (or the wizard's error). */
async function completionCard(page: Page): Promise<CompletionCard | { error: string }> {
  return (await (
    await page.waitForFunction(
      () => {
        const score = document.querySelector('[data-testid="wizard-score"]');
        if (!score) {
          const error = document.querySelector('[data-testid="wizard-error"]');
          return error ? { error: error.textContent } : null;
        }
        return {
          score: score.textContent ?? '',
          cva: document.querySelector('[data-testid="wizard-cva"]')?.textContent ?? '',
          notes: document.querySelector('[data-testid="wizard-notes"]')?.textContent ?? '',
          breakdown: document.querySelector('[data-testid="wizard-score-breakdown"]')?.textContent ?? null,
        };
      },
      { timeout: 180_000, polling: 'mutation' },
    )
  ).jsonValue()) as CompletionCard | { error: string };
}

describe('photo calibration wizard with front and side photos', () => {
  it('completes: the card shows the measured CVA and the assessment notes until the user goes on, and the dashboard the new score and notes', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await recordTimers(page);
    await signIn(page, site.url, user);
    await takePhotos(page);
    const card = await completionCard(page);
    expect(card).not.toHaveProperty('error');
    // The card stays while the user reads it (it used to move on to the dashboard by itself after 2 s): a
    // minute of the page's time passes (every timer due by then fires now) and the wizard is still on it.
    await firePendingTimers(page, READING_MS);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => location.pathname)).toBe('/dashboard/photo-calibration');
    expect(await page.$eval('[data-testid="photo-wizard"]', (el) => el.getAttribute('data-step'))).toBe(
      'COMPLETED',
    );
    await saveScreenshot(page, SUITE, '03-completion-card');
    const { score, cva, notes, breakdown } = card as CompletionCard;
    expect(score).toMatch(/^Your posture score: \d{1,3}\/100$/);
    // How the score was made, ending on the same score (core scoreBreakdownText of the stored calibration).
    expect(breakdown).toMatch(
      /^How the score is made: 100 minus [\d.]+ for cranial vertebral angle, .*rounded: \d{1,3}\/100\.$/,
    );
    expect(breakdown?.endsWith(`${/(\d+)\/100/.exec(score)?.[1]}/100.`)).toBe(true);
    const measured = Number(/([\d.]+)°/.exec(cva)?.[1]);
    expect(cva).toMatch(/^CVA \(cranial vertebral angle\): \d+\.\d°$/);
    expect(Math.abs(measured - TRUE_CVA)).toBeLessThanOrEqual(CVA_TOLERANCE);
    // A forward head is named in the notes (vision's assessment, by the calibration's key-metric thresholds).
    expect(notes).toContain('Assessment notes');
    expect(notes).toContain('Cranial vertebral angle is low: forward head posture.');

    // The user goes on; where the wizard lands: the dashboard with the new calibration's score and notes.
    await clickButton(page, 'Go to Dashboard');
    await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000, polling: 200 });
    await page.waitForSelector('[data-testid="new-calibration-score"]', { timeout: 30_000 });
    const landed = await page.$eval('[data-testid="new-calibration-score"]', (el) => el.textContent);
    expect(landed).toBe(`${/(\d+)\/100/.exec(score)?.[1]}/100`);
    expect(await page.$eval('[data-testid="new-calibration-notes"]', (el) => el.textContent)).toContain(
      'Cranial vertebral angle is low: forward head posture.',
    );
    // A user without sessions has no average score yet (not "average score 0").
    await page.waitForSelector('[data-testid="week-summary"] p', { timeout: 30_000 });
    expect(await page.$eval('[data-testid="week-summary"] p', (p) => p.textContent)).toBe(
      '0 sessions in total',
    );
    await saveScreenshot(page, SUITE, '02-dashboard-new-score');

    // The calibration is stored and active, with the measured CVA.
    const status = (await (
      await fetch(`${api.url}/calibration/status/detailed`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      })
    ).json()) as { data: { hasActive: boolean } };
    expect(status.data.hasActive).toBe(true);
    await page.close();
  }, 300_000);

  it('completes for a user whose hair hides a shoulder: the shoulder tilt is not measured, the card and the summary say so and why', async () => {
    views.FRONT_HAIR_OVER_SHOULDER();
    // The calibration before this one (stored now, so after the first journey's): an upright neck of 52°. This
    // one's forward head (38°) is then a real change from it.
    const earlier = await seedCalibration(api.url, user.accessToken, personPhotoDataUrl('woman-left'), {
      overall_score: 100,
      metrics: { cranial_vertebral_angle: 52 },
    });
    expect(earlier.status).toBe(201);
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, site.url, user);
    await takePhotos(page, 'hair-');
    const card = await completionCard(page);
    // It used to be refused ('Failed to process photos: The front photo: Not measurable …') at every retake, and
    // without a calibration no session can start.
    expect(card).not.toHaveProperty('error');
    const { score, cva, notes } = card as CompletionCard;
    expect(Math.abs(Number(/([\d.]+)°/.exec(cva)?.[1]) - TRUE_CVA)).toBeLessThanOrEqual(CVA_TOLERANCE);
    expect(notes).toMatch(
      /The front photo: Not measurable from this view: the shoulder tilt measured [\d.]+°, .*a shoulder was hidden \(by hair/,
    );
    await saveScreenshot(page, SUITE, 'hair-03-completion-card');

    // Stored without a shoulder tilt; the calibration page opens on its summary, which lists it as not measured.
    const stored = (await (
      await fetch(`${api.url}/calibration/status/detailed`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      })
    ).json()) as { data: { calibration: Calibration } };
    expect(stored.data.calibration.shoulderTiltAngle).toBeNull();
    expect(stored.data.calibration.headTiltAngle).toEqual(expect.any(Number));
    await page.goto(`${site.url}/dashboard/calibration`);
    await page.waitForSelector('[data-testid="calibration-summary-view"]', { timeout: 30_000 });
    expect(await page.$eval('[data-testid="summary-score"] span', (el) => el.textContent)).toBe(
      /(\d+)\/100/.exec(score)?.[1],
    );
    expect(
      await page.$$eval('[data-status="not-measured"]', (items) =>
        items.map(
          (li) => `${li.querySelector('span')?.textContent}: ${li.querySelector('strong')?.textContent}`,
        ),
      ),
    ).toEqual(['Shoulder Tilt: Not measured']);
    expect(await page.$eval('[data-testid="summary-assessment"]', (p) => p.textContent)).toMatch(
      /a shoulder was hidden/,
    );
    expect(await page.$eval('[data-testid="diagram-tilts"]', (t) => t.textContent)).toMatch(
      /^Shoulders not measuredHead \d+\.\d°$/,
    );
    // The change since the calibration before this one, and whether a retake could explain it (core cvaChange).
    const progress = (await (
      await fetch(`${api.url}/calibration/progress`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      })
    ).json()) as { data: { calibrationProgress: CalibrationProgressItem[] } };
    const rows = progress.data.calibrationProgress;
    const change = cvaChange(rows[rows.length - 1] as CalibrationProgressItem, rows);
    expect(change).not.toBeNull();
    const { delta } = change as NonNullable<typeof change>;
    expect(change).toMatchObject({ since: rows.find((r) => r.id === earlier.id)?.createdAt, real: true });
    expect(delta).toBeLessThan(-CVA_DETECTABLE_CHANGE_DEG);
    expect(await page.$eval('[data-testid="summary-cva-change"]', (p) => p.textContent)).toMatch(
      new RegExp(
        `^Your CVA is ${Math.abs(delta).toFixed(1)}° lower than at your calibration of .+ \\(the head sits further forward\\): more than the ${CVA_DETECTABLE_CHANGE_DEG}° a retake can vary by, so a real change\\.$`,
      ),
    );
    // How the score was made: the vision service scored the photos by core's rule, so the stored metrics give the
    // stored score and the summary shows what each cost.
    const breakdown = scoreBreakdownText(stored.data.calibration);
    expect(breakdown).toMatch(/^(How the score is made|Every metric measured is in its good range)/);
    expect(await page.$eval('[data-testid="summary-score-breakdown"]', (p) => p.textContent)).toBe(breakdown);
    await saveScreenshot(page, SUITE, 'hair-04-calibration-summary');
    await page.close();
  }, 300_000);

  it('checks each photo as it is taken: a front photo taken side on and a side photo that shows her from the front are refused on their previews, retaken alone, and the calibration completes', async () => {
    views.LEFT();
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signIn(page, site.url, user);
    await page.goto(`${site.url}/dashboard/photo-calibration`);
    await waitForStep(page, 'INSTRUCTIONS_START');
    await clickButton(page, 'Start');
    await waitForStep(page, 'CAPTURE_FRONT');
    await waitForCamera(page);
    await clickButton(page, 'Capture Photo');
    await waitForStep(page, 'PREVIEW_FRONT');
    // Side on where the front photo belongs: her eye and shoulder lines are no tilt, so nothing is measured and
    // the photo is retaken (a side view read "head tilt 22°" here and cost the score 20 points).
    const sideAsFront = await photoCheckOf(page);
    expect(sideAsFront.state).toBe('retake');
    expect(sideAsFront.message).toMatch(
      /^Posture could not be measured as a front photo: (you are turned to the side: face the camera|your head is turned away: look at the screen)\. Retake this photo; the others are kept\.$/,
    );
    expect(await page.$$eval('button', (bs) => bs.find((b) => b.textContent === 'Next')?.disabled)).toBe(
      true,
    );
    // For a person to look at: the refusal on its preview in both themes at 1280 and 375 px.
    await saveScreenshotsBothThemes(page, 'web-finish', 'wizard-side-as-front');
    views.FRONT();
    await clickButton(page, 'Retake');
    await waitForStep(page, 'CAPTURE_FRONT');
    await waitForCamera(page);
    await clickButton(page, 'Capture Photo');
    await waitForStep(page, 'PREVIEW_FRONT');
    expect((await photoCheckOf(page)).state).toMatch(/^(measured|partly)$/);
    // For the left photo she sits facing the camera square on (the demo photo of a woman facing it) instead of
    // turning.
    views.FRONT_HAIR_OVER_SHOULDER();
    await clickButton(page, 'Next');
    await waitForStep(page, 'CAPTURE_LEFT');
    await waitForCamera(page);
    await clickButton(page, 'Capture Photo');
    await waitForStep(page, 'PREVIEW_LEFT');
    // The preview says what is wrong before Next, and Next waits for a retake.
    const refused = await photoCheckOf(page);
    expect(refused.state).toBe('retake');
    expect(refused.message).toMatch(
      /^(Not measurable from this view: .*(front|face)|Posture could not be measured).* Retake this photo; the others are kept\.$/,
    );
    expect(await page.$$eval('button', (bs) => bs.find((b) => b.textContent === 'Next')?.disabled)).toBe(
      true,
    );
    await saveScreenshot(page, SUITE, 'retake-01-left-refused');
    // She turns to her left and retakes that photo alone: the wizard goes back to the left capture, not the front.
    views.LEFT();
    await clickButton(page, 'Retake');
    await waitForStep(page, 'CAPTURE_LEFT');
    await waitForCamera(page);
    await clickButton(page, 'Capture Photo');
    await waitForStep(page, 'PREVIEW_LEFT');
    const measured = await photoCheckOf(page);
    expect(measured.state).toBe('measured');
    const leftCva = Number(/cranial vertebral angle (-?[\d.]+)°/.exec(measured.message)?.[1]);
    expect(Math.abs(leftCva - TRUE_CVA)).toBeLessThanOrEqual(CVA_TOLERANCE);
    expect(measured.message).toMatch(/\(poor\)\.$/);
    views.RIGHT();
    await clickButton(page, 'Next');
    await waitForStep(page, 'CAPTURE_RIGHT');
    await waitForCamera(page);
    await clickButton(page, 'Capture Photo');
    await waitForStep(page, 'PREVIEW_RIGHT');
    expect((await photoCheckOf(page)).state).toBe('measured');
    await clickButton(page, 'Analyze Photos');
    const card = await completionCard(page);
    expect(card).not.toHaveProperty('error');
    expect(
      Math.abs(Number(/([\d.]+)°/.exec((card as CompletionCard).cva)?.[1]) - TRUE_CVA),
    ).toBeLessThanOrEqual(CVA_TOLERANCE);
    // Every view measured: complete, and nothing listed as not measured.
    expect(await page.$eval('.cal-card h2', (h) => h.textContent)).toBe('Calibration complete!');
    expect(await page.$('[data-testid="wizard-not-measured"]')).toBeNull();
    await saveScreenshot(page, SUITE, 'retake-02-completed');
    await page.close();
  }, 300_000);
});

/** The preview's check of its photo, once the analysis has answered. */
async function photoCheckOf(page: Page): Promise<{ state: string; message: string }> {
  return (await (
    await page.waitForFunction(
      () => {
        const p = document.querySelector('[data-testid="photo-check"]');
        const state = p?.getAttribute('data-state');
        return p && state && state !== 'checking' ? { state, message: p.textContent ?? '' } : null;
      },
      { timeout: 60_000, polling: 200 },
    )
  ).jsonValue()) as { state: string; message: string };
}
