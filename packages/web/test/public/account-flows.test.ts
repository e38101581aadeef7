// Account flows in Chromium against the real API: registration (with every validation message), e-mail
// verification from the outbox, sign-in, profile edit, change password, logout, the avatar upload, the data
// export, resend verification and password recovery.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveScreenshotsBothThemes } from '../support/page.ts';
import {
  bodyText,
  clickButton,
  createVerifiedUser,
  expectFormMessage,
  fill,
  type Harness,
  setValue,
  signInPage,
  startHarness,
  waitForLink,
  waitForPath,
  waitForText,
} from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const PASSWORD = 'Posture#2024';
const NEW_PASSWORD = 'Upright!2025';

async function fillStep1(page: Page, birthday: string, contactNo: string) {
  await fill(page, 'First name', 'Ada');
  await fill(page, 'Last name', 'Lovelace');
  await setValue(page, 'Birthday', birthday);
  await fill(page, 'Phone number', contactNo);
}

/** The names of the inputs marked invalid, in screen order. */
function invalidFields(page: Page): Promise<string[]> {
  return page.$$eval('[aria-invalid="true"]', (els) => els.map((el) => el.getAttribute('name') ?? ''));
}

async function signIn(page: Page, email: string, password: string) {
  await fill(page, 'Email', email);
  await fill(page, 'Password', password);
  await clickButton(page, 'Sign in');
}

