// A keyboard-only journey in Chromium against the real API and vision service: register (both steps), sign in,
// calibrate in the photo wizard, run a real-time session and stop it, then reach the profile — with Tab, typing,
// Space and Enter alone, every stop drawn with a visible focus ring. (The mail's verification link is opened as a
// link in a mail would be; what the camera sees is put in front of it by the test, as a user turns on the chair.)
import { earForwardForCva } from '@posture-vision/core/calibration';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { personPhotoDataUrl, sideViewPhoto, toDataUrl } from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForLink } from '../support/accounts.ts';
import { type LiveStack, startLiveStack } from '../support/live-stack.ts';
import {
  type FocusStop,
  saveScreenshotsBothThemes,
  tabTo,
  waitForPath as waitForPathWithin,
} from '../support/page.ts';
import { installPhotoCamera, showToCamera, waitForCameraFrame } from '../support/photo-camera.ts';

const SUITE = 'web-keyboard';
const PASSWORD = 'Keyboard#2026';
/** Tabs allowed to reach a control: the dashboard's sidebar and the session page's controls come first. */
const MAX_TABS = 80;

let stack: LiveStack;
beforeAll(async () => {
  stack = await startLiveStack({ name: 'keyboard', apiEnv: { RATE_LIMIT_MAX: '1000' } });
}, 240_000);
afterAll(async () => {
  await stack?.stop();
});

/** What the camera shows at each step of the wizard: her front (the session's camera shows her the same way,
 * so it becomes her live reference), then side views of known geometry (testkit composites of real photos). */
const VIEWS = {
  FRONT: personPhotoDataUrl('woman'),
  LEFT: toDataUrl(sideViewPhoto({ up: 200, forward: earForwardForCva(50, 200) }).jpeg),
  RIGHT: toDataUrl(sideViewPhoto({ up: 215, forward: earForwardForCva(50, 215) }).jpeg),
};

const waitForPath = (page: Page, path: string) => waitForPathWithin(page, path, 15_000);

async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is visible, as laid out
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
}

const wizardStep = (page: Page, step: string, timeout = 30_000) =>
  page.waitForSelector(`[data-testid="photo-wizard"][data-step="${step}"]`, { timeout });

/** Waits until the button named so is there and enabled (a disabled button takes no focus). */
async function waitForEnabled(page: Page, name: string, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent?.replace(/\s+/g, ' ').trim() === n && !b.disabled,
      ),
    { timeout, polling: 200 },
    name,
  );
}

describe('keyboard only', () => {
  it('registers, signs in, calibrates, runs and stops a session, and reaches the profile, each stop visibly focused', async () => {
    const email = `keys.${Date.now()}@posture.test`;
    const context = await stack.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await installPhotoCamera(page);
    const stops: FocusStop[] = [];
    const tab = async (name: string) => {
      stops.push(...(await tabTo(page, name, MAX_TABS)));
    };
    const typeInto = async (label: string, text: string) => {
      await tab(label);
      await page.keyboard.type(text);
    };
    const web = stack.site.url;

    // Register, both steps.
    await page.goto(`${web}/register`);
    await waitForText(page, 'Create Account');
    await typeInto('First name', 'Kay');
    await typeInto('Last name', 'Board');
    // A date field takes its parts as typed digits (month, day, year in this browser's locale).
    await typeInto('Birthday', '04021990');
    await typeInto('Phone number', '5551234567');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Confirm password');
    await typeInto('Email', email);
    await typeInto('Password', PASSWORD);
    await typeInto('Confirm password', PASSWORD);
    await tab('I accept the');
    await page.keyboard.press('Space');
    await tab('Create Account');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/login');

    // Sign in.
    await page.goto(await waitForLink(stack.api.dataDir, email, /verify-email/));
    await waitForPath(page, '/login?verified=true');
    await waitForText(page, 'Email verified successfully! You can now log in.');
    await typeInto('Email', email);
    await typeInto('Password', PASSWORD);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard');

    // Calibrate: the dashboard offers it first (once it has read the account); the wizard's three photos.
    await page.waitForSelector('[data-testid="start-session"]', { timeout: 20_000 });
    await tab('Calibrate now');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard/photo-calibration');
    await wizardStep(page, 'INSTRUCTIONS_START');
    await tab('Start');
    await page.keyboard.press('Enter');
    for (const view of ['FRONT', 'LEFT', 'RIGHT'] as const) {
      await wizardStep(page, `CAPTURE_${view}`);
      await showToCamera(page, VIEWS[view]);
      await waitForCameraFrame(page);
      await tab('Capture Photo');
      await page.keyboard.press('Enter');
      await wizardStep(page, `PREVIEW_${view}`);
      // Next waits for the photo's check.
      const next = view === 'RIGHT' ? 'Analyze Photos' : 'Next';
      await waitForEnabled(page, next);
      await tab(next);
      await page.keyboard.press('Enter');
    }
    await wizardStep(page, 'COMPLETED', 120_000);
    await saveScreenshotsBothThemes(page, SUITE, 'wizard-completed');
    await tab('Go to Dashboard');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="start-session"]')?.textContent === 'Start a session',
      { timeout: 20_000 },
    );

    // Run a session: she sits in front of the camera as in her front photo, her live reference.
    await showToCamera(page, VIEWS.FRONT);
    await tab('Start a session');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard/real-time-session');
    await waitForEnabled(page, 'Start Session');
    await tab('Start Session');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 60_000,
    });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="posture-status"]')?.textContent === 'Posture: good',
      { timeout: 90_000, polling: 200 },
    );
    // Long enough for a heartbeat, on the session's own clock.
    await page.waitForFunction(
      () =>
        /^00:(0[6-9]|[1-5]\d)$/.test(
          document.querySelector('[data-testid="session-timer"]')?.textContent ?? '',
        ),
      { timeout: 60_000, polling: 200 },
    );
    await saveScreenshot(page, SUITE, '02-session-running');
    await tab('Stop Session');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });
    await saveScreenshotsBothThemes(page, SUITE, 'session-stopped');
    // The report counts the time the session judged her posture.
    const summary = await page.$eval('[data-testid="session-report-summary"]', (el) => el.textContent ?? '');
    const [, good, poor] = /Good posture: (\d+) s · Poor posture: (\d+) s/.exec(summary) ?? [];
    expect(Number(good) + Number(poor)).toBeGreaterThan(0);
    // The report it ended with is one Tab away, as the next thing to read.
    await tab('View full report');

    stops.push(...(await tabTo(page, 'Profile', MAX_TABS)));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/profile');

    const unseen = stops.filter((s) => !s.visible).map((s) => s.name);
    expect(unseen, 'stops whose focus was not drawn').toEqual([]);
    await context.close();
  }, 400_000);
});
