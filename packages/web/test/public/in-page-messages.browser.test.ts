// The dashboard says what happened in the page, in the specification's words, instead of native alert and
// confirm boxes that blocked the tab: the older Settings page's sample actions as a status line of their part, a
// User Settings action that fails as an alert line of its section (read out by screen readers either way), the
// sample pages' actions beside the action, and the appointment's cancellation asked in the page's own dialog.
import { UNREACHABLE_NEXT_STEP } from '@posture-vision/core';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, blockingViolations } from '../support/axe.ts';
import { animationsSettled, applyTheme, currentTheme, saveScreenshotsBothThemes } from '../support/page.ts';
import { clickButton, createVerifiedUser, type Harness, signInPage, startHarness } from './harness';

const SUITE = 'web-in-page-messages';
/** How long a line may take to say its words before the test gives up: a bound on failure, not a timing. At 8 s a
 * clean run on a 2-core machine with two browser files at a time once gave up on a line that had not yet spoken
 * (every request of the page then goes through this test's interception). */
const LINE_TIMEOUT_MS = 30_000;

let h: Harness;
let tokens: { accessToken: string; refreshToken: string };
beforeAll(async () => {
  h = await startHarness();
  tokens = await createVerifiedUser(h, `notices.${Date.now()}@posture.test`);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

/** A signed-in page and every native dialog it raises. */
async function signedIn(width = 1280): Promise<{ page: Page; dialogs: string[] }> {
  const page = await h.newPage(width);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => dialogs.push(dialog.message()));
  await signInPage(page, h.web, tokens);
  return { page, dialogs };
}

/** The line's text and role once it says `text`. */
async function line(
  page: Page,
  testId: string,
  text: string,
): Promise<{ text: string; role: string | null }> {
  const selector = `[data-testid="${testId}"]`;
  await page
    .waitForFunction(
      (s, t) => document.querySelector(s)?.textContent === t,
      { timeout: LINE_TIMEOUT_MS },
      selector,
      text,
    )
    .catch(async (error) => {
      const shown = await page.$eval(selector, (el) => el.textContent).catch(() => 'no such line');
      throw new Error(`${testId} should say "${text}"; it says "${shown}"`, { cause: error });
    });
  return page.$eval(selector, (el) => ({ text: el.textContent ?? '', role: el.getAttribute('role') }));
}

describe('settings messages in the page', () => {
  it("the older Settings page says each sample action's words beside it, no native box", async () => {
    const { page, dialogs } = await signedIn();
    await page.goto(`${h.web}/dashboard/settings`);
    await clickButton(page, 'Update Profile');
    expect(await line(page, 'settings-profile-message', 'Profile updated.')).toEqual({
      text: 'Profile updated.',
      role: 'status',
    });
    await clickButton(page, 'Change Password');
    expect((await line(page, 'settings-password-message', 'Password changed.')).role).toBe('status');
    // One message at a time: the profile's went when the password's came.
    expect(await page.$eval('[data-testid="settings-profile-message"]', (el) => el.textContent)).toBe('');
    await page.locator('label ::-p-text(E-mail notifications)').click();
    await line(page, 'settings-notifications-message', 'E-mail notifications disabled.');
    await page.locator('label ::-p-text(Posture reminders)').click();
    await line(page, 'settings-notifications-message', 'Posture reminders enabled.');
    await saveScreenshotsBothThemes(page, SUITE, 'legacy-settings-message');
    expect(dialogs).toEqual([]);
    await page.browserContext().close();
  }, 60_000);

  it('a User Settings action that fails says why in its section, as an alert line', async () => {
    const { page, dialogs } = await signedIn();
    // The API cannot be reached for the logout of every device.
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().endsWith('/auth/sessions/all'))
        void request.abort('internetdisconnected');
      else void request.continue();
    });
    await page.goto(`${h.web}/dashboard/user-settings`);
    await clickButton(page, 'Logout from All Devices');
    // The specification's 'Failed to logout from all devices: {reason}', the reason saying what happened and
    // what to do (not the browser's bare 'Failed to fetch').
    await page
      .waitForFunction(
        () =>
          document
            .querySelector('[data-testid="logout-all-message"]')
            ?.textContent?.startsWith('Failed to logout from all devices: '),
        { timeout: LINE_TIMEOUT_MS },
      )
      .catch(async (error) => {
        await saveScreenshot(page, SUITE, 'failed-logout-all-message');
        const shown = await page
          .$eval('[data-testid="logout-all-message"]', (el) => el.textContent)
          .catch(() => 'no such line');
        throw new Error(`the logout line says "${shown}" at ${page.url()}`, { cause: error });
      });
    const said = await page.$eval('[data-testid="logout-all-message"]', (el) => el.textContent ?? '');
    expect(said).toMatch(/^Failed to logout from all devices: Could not reach the Posture Vision server: /);
    expect(said.endsWith(UNREACHABLE_NEXT_STEP)).toBe(true);
    expect(await page.$eval('[data-testid="logout-all-message"]', (el) => el.getAttribute('role'))).toBe(
      'alert',
    );
    // Still signed in, on the page, with the button there to try again.
    expect(new URL(page.url()).pathname).toBe('/dashboard/user-settings');
    expect(
      await page.$eval('[data-testid="active-sessions"] button', (b) => (b as HTMLButtonElement).disabled),
    ).toBe(false);
    await saveScreenshotsBothThemes(page, SUITE, 'user-settings-logout-failed');
    expect(dialogs).toEqual([]);
    await page.browserContext().close();
  }, 60_000);
});

