// The settings screens say what happened in the page, in the specification's words, instead of native alert
// boxes that blocked the tab: the older Settings page's sample actions as a status line of their part, and a
// User Settings action that fails as an alert line of its section (read out by screen readers either way).
import { UNREACHABLE_NEXT_STEP } from '@posture-vision/core';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshotsBothThemes } from '../support/page.ts';
import { clickButton, createVerifiedUser, type Harness, signInPage, startHarness } from './harness';

const SUITE = 'web-settings-messages';

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
async function signedIn(): Promise<{ page: Page; dialogs: string[] }> {
  const page = await h.newPage();
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
      { timeout: 8000 },
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
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="logout-all-message"]')
          ?.textContent?.startsWith('Failed to logout from all devices: '),
      { timeout: 8000 },
    );
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
