// Browser-test harness for the live features: the real API and vision service as processes, the web app
// built with their URLs and served with an SPA fallback (../support), a verified user, and Chromium with a
// person clip.
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Page } from 'puppeteer-core';
import { createVerifiedUser as registerVerifiedUser, type TestUser } from '../support/accounts.ts';
import { clickButton as clickVisibleButton } from '../support/page.ts';

export { signIn, type TestUser } from '../support/accounts.ts';
export { serveWebApp, type WebSite } from '../support/web-app.ts';

/**
 * The API and the vision service each need the other's URL at start, but the test kit picks their ports as
 * it starts them. The vision service only fetches the API's JWKS (lazily), so it is given this relay's URL,
 * which forwards GETs to the API once the API is up.
 */
export async function startApiRelay(): Promise<{
  url: string;
  target(url: string): void;
  close(): Promise<void>;
}> {
  let api = '';
  const server = createServer(async (req, res) => {
    try {
      const upstream = await fetch(`${api}${req.url}`);
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'text/plain',
      });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    target: (url) => {
      api = url;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Registers a user, follows the verification link from the API's mail outbox and logs in. */
export function createVerifiedUser(api: { url: string; dataDir: string }, name = 'live'): Promise<TestUser> {
  const email = `${name}-${Date.now()}@example.com`;
  return registerVerifiedUser(api, {
    email,
    password: 'Posture#2026',
    firstName: 'Lena',
    lastName: 'Tester',
  });
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Clicks the first visible, enabled button whose text is exactly so. */
export function clickButton(page: Page, text: string): Promise<void> {
  return clickVisibleButton(page, text, { timeout: 30_000 });
}

export async function textOf(page: Page, testId: string): Promise<string> {
  return page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');
}

/**
 * waitForText(page, testId, text, timeout): waits until the element shows the text (a string or a pattern); on
 * timeout saves a screenshot under `suite` and says what it showed, with the alert, the live status and log.
 */
export function textWaiter(suite: string) {
  return async function waitForText(page: Page, testId: string, text: string | RegExp, timeout = 30_000) {
    try {
      await page.waitForFunction(
        (id, source, flags) =>
          new RegExp(source, flags).test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
        { timeout, polling: 200 },
        testId,
        typeof text === 'string' ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : text.source,
        typeof text === 'string' ? '' : text.flags,
      );
    } catch (error) {
      const seen = await page.evaluate(
        (id) =>
          `"${document.querySelector(`[data-testid="${id}"]`)?.textContent}" at ${location.pathname}; alert: ${document.querySelector('[role="alert"]')?.textContent}; status: ${document.querySelector('[data-testid="live-status"]')?.textContent}; log: ${document.querySelector('.live-log')?.textContent}`,
        testId,
      );
      await saveScreenshot(page, suite, `failed-${testId}`);
      throw new Error(`waiting for ${testId} to show ${text}: ${seen}`, { cause: error });
    }
  };
}
