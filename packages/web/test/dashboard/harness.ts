// Browser-test harness for the dashboard: the real API as a process, the web app served and given its URL,
// users registered and verified through the API's mail outbox, and Chromium.
import { startMeasurementKeyServer } from '@posture-vision/testkit/measurement';
import type { RunningService } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { createVerifiedUser as registerVerifiedUser, signIn, type TestUser } from '../support/accounts.ts';
import { startLiveStack, startSessionAt } from '../support/live-stack.ts';
import { clickButton, openPage, type TestPage, waitForPath as waitForPathWithin } from '../support/page.ts';

export type { TestUser } from '../support/accounts.ts';

export interface Dashboard {
  api: RunningService;
  /** The web app's origin. */
  web: string;
  browser: Browser;
  /** Moves a session's start into the past (the API runs on PostgreSQL for this). */
  startSessionAt(sessionId: string, start: Date): Promise<void>;
  stop(): Promise<void>;
}

/** The live tests' stack (../support/live-stack.ts) without a vision service: its users are made per test. */
export async function startDashboard(): Promise<Dashboard> {
  // No vision service: these tests are about the dashboard; the camera widget only renders. Its stand-in only
  // publishes the test kit's measurement key, so a calibration seeded with figures is verified and stored.
  const keyServer = await startMeasurementKeyServer();
  const stack = await startLiveStack({
    name: 'dashboard',
    vision: { standIn: keyServer.url },
    apiEnv: { RATE_LIMIT_MAX: '1000', VISION_URL: keyServer.url },
    postgres: true,
  });
  return {
    api: stack.api,
    web: stack.site.url,
    browser: stack.browser,
    startSessionAt: (id, start) => startSessionAt(stack.database, id, start),
    stop: async () => {
      await stack.stop();
      await keyServer.close();
    },
  };
}

export async function call<T = Record<string, unknown>>(
  url: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = init.body ? { 'content-type': 'application/json' } : {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** Registers a user with this first name, verifies it from the outbox and logs in. */
export function createVerifiedUser(api: RunningService, firstName: string): Promise<TestUser> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  return registerVerifiedUser(api, { email, password: 'Posture#2026', firstName, lastName: 'Tester' });
}

/** A page in its own browser context, signed in the way the web app keeps a session. */
export async function signedInPage(dashboard: Dashboard, user: TestUser): Promise<TestPage> {
  const opened = await openPage(dashboard.browser, 1280, 900);
  await signIn(opened.page, dashboard.web, user);
  return opened;
}

/** Waits until an element with this exact or matching text is on the page. */
export async function waitForText(page: Page, text: string | RegExp, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (source: string, isRegex: boolean) => {
      const body = document.body.textContent ?? '';
      return isRegex ? new RegExp(source).test(body) : body.includes(source);
    },
    { timeout },
    typeof text === 'string' ? text : text.source,
    typeof text !== 'string',
  );
}

/** Clicks the first visible, enabled button or link whose text is exactly `text`. */
export function clickText(page: Page, text: string, selector = 'button, a'): Promise<void> {
  return clickButton(page, text, { timeout: 30_000, selector });
}

export function waitForPath(page: Page, path: string): Promise<void> {
  return waitForPathWithin(page, path, 30_000);
}