/** Waits until focus is on the element whose text is `text` (a dialog gives focus back once it has gone). */
async function focusOn(page: Page, text: string): Promise<void> {
  await page
    .waitForFunction((t) => document.activeElement?.textContent?.trim() === t, { timeout: 5000 }, text)
    .catch(async (error) => {
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
      throw new Error(`focus should be on "${text}"; it is on ${focused}`, { cause: error });
    });
}

/** axe-core's serious and critical violations of the screen as it is now, in each theme (none expected). */
async function violationsBothThemes(page: Page): Promise<Record<string, AxeViolation[]>> {
  const found: Record<string, AxeViolation[]> = {};
  const original = await currentTheme(page);
  for (const theme of ['dark', 'light']) {
    await applyTheme(page, theme);
    // Once the theme's colour transitions have run (axe would read colours half-way).
    await animationsSettled(page);
    found[theme] = await blockingViolations(page);
  }
  await applyTheme(page, original);
  return found;
}

/**
 * The open dialog as announced, once one is open: its name and description, whether the page behind it is
 * hidden from screen readers (the dialog is modal), whether focus is inside and the box is on screen.
 */
async function openDialog(page: Page) {
  await page.waitForSelector('[role="dialog"]', { visible: true, timeout: 5000 });
  return page.$eval('[role="dialog"]', (el) => {
    const byId = (id: string | null) => (id ? (document.getElementById(id)?.textContent ?? '') : '');
    const box = el.getBoundingClientRect();
    return {
      pageHidden: document.getElementById('root')?.getAttribute('aria-hidden') === 'true',
      name: byId(el.getAttribute('aria-labelledby')),
      description: byId(el.getAttribute('aria-describedby')),
      focusInside: el.contains(document.activeElement),
      onScreen: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
    };
  });
}

async function dialogClosed(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout: 5000 });
}

