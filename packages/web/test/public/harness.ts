// Browser-test harness for the public and account screens: the real API on a fresh embedded database,
// the web app's production build served by its own server and given that API's address, and the system
// Chromium.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { apiDataDir, type RunningService, repoRoot, startApi } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { createVerifiedUser as registerVerifiedUser } from '../support/accounts.ts';
import {
  clickButton as clickVisibleButton,
  openPage,
  waitForPath as waitForPathWithin,
} from '../support/page.ts';
import { serveWebApp } from '../support/web-app.ts';

export { signIn as signInPage, waitForLink } from '../support/accounts.ts';
export { fill } from '../support/page.ts';

export interface Harness {
  api: RunningService;
  /** The web app's origin, e.g. http://localhost:41234 */
  web: string;
  browser: Browser;
  newPage(width?: number, height?: number): Promise<Page>;
  stop(): Promise<void>;
}

export const ADMIN = { email: 'admin@posture.test', password: 'Admin#Pass1' };

/** Creates an admin account with the API's CLI before the API opens the embedded database. */
function createAdmin(dataDir: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'packages/api/src/cli/admin-create.ts'), ADMIN.email, ADMIN.password],
    { cwd: join(repoRoot, 'packages/api'), env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`admin:create failed: ${run.stderr}${run.stdout}`);
}

export async function startHarness(options: { admin?: boolean } = {}): Promise<Harness> {
  const dataDir = apiDataDir();
  const site = await serveWebApp('localhost');
  if (options.admin) createAdmin(dataDir);
  const api = await startApi({ WEB_ORIGIN: site.url, RATE_LIMIT_MAX: '1000' }, dataDir);
  site.configure({ apiUrl: api.url });
  const browser = await launchChromium();
  return {
    api,
    web: site.url,
    browser,
    async newPage(width = 1280, height = 800) {
      return (await openPage(browser, width, height)).page;
    },
    async stop() {
      await browser.close().catch(() => undefined);
      await api.stop();
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The text of the form's message slot. */
export async function formMessage(page: Page): Promise<string> {
  return page.$eval('[data-testid="form-message"]', (el) => (el.textContent ?? '').trim());
}

/** Waits until the form message equals the text. */
export async function expectFormMessage(page: Page, text: string): Promise<void> {
  await page
    .waitForFunction(
      (t) => document.querySelector('[data-testid="form-message"]')?.textContent?.trim() === t,
      { timeout: 5000 },
      text,
    )
    .catch(async () => {
      throw new Error(`expected form message "${text}", got "${await formMessage(page)}"`);
    });
}

/** Clicks the button whose visible text is exactly so. */
export function clickButton(page: Page, text: string): Promise<void> {
  return clickVisibleButton(page, text, { timeout: 5000 });
}

export function waitForPath(page: Page, path: string): Promise<void> {
  return waitForPathWithin(page, path, 10_000);
}

/** Sets an input's value the way a user's edit does (works for date inputs, which puppeteer cannot type). */
export async function setValue(page: Page, label: string, value: string): Promise<void> {
  await page.$$eval(
    'label',
    (labels, l, v) => {
      const id = labels.find((x) => x.textContent?.trim() === l)?.getAttribute('for');
      const input = id ? (document.getElementById(id) as HTMLInputElement | null) : null;
      if (!input) throw new Error(`no input labelled ${l}`);
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    label,
    value,
  );
}

/** The page's visible text. */
export function bodyText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the test asserts what is visible, as laid out
  return page.evaluate(() => document.body.innerText);
}

/** Waits until the visible text contains the string. */
export async function waitForText(page: Page, text: string, timeout = 8000): Promise<void> {
  await page
    // biome-ignore lint/performance/useDomNodeTextContent: the test asserts what is visible, as laid out
    .waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text)
    .catch(async () => {
      throw new Error(
        `text "${text}" not shown; page at ${page.url()} shows:\n${(await bodyText(page)).slice(-1500)}`,
      );
    });
}

export const TEST_PASSWORD = 'Posture#2024';

/** A verified account made through the API (register, the outbox's verification link, login). */
export function createVerifiedUser(
  h: Harness,
  email: string,
  password = TEST_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string }> {
  return registerVerifiedUser(h.api, { email, password, firstName: 'Test', lastName: 'User' });
}
