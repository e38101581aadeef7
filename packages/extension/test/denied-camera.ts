// Chromium where camera prompts are refused, as when the user blocks the camera: testkit's launcher always
// accepts media prompts (--use-fake-ui-for-media-stream), so this one leaves that flag out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '@posture-vision/testkit/chromium';
import puppeteer, { type Browser } from 'puppeteer-core';

export async function launchWithoutCameraPrompt(extension: string): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'pv-chromium-denied-'));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    userDataDir,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--deny-permission-prompts',
    ],
    enableExtensions: [extension],
  });
  browser.once('disconnected', () =>
    setTimeout(() => rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 }), 500).unref(),
  );
  return browser;
}
