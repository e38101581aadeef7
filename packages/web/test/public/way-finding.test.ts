// Finding one's way as a first-time and a returning user, in Chromium against the real API: a way to sign in
// from the top of the landing page, the footer and the dashboard's sidebar for a signed-in user, the sidebar
// folded behind a Menu button on a phone, unknown dashboard addresses, and sign-in refusals in plain words.

import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickButton as clickWithin, saveScreenshotsBothThemes } from '../support/page.ts';
import {
  clickButton,
  createVerifiedUser,
  expectFormMessage,
  fill,
  type Harness,
  signInPage,
  startHarness,
  TEST_PASSWORD,
  waitForPath,
  waitForText,
} from './harness';

let h: Harness;
let tokens: { accessToken: string; refreshToken: string };
let email: string;
beforeAll(async () => {
  h = await startHarness();
  email = `way.${Date.now()}@posture.test`;
  tokens = await createVerifiedUser(h, email);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

/** The visible links' texts inside the element matching the selector. */
function linkTexts(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector} a`, (links) =>
    links.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => a.textContent?.trim() ?? ''),
  );
}

async function signedIn(width = 1280, height = 800): Promise<Page> {
  const page = await h.newPage(width, height);
  await signInPage(page, h.web, tokens);
  return page;
}

describe('finding one’s way', () => {
  it('a returning visitor signs in from the top of the landing page; signed in, it leads to the dashboard', async () => {
    const page = await h.newPage();
    await page.goto(`${h.web}/`);
    await waitForText(page, 'Why Our AI Is Different');
    expect(await linkTexts(page, '.hero-top')).toContain('Sign In');
    await clickWithin(page, 'Sign In', { timeout: 5000, selector: '.hero-top a' });
    await waitForPath(page, '/login');
    await page.browserContext().close();

    const member = await signedIn();
    await member.goto(`${h.web}/`);
    await waitForText(member, 'Why Our AI Is Different');
    expect(await linkTexts(member, '.hero-top')).toEqual(expect.arrayContaining(['Dashboard']));
    expect(await linkTexts(member, '.hero-top')).not.toContain('Sign In');
    await member.browserContext().close();
  }, 60_000);

  it('a signed-in user’s footer offers the dashboard and profile, not Sign Up and Sign In', async () => {
    const visitor = await h.newPage();
    await visitor.goto(`${h.web}/about`);
    await waitForText(visitor, 'About Posture Vision');
    expect(await linkTexts(visitor, '.site-footer nav[aria-label="Account links"]')).toEqual(
      expect.arrayContaining(['Sign Up', 'Sign In']),
    );
    await visitor.browserContext().close();

    const page = await signedIn();
    await page.goto(`${h.web}/about`);
    await waitForText(page, 'About Posture Vision');
    const account = await linkTexts(page, '.site-footer nav[aria-label="Account links"]');
    expect(account).toEqual(expect.arrayContaining(['Dashboard', 'Profile']));
    expect(account).not.toContain('Sign Up');
    expect(account).not.toContain('Sign In');
    await page.browserContext().close();
  }, 60_000);

  it('the dashboard sidebar leads to the real-time session and the profile, each page titled its own', async () => {
    const page = await signedIn();
    await page.goto(`${h.web}/dashboard`);
    await page.waitForSelector('.pv-dash-sidebar nav a');
    // The tab says which page it is, and follows each navigation.
    const titled = (title: string) =>
      page.waitForFunction((t) => document.title === t, { timeout: 10_000 }, title);
    await titled('Dashboard · Posture Vision');
    const links = await linkTexts(page, '.pv-dash-sidebar');
    expect(links).toEqual(expect.arrayContaining(['Real-Time Session', 'Profile']));
    await clickWithin(page, 'Real-Time Session', { timeout: 5000, selector: '.pv-dash-sidebar a' });
    await waitForPath(page, '/dashboard/real-time-session');
    // The address changes at once, but the router keeps the old page on screen while the new one's code loads,
    // then scrolls to the top as it shows it: a click aimed before that lands on the link above. A user clicks
    // once the new page is shown, which the sidebar marks as the current one.
    await page.waitForSelector(
      '.pv-dash-sidebar a[aria-current="page"][href="/dashboard/real-time-session"]',
    );
    await titled('Real-Time Session · Posture Vision');
    await clickWithin(page, 'Profile', { timeout: 5000, selector: '.pv-dash-sidebar a' });
    await waitForPath(page, '/profile');
    await titled('Profile · Posture Vision');
    await page.goto(`${h.web}/dashboard/analytics`);
    await titled('Analytics · Posture Vision');
    await page.browserContext().close();
  }, 60_000);

  it('on a phone the sidebar is one row with a Menu button, not the top half of every page', async () => {
    const page = await signedIn(375, 800);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => localStorage.setItem('appTheme', t), theme);
      await page.goto(`${h.web}/dashboard/analytics`);
      await page.waitForSelector('.pv-dash-sidebar');
      const height = await page.$eval('.pv-dash-sidebar', (el) => el.getBoundingClientRect().height);
      // One row: the brand, Menu, theme and Logout (the links listed in full took 400 px and more).
      expect(height).toBeLessThan(70);
      expect(await linkTexts(page, '.pv-dash-sidebar')).toEqual([]);
      await saveScreenshot(page, 'web-way-finding', `dashboard-phone-${theme}-375`);
      await clickWithin(page, 'Menu', { timeout: 5000, selector: '.pv-dash-sidebar button' });
      expect(await page.$eval('.pv-dash-menu-toggle', (b) => b.getAttribute('aria-expanded'))).toBe('true');
      expect(await linkTexts(page, '.pv-dash-sidebar')).toEqual(
        expect.arrayContaining(['Dashboard', 'Real-Time Session', 'Analytics', 'Profile']),
      );
      await saveScreenshot(page, 'web-way-finding', `dashboard-phone-menu-${theme}-375`);
      // A link folds the menu again on the page it opens.
      await clickWithin(page, 'Settings', { timeout: 5000, selector: '.pv-dash-sidebar a' });
      await waitForPath(page, '/dashboard/user-settings');
      await page.waitForFunction(() => !document.querySelector('#pv-dash-links.open'));
    }
    await page.browserContext().close();
  }, 60_000);

  it('an unknown dashboard address says the page is not found, inside the dashboard', async () => {
    const page = await signedIn();
    await page.goto(`${h.web}/dashboard/profile`);
    await waitForText(page, 'Page not found');
    expect(await page.$('.pv-dash-sidebar')).not.toBeNull();
    await saveScreenshotsBothThemes(page, 'web-way-finding', 'dashboard-not-found');
    await page.browserContext().close();
  }, 60_000);

  it('sign-in refusals read as sentences, without the field names the API tags them with', async () => {
    const page = await h.newPage();
    await page.goto(`${h.web}/login`);
    await fill(page, 'Email', email);
    await fill(page, 'Password', 'Wrong#Pass1');
    await clickButton(page, 'Sign in');
    await expectFormMessage(page, 'Incorrect email or password.');
    await saveScreenshotsBothThemes(page, 'web-way-finding', 'login-refused');

    // An account not verified yet.
    const unverified = `unverified.${Date.now()}@posture.test`;
    const register = await fetch(`${h.api.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Una',
        lastName: 'Verified',
        birthday: '1990-04-02',
        countryCode: '+1',
        contactNo: '5551234567',
        phone: '+15551234567',
        email: unverified,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      }),
    });
    expect(register.status).toBe(201);
    await fill(page, 'Email', unverified);
    await fill(page, 'Password', TEST_PASSWORD);
    await clickButton(page, 'Sign in');
    await waitForText(page, 'Resend verification email');
    const message = await page.$eval('[data-testid="form-message"]', (el) => el.textContent ?? '');
    expect(message.startsWith('Email not verified. Please verify your email before logging in.')).toBe(true);
    await page.browserContext().close();
  }, 60_000);
});