describe('account flows', () => {
  it('register with every validation message, verify from the outbox, sign in, edit profile, change password, log out', async () => {
    const email = `ada.${Date.now()}@posture.test`;
    const page = await h.newPage();
    await page.goto(`${h.web}/register`);
    await waitForText(page, 'Create Account');

    // Step 1: every empty field is marked at once, with one warning.
    await clickButton(page, 'Next Step');
    await expectFormMessage(page, '⚠️ Please fill in all required fields in this step.');
    expect(await invalidFields(page)).toEqual(['firstName', 'lastName', 'birthday', 'contactNo']);
    // A wrong birthday and a phone of letters are said on step 1, where their fields are, both at once.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await fillStep1(page, tomorrow, 'abc');
    await clickButton(page, 'Next Step');
    await expectFormMessage(page, '❌ Birthday must be in the past.');
    expect(await invalidFields(page)).toEqual(['birthday', 'contactNo']);
    await waitForText(page, 'Phone number must contain digits only.');
    await saveScreenshotsBothThemes(page, 'web-public', 'register-step1-errors');
    expect(await page.$eval('[data-testid="step-1-indicator"]', (e) => e.textContent)).toBe('1');
    await setValue(page, 'Birthday', '1990-12-10');
    await fill(page, 'Phone number', '55512');
    await clickButton(page, 'Next Step');
    await expectFormMessage(page, '❌ Phone number must be between 10 to 15 digits.');
    expect(await invalidFields(page)).toEqual(['contactNo']);
    await fill(page, 'Phone number', '5551234567');
    await clickButton(page, 'Next Step');
    expect(await page.$eval('[data-testid="step-1-indicator"]', (e) => e.textContent)).toBe('✓');

    // Step 2: the password rule is on screen before any attempt; every problem is marked at once.
    await waitForText(
      page,
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    await clickButton(page, 'Create Account');
    await expectFormMessage(page, '❌ Email and Password are required.');
    expect(await invalidFields(page)).toEqual(['email', 'password', 'acceptPrivacy']);
    // A malformed e-mail is caught here, not only by the server.
    await fill(page, 'Email', 'ada@');
    await fill(page, 'Password', 'Ab1!');
    await clickButton(page, 'Create Account');
    await expectFormMessage(page, '❌ Please enter a valid email address.');
    await waitForText(page, 'Password must be at least 8 characters long.');
    await saveScreenshotsBothThemes(page, 'web-public', 'register-step2-errors');
    await fill(page, 'Email', email);
    await fill(page, 'Password', 'abcdefgh');
    await clickButton(page, 'Create Account');
    await expectFormMessage(
      page,
      '❌ Password must include at least 1 uppercase, lowercase, number, and special character.',
    );
    await fill(page, 'Password', PASSWORD);
    await fill(page, 'Confirm password', `${PASSWORD}x`);
    await clickButton(page, 'Create Account');
    await expectFormMessage(page, '❌ Passwords do not match.');
    await fill(page, 'Confirm password', PASSWORD);
    await clickButton(page, 'Create Account');
    await expectFormMessage(page, '❌ You must accept the privacy agreement to register.');
    await clickButton(page, 'privacy agreement');
    await waitForText(page, 'Privacy Agreement');
    await clickButton(page, 'Accept Agreement');
    expect(await page.$eval('input[name="acceptPrivacy"]', (e) => (e as HTMLInputElement).checked)).toBe(
      true,
    );
    // Previous keeps what was typed.
    await clickButton(page, 'Previous');
    expect(await page.$eval('[data-testid="step-1-indicator"]', (e) => e.textContent)).toBe('1');
    await clickButton(page, 'Next Step');
    await clickButton(page, 'Create Account');
    await waitForPath(page, '/login');
    await page.waitForSelector('[data-testid="toast"]');

    // Unverified sign-in shows the resend hint.
    await signIn(page, email, PASSWORD);
    await page.waitForSelector(`a[href="/resend-verification?email=${encodeURIComponent(email)}"]`);

    // The verification link from the outbox lands on /login?verified=true.
    const link = await waitForLink(h.api.dataDir, email, /verify-email/);
    await page.goto(link);
    await waitForPath(page, '/login?verified=true');
    await expectFormMessage(page, 'Email verified successfully! You can now log in.');

    await signIn(page, email, 'Wrong#Pass1');
    await page.waitForFunction(() => {
      const t = document.querySelector('[data-testid="form-message"]')?.textContent ?? '';
      return t.length > 0 && !t.includes('successful');
    });
    await signIn(page, email, PASSWORD);
    await waitForPath(page, '/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => document.cookie)).toContain('refresh_token=');

    // A signed-in visitor of /login is sent to /dashboard.
    await page.goto(`${h.web}/login`);
    await waitForPath(page, '/dashboard');

    // Profile view
    await page.goto(`${h.web}/profile`);
    await waitForText(page, 'Profile Information');
    const view = await bodyText(page);
    for (const text of [
      'Ada Lovelace',
      email,
      // The account was made just now: the header names this year, not the specification's fixed 2024.
      `Member since ${new Date().getFullYear()}`,
      'Verified Account',
      'Last updated recently',
    ])
      expect(view).toContain(text);
    expect(view).toContain('1990-12-10');

    // Edit: the password is required, then the change is saved and shown.
    await clickButton(page, 'Edit Profile');
    await page.waitForSelector('input[name="password"]');
    await fill(page, 'First name', 'Augusta');
    await clickButton(page, 'Save Changes');
    await expectFormMessage(page, 'Password is required to update profile.');
    await fill(page, 'Current password', PASSWORD);
    await clickButton(page, 'Save Changes');
    await waitForText(page, 'Profile updated successfully.');
    await waitForText(page, 'Augusta Lovelace');

    // Change password: every rule, a wrong current password, then success.
    await clickButton(page, 'Change Password');
    await page.waitForSelector('input[name="currentPassword"]');
    await clickButton(page, 'Change Password');
    await expectFormMessage(page, 'All fields are required.');
    await fill(page, 'Current password', PASSWORD);
    await fill(page, 'New password', PASSWORD);
    await fill(page, 'Confirm new password', PASSWORD);
    await clickButton(page, 'Change Password');
    await expectFormMessage(page, 'New password cannot be the same as current password.');
    await fill(page, 'New password', 'weakpass');
    await clickButton(page, 'Change Password');
    await expectFormMessage(
      page,
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    await fill(page, 'New password', NEW_PASSWORD);
    await clickButton(page, 'Change Password');
    await expectFormMessage(page, 'New passwords do not match.');
    await fill(page, 'Current password', 'Not#MyPass9');
    await fill(page, 'Confirm new password', NEW_PASSWORD);
    await clickButton(page, 'Change Password');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="form-message"]')?.textContent ?? '').length > 0,
    );
    await fill(page, 'Current password', PASSWORD);
    await clickButton(page, 'Change Password');
    await waitForText(page, 'Password changed successfully.');

    // Logout from the navigation: toast, /login, tokens gone; the new password works.
    await clickButton(page, 'Logout');
    await waitForPath(page, '/login');
    await waitForText(page, 'You have been logged out successfully.');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('refresh_token=');
    // The public logout toast lasts 3 s.
    await page.waitForFunction(() => !document.querySelector('[data-testid="toast"]'), { timeout: 6000 });
    await signIn(page, email, NEW_PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.browserContext().close();
  }, 150_000);

  it('resend verification: validation, send, 3 s redirect with the message, then the 60 s cooldown', async () => {
    const email = `grace.${Date.now()}@posture.test`;
    const register = await fetch(`${h.api.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Grace',
        lastName: 'Hopper',
        birthday: '1985-12-09',
        countryCode: '+1',
        contactNo: '5559876543',
        phone: '+15559876543',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    });
    expect(register.status).toBeLessThan(300);
    const page = await h.newPage(375, 740);
    await page.goto(`${h.web}/resend-verification?email=${encodeURIComponent(email)}`);
    await waitForText(page, 'Resend Verification');
    expect(await page.$eval('input[name="email"]', (e) => (e as HTMLInputElement).value)).toBe(email);
    await fill(page, 'Email', '');
    await clickButton(page, 'Resend Verification Email');
    await expectFormMessage(page, 'Please enter your email address.');
    await fill(page, 'Email', 'grace');
    await clickButton(page, 'Resend Verification Email');
    await expectFormMessage(page, 'Please enter a valid email address.');
    await fill(page, 'Email', email);
    await clickButton(page, 'Resend Verification Email');
    await expectFormMessage(page, 'Verification email sent successfully!');
    await page.waitForFunction(() =>
      /^Wait \d+s$/.test(document.querySelector('button[type="submit"]')?.textContent ?? ''),
    );
    // The page stays to show the cooldown, then goes to sign-in (RESEND_REDIRECT_DELAY_MS, 3 s, in core/auth;
    // no timing asserted).
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await waitForPath(page, `/login?message=${encodeURIComponent('Verification email sent successfully!')}`);
    await expectFormMessage(page, 'Verification email sent successfully!');
    expect(await page.$eval('[data-testid="form-message"]', (e) => e.className)).toContain('tone-success');
    // Back in the app, the cooldown still holds.
    await page.goBack();
    await waitForText(page, 'Resend Verification');
    const label = await page.$eval('button[type="submit"]', (e) => e.textContent ?? '');
    expect(label).toMatch(/^Wait (5\d|60)s$/);
    await clickButton(page, label);
    await page.waitForFunction(() =>
      /^Please wait (5\d|60) seconds before requesting another email\.$/.test(
        document.querySelector('[data-testid="form-message"]')?.textContent?.trim() ?? '',
      ),
    );
    await page.browserContext().close();
  }, 60_000);

  it('forgot and reset password: validation, the mailed link, every reset message', async () => {
    const email = `alan.${Date.now()}@posture.test`;
    await fetch(`${h.api.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Alan',
        lastName: 'Turing',
        birthday: '1980-06-23',
        countryCode: '+44',
        contactNo: '7700900123',
        phone: '+447700900123',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    });
    await fetch(await waitForLink(h.api.dataDir, email, /verify-email/), { redirect: 'manual' });

    const page = await h.newPage();
    await page.goto(`${h.web}/reset-password`);
    await expectFormMessage(page, 'Invalid or missing reset link parameters.');
    const disabled = await page.$$eval('input', (inputs) =>
      inputs.filter((i) => i.type === 'password').map((i) => i.matches(':disabled')),
    );
    expect(disabled).toEqual([true, true]);

    await page.goto(`${h.web}/forgot-password`);
    await clickButton(page, 'Send Reset Link');
    await expectFormMessage(page, 'Please enter your email address.');
    await fill(page, 'Email', 'alan');
    await clickButton(page, 'Send Reset Link');
    await expectFormMessage(page, 'Please input a valid email address.');
    await fill(page, 'Email', email);
    await clickButton(page, 'Send Reset Link');
    await expectFormMessage(page, 'Reset password link is sent to your email.');

    const link = await waitForLink(h.api.dataDir, email, /reset-password/);
    expect(link.startsWith(`${h.web}/reset-password?`)).toBe(true);
    await page.goto(link);
    await waitForText(page, 'Reset Password');
    await fill(page, 'New password', 'short');
    await fill(page, 'Confirm new password', 'short');
    await clickButton(page, 'Change Password');
    await expectFormMessage(
      page,
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    await fill(page, 'New password', NEW_PASSWORD);
    await clickButton(page, 'Change Password');
    await expectFormMessage(page, 'Passwords do not match.');
    await fill(page, 'Confirm new password', NEW_PASSWORD);
    await clickButton(page, 'Change Password');
    await expectFormMessage(page, 'Password was successfully reset!');
    // The link again, once used: the API's refusal in words, not its JSON envelope.
    await page.goto(link);
    await waitForText(page, 'Reset Password');
    await fill(page, 'New password', PASSWORD);
    await fill(page, 'Confirm new password', PASSWORD);
    await clickButton(page, 'Change Password');
    await expectFormMessage(page, 'Invalid or expired reset link. Please request a new one.');
    // …and offers what the message asks for, a new link, rather than the password fields again.
    expect(
      await page.$$eval('input', (inputs) =>
        inputs.filter((i) => i.type === 'password').map((i) => i.matches(':disabled')),
      ),
    ).toEqual([true, true]);
    expect(
      await page.$eval('[data-testid="request-new-reset-link"]', (a) => [
        a.textContent,
        a.getAttribute('href'),
      ]),
    ).toEqual(['Request a new link', '/forgot-password']);
    await saveScreenshotsBothThemes(page, 'web-finish', 'reset-link-used');

    // The new password signs in.
    const login = await fetch(`${h.api.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: NEW_PASSWORD }),
    });
    expect(login.status).toBe(200);
    await page.browserContext().close();
  }, 60_000);
  // A 1×1 PNG.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('uploads an avatar, which replaces the initials', async () => {
    const page = await h.newPage(375, 740);
    await signInPage(page, h.web, await createVerifiedUser(h, `avatar.${Date.now()}@posture.test`));
    await page.goto(`${h.web}/profile`);
    await waitForText(page, 'Profile Information');
    expect(await page.$eval('.avatar', (e) => e.textContent)).toBe('TU');
    const dir = mkdtempSync(join(tmpdir(), 'pv-web-avatar-'));
    try {
      const file = join(dir, 'me.png');
      writeFileSync(file, PNG);
      const input = await page.$('input[type="file"][accept="image/*"]');
      await input?.uploadFile(file);
      await page.waitForSelector('.avatar img');
      await saveScreenshot(page, 'web-public', 'profile-375');
      const loaded = await page.$eval('.avatar img', async (img) => {
        const image = img as HTMLImageElement;
        await image.decode().catch(() => undefined);
        return image.naturalWidth;
      });
      expect(loaded).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.browserContext().close();
  }, 60_000);
  it('exports profile data as JSON and session data as CSV, showing the counts', async () => {
    const email = `export.${Date.now()}@posture.test`;
    const page = await h.newPage();
    await signInPage(page, h.web, await createVerifiedUser(h, email));
    await page.goto(`${h.web}/profile`);
    await waitForText(page, 'Data Export');
    await saveScreenshot(page, 'web-public', 'profile-1280');
    // Data export: files named after the product, pretty-printed JSON of the data, and the counts.
    const downloads = mkdtempSync(join(tmpdir(), 'pv-web-downloads-'));
    try {
      // Downloads of this page's browser context go to the temp folder.
      const cdp = await page.browser().target().createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', {
        behavior: 'allow',
        downloadPath: downloads,
        browserContextId: page.browserContext().id,
      });
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid="export-stats"]')?.textContent ?? ''),
      );
      const counts = await page.$$eval('[data-testid="export-stats"] dd', (dds) =>
        dds.map((d) => d.textContent),
      );
      expect(counts[0]).toMatch(/^\d+$/);
      expect(counts.slice(1)).toEqual(['0', '0']);
      await clickButton(page, 'JSON');
      await waitForText(page, 'Profile data exported successfully in JSON format!');
      await page.click('button[aria-label="Export session data as CSV"]');
      await waitForText(page, 'Session data exported successfully in CSV format!');
      await vi.waitFor(
        () => expect(readdirSync(downloads).filter((f) => !f.endsWith('.crdownload'))).toHaveLength(2),
        { timeout: 5000 },
      );
      const files = readdirSync(downloads).sort();
      expect(files).toEqual(['posture_vision_profile_data.json', 'posture_vision_session_data.csv']);
      const profileFile = readFileSync(join(downloads, 'posture_vision_profile_data.json'), 'utf8');
      expect(profileFile).toContain('\n  ');
      expect(profileFile).toContain(email);
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }

    await page.browserContext().close();
  }, 60_000);
});
