// The web app as `npm start` serves it (the production build behind server/server.ts), in real Chromium: a
// first visit, device mode on, and a real-time session, then a repeat visit. It fails on any request for a
// development-server path, any content-security-policy violation (in the page's console or its events), any
// of the app's own answers without a cache header, and any page load the test did not ask for (the dev
// server's reload when it optimises a dependency).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { type CountingServer, startCountingServer } from '@posture-vision/testkit/counting-server';
import { personPhotoDataUrl, writePersonClip } from '@posture-vision/testkit/media';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickButton,
  type LiveStack,
  removeDir,
  signIn,
  startLiveStack,
  textWaiter,
} from '../live/harness.ts';

const SUITE = 'web-production';
const waitForText = textWaiter(SUITE);
/** What only Vite's development server asks for: its client, source files, pre-bundled dependencies. */
const DEV_SERVER_PATH = /\/@vite\/|\/@fs\/|\/@id\/|\/@react-refresh|\/node_modules\/|\/src\/|\.tsx?(\?|$)/;

let stack: LiveStack;
let visionStandIn: CountingServer;
let clipDir: string;

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'pv-web-production-clip-'));
  const clip = writePersonClip(join(clipDir, 'person.y4m'), [{ posture: 'upright', seconds: 20 }], {
    fps: 10,
  });
  // Device mode needs no vision service: a counting server stands at its address.
  visionStandIn = await startCountingServer();
  stack = await startLiveStack({ name: 'production', vision: { standIn: visionStandIn.url }, camera: clip });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await visionStandIn?.close();
  removeDir(clipDir);
});

interface Watch {
  devRequests: string[];
  violations: string[];
  uncached: string[];
  loads: string[];
  responses: HTTPResponse[];
  /** The page's console errors, to say why a step failed. */
  errors: string[];
  /** Everything else it printed. */
  info: string[];
}

/** Watches a page for what this test forbids, from before its first navigation. */
async function watch(page: Page, origin: string): Promise<Watch> {
  const w: Watch = {
    devRequests: [],
    violations: [],
    uncached: [],
    loads: [],
    responses: [],
    errors: [],
    info: [],
  };
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(origin) && DEV_SERVER_PATH.test(new URL(url).pathname)) w.devRequests.push(url);
  });
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(origin)) return;
    w.responses.push(response);
    const path = new URL(url).pathname;
    const cache = response.headers()['cache-control'];
    const wanted = path.startsWith('/assets/') ? /immutable/ : path.includes('.') ? /no-cache/ : /no-store/;
    if (response.status() < 400 && !response.fromCache() && !wanted.test(cache ?? ''))
      w.uncached.push(`${path}: ${cache ?? 'no cache-control'}`);
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) w.violations.push(message.text());
    if (message.type() === 'error') w.errors.push(message.text());
    else w.info.push(message.text());
  });
  page.on('pageerror', (error) => w.errors.push(String(error)));
  // Whole-page loads only (the router's own history changes are not loads).
  page.on('load', () => w.loads.push(new URL(page.url()).pathname));
  await page.exposeFunction('pvViolation', (text: string) => w.violations.push(text));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { pvViolation(t: string): void }).pvViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      ),
    );
  });
  return w;
}

describe('the production-served web app', () => {
  it('serves a first visit, device mode and a session with no dev-server request, CSP violation or uncached answer; a repeat visit takes every hashed asset from the cache', async () => {
    const { site, browser, user, api } = stack;
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 1000 });
    const w = await watch(page, site.url);

    // First visit.
    await page.goto(`${site.url}/`);
    await page.waitForSelector('[data-testid="live-tool"]');
    const landing = w.responses.find((r) => new URL(r.url()).pathname === '/');
    expect(landing?.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
    const script = w.responses.find((r) => /\/assets\/.*\.js$/.test(r.url()));
    expect(script?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    // React's production build: its development build greets the console with a DevTools hint.
    expect(w.errors.concat(w.info).join('\n')).not.toMatch(/React DevTools/);

    // A dialog (the landing page's video): the shared Dialog writes its scroll lock as an inline style.
    await page.click('.play-button');
    await page.waitForSelector('.lightbox');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.lightbox', { hidden: true });

    // Device mode: the worker and its WebAssembly under the policy, the camera drawn from the page's detector.
    await page.click('[data-testid="process-on-device"]');
    await waitForText(page, 'model-status', 'Model status: on this computer');
    await clickButton(page, 'Start Camera');
    await waitForText(page, 'connection-label', 'Connected', 180_000);
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid="live-overlay"]')?.getAttribute('data-keypoints-drawn')) >
        0,
      { timeout: 120_000, polling: 250 },
    );
    await clickButton(page, 'Stop Camera');
    await waitForText(page, 'live-status', 'Camera stopped');
    expect(w.loads).toEqual(['/']);

    // A session, on the device.
    expect((await seedCalibration(api.url, user.accessToken, personPhotoDataUrl('woman'))).status).toBe(201);
    await signIn(page, site.url, user);
    await page.goto(`${site.url}/dashboard/real-time-session`);
    await page.waitForSelector('[data-testid="real-time-session"]');
    // The live tool's own tests check that the choice is remembered; here it only has to be on.
    const onDevice = () =>
      page.$eval('[data-testid="process-on-device"]', (i) => (i as HTMLInputElement).checked);
    if (!(await onDevice())) await page.click('[data-testid="process-on-device"]');
    expect(await onDevice()).toBe(true);
    await clickButton(page, 'Start Session');
    await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
      timeout: 30_000,
    });
    // The session's live tool draws what the page's detector finds (how it judges posture is the live tests').
    await waitForText(page, 'connection-label', 'Connected', 180_000);
    await page
      .waitForFunction(
        () =>
          Number(
            document.querySelector('[data-testid="live-overlay"]')?.getAttribute('data-keypoints-drawn'),
          ) > 0,
        { timeout: 120_000, polling: 250 },
      )
      .catch((error) => {
        throw new Error(
          `no keypoints in the session; CSP: ${w.violations.join(' | ')}; errors: ${w.errors.join(' | ')}`,
          {
            cause: error,
          },
        );
      });
    await clickButton(page, 'Stop Session');
    await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });

    // Repeat visit in a new tab: the page is asked for again, every hashed asset comes from the cache.
    const again = await context.newPage();
    const w2 = await watch(again, site.url);
    await again.goto(`${site.url}/`);
    await again.waitForSelector('[data-testid="live-tool"]');
    const assets = w2.responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((r) => !r.fromCache()).map((r) => r.url())).toEqual([]);
    expect(w2.responses.find((r) => new URL(r.url()).pathname === '/')?.fromCache()).toBe(false);

    for (const seen of [w, w2]) {
      expect(seen.devRequests).toEqual([]);
      expect(seen.violations).toEqual([]);
      expect(seen.uncached).toEqual([]);
    }
    await context.close();
  }, 600_000);
});
