// A keyboard-only journey in Chromium against the real API: register (both steps), sign in and reach the
// real-time session and the profile with Tab, typing, Space and Enter alone, every stop drawn with a visible
// focus ring. (The mail's verification link is opened as a link in a mail would be.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FocusStop, tabTo } from '../support/page.ts';
import { type Harness, startHarness, waitForLink, waitForPath, waitForText } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const PASSWORD = 'Keyboard#2026';

describe('keyboard only', () => {
  it('registers, signs in and reaches the real-time session and the profile, each stop visibly focused', async () => {
    const email = `keys.${Date.now()}@posture.test`;
    const page = await h.newPage();
    const stops: FocusStop[] = [];
    const typeInto = async (label: string, text: string) => {
      stops.push(...(await tabTo(page, label)));
      await page.keyboard.type(text);
    };

    await page.goto(`${h.web}/register`);
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
    stops.push(...(await tabTo(page, 'I accept the')));
    await page.keyboard.press('Space');
    stops.push(...(await tabTo(page, 'Create Account')));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/login');

    await page.goto(await waitForLink(h.api.dataDir, email, /verify-email/));
    await waitForPath(page, '/login?verified=true');
    await waitForText(page, 'Email verified successfully! You can now log in.');
    await typeInto('Email', email);
    await typeInto('Password', PASSWORD);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard');

    stops.push(...(await tabTo(page, 'Real-Time Session')));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard/real-time-session');
    stops.push(...(await tabTo(page, 'Profile')));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/profile');

    const unseen = stops.filter((s) => !s.visible).map((s) => s.name);
    expect(unseen, 'stops whose focus was not drawn').toEqual([]);
    await page.browserContext().close();
  }, 120_000);
});
