// Browser-test harness for the public and account screens: the real API, the web app's production build served by
// its own server and given that API's address, and the system Chromium.
import { launchChromium } from '@posture-vision/testkit/chromium';
import type { RunningService } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { createVerifiedUser as registerVerifiedUser } from '../support/accounts.ts';
import { SHARED_API_ENV, servicesFor } from '../support/live-stack.ts';
import {
  clickButton as clickVisibleButton,
  openPage,
  waitForPath as waitForPathWithin,
} from '../support/page.ts';

export { signIn as signInPage, waitForLink } from '../support/accounts.ts';
export { fill } from '../support/page.ts';

export interface Harness {
  api: RunningService;
  /** The web app's origin, e.g. http://127.0.0.1:41234 */
  web: string;
  browser: Browser;
  newPage(width?: number, height?: number): Promise<Page>;
  stop(): Promise<void>;
}

export { ADMIN } from '../support/live-stack.ts';

/** The public screens' stack: the run's shared services when there are (live-stack.ts servicesFor), else an API
 * of its own (with the admin account if asked) and no vision service; Chromium with no camera. */
export async function startHarness(options: { admin?: boolean } = {}): Promise<Harness> {
  const services = await servicesFor({
    name: 'public',
    vision: 'none',
    apiEnv: { ...SHARED_API_ENV },
    admin: options.admin,
  });
  try {
    const browser = await launchChromium();
    return {
      api: services.api,
      web: services.site.url,
      browser,
      async newPage(width = 1280, height = 800) {
        return (await openPage(browser, width, height)).page;
      },
      async stop() {
        await browser.close().catch(() => undefined);
        await services.stop();
      },
    };
  } catch (error) {
    await services.stop();
    throw error;
  }
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