describe('sample pages in the page', () => {
  it('Appointments says each action beside it and asks before cancelling in its own dialog', async () => {
    const { page, dialogs } = await signedIn();
    await page.goto(`${h.web}/dashboard/appointments`);
    await clickButton(page, 'Schedule Appointment');
    expect(
      await line(page, 'appointments-schedule-message', 'Scheduling is not available in this preview.'),
    ).toEqual({ text: 'Scheduling is not available in this preview.', role: 'status' });
    await clickButton(page, 'Reschedule');
    await line(page, 'appointment-1-message', 'Rescheduling is not available in this preview.');
    // One message at a time: Schedule's went when Reschedule's came.
    expect(await page.$eval('[data-testid="appointments-schedule-message"]', (el) => el.textContent)).toBe(
      '',
    );
    await clickButton(page, 'View Summary');
    expect(
      await line(
        page,
        'appointment-3-message',
        'Summary of your initial consultation with Dr. Sarah Johnson.',
      ),
    ).toEqual({ text: 'Summary of your initial consultation with Dr. Sarah Johnson.', role: 'status' });

    // Cancel asks the specification's question first, in a modal dialog on screen with focus inside.
    await clickButton(page, 'Cancel');
    expect(await openDialog(page)).toEqual({
      pageHidden: true,
      name: 'Are you sure you want to cancel this appointment?',
      description: 'Follow-up Assessment on March 22, 2024 at 10:00 AM with Dr. Sarah Johnson.',
      focusInside: true,
      onScreen: true,
    });
    expect(await violationsBothThemes(page)).toEqual({ dark: [], light: [] });
    await saveScreenshotsBothThemes(page, SUITE, 'appointments-cancel-dialog');
    // Escape keeps the appointment and gives focus back to its Cancel button.
    await page.keyboard.press('Escape');
    await dialogClosed(page);
    await focusOn(page, 'Cancel');
    expect(await page.$eval('[data-testid="appointment-1"]', (el) => el.textContent)).toContain('Cancel');

    await clickButton(page, 'Cancel');
    await openDialog(page);
    await clickButton(page, 'Cancel Appointment');
    await dialogClosed(page);
    expect(await line(page, 'appointment-1-message', 'Appointment on March 22, 2024 cancelled.')).toEqual({
      text: 'Appointment on March 22, 2024 cancelled.',
      role: 'status',
    });
    // The appointment says it is cancelled and can no longer be rescheduled or cancelled; focus is on what
    // the cancellation said, not lost with the button that went away.
    const row = await page.$eval('[data-testid="appointment-1"]', (el) =>
      [...el.querySelectorAll('button')].map((b) => b.textContent),
    );
    expect(row).toEqual([]);
    expect(await page.$eval('[data-testid="appointment-1"]', (el) => el.textContent)).toContain('Cancelled');
    await focusOn(page, 'Appointment on March 22, 2024 cancelled.');
    // The other appointment is as it was.
    expect(
      await page.$eval('[data-testid="appointment-2"]', (el) =>
        [...el.querySelectorAll('button')].map((b) => b.textContent),
      ),
    ).toEqual(['Reschedule', 'Cancel']);
    expect(await violationsBothThemes(page)).toEqual({ dark: [], light: [] });
    await saveScreenshotsBothThemes(page, SUITE, 'appointments-cancelled');
    expect(dialogs).toEqual([]);
    await page.browserContext().close();
  }, 90_000);

  it("Exercise Plan's video guide and Messages' send say so in the page", async () => {
    const { page, dialogs } = await signedIn();
    await page.goto(`${h.web}/dashboard/exercise-plan`);
    await page.waitForSelector('[data-testid="exercise-2-message"]');
    // The second card's button: Wall Angels.
    await page.$$eval('.pv-exercise-grid button', (buttons) => (buttons[1] as HTMLButtonElement).click());
    expect(await line(page, 'exercise-2-message', 'Video guide for Wall Angels coming soon.')).toEqual({
      text: 'Video guide for Wall Angels coming soon.',
      role: 'status',
    });
    expect(await violationsBothThemes(page)).toEqual({ dark: [], light: [] });
    await saveScreenshotsBothThemes(page, SUITE, 'exercise-plan-video-guide');

    // On a phone, where the conversation list and the chat take turns.
    await page.setViewport({ width: 375, height: 800 });
    await page.goto(`${h.web}/dashboard/messages`);
    await page.locator('.pv-conversations button ::-p-text(Dr. Sarah Johnson)').click();
    const field = 'input[placeholder="Type a message..."]';
    await page.waitForSelector(field, { visible: true });
    await page.type(field, 'Thanks, see you on the 22nd.');
    await page.keyboard.press('Enter');
    expect(await line(page, 'messages-send-message', 'Messaging is not available in this preview.')).toEqual({
      text: 'Messaging is not available in this preview.',
      role: 'status',
    });
    // Nothing was sent, so what was typed is still there to keep.
    expect(await page.$eval(field, (el) => (el as HTMLInputElement).value)).toBe(
      'Thanks, see you on the 22nd.',
    );
    expect(await violationsBothThemes(page)).toEqual({ dark: [], light: [] });
    await saveScreenshotsBothThemes(page, SUITE, 'messages-not-sent');
    expect(dialogs).toEqual([]);
    await page.browserContext().close();
  }, 90_000);
});
