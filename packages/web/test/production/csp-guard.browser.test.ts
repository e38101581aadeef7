// The guard every browser test runs under (testkit browser-guard: a content-security-policy violation on any
// page fails the test): the production server's policy refuses what the app never does, and the guard sees
// the refusal. Without this, a policy that stopped being sent, or a console the guard no longer read, would
// leave every browser test passing while proving nothing about the policy.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { takeCspViolations } from '@posture-vision/testkit/csp-violations';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer } from '../../server/server.ts';

let dir: string;
let server: FastifyInstance;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pv-csp-guard-'));
  // An inline script, as an injected one would be: the policy allows only the app's own script files.
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Posture Vision</title><div id="root"></div><script>document.title = "ran"</script>',
  );
  server = await createWebServer({ root: dir });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the content-security-policy guard of the browser tests', () => {
  it('catches a script the policy refused on a served page', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/dashboard`, { waitUntil: 'load' });
    expect(await page.title()).toBe('Posture Vision');
    // The console message may arrive just after the load event.
    let seen: string[] = [];
    await expect
      .poll(
        () => {
          seen = [...seen, ...takeCspViolations()];
          return seen;
        },
        { timeout: 10_000 },
      )
      .toEqual([expect.stringMatching(/\/dashboard: .*Content Security Policy.*script-src/s)]);
    await page.close();
  });
});
