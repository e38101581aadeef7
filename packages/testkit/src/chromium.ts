// Launches the system Chromium for browser tests (puppeteer-core, nothing downloaded).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type LaunchOptions, type Page } from 'puppeteer-core';
import { recordCspViolation } from './csp-violations.ts';
import { repoRoot } from './services.ts';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface ChromiumOptions {
  /** A .y4m file played by the fake camera; without it the fake camera shows a test pattern. */
  fakeVideo?: string;
  /** Unpacked extension folder to load. */
  extension?: string;
  extraArgs?: string[];
  headless?: LaunchOptions['headless'];
  /** Camera prompts: accepted (default, the fake camera is granted) or refused, as when the user blocks it. */
  cameraPrompt?: 'accept' | 'deny';
  /** A profile folder kept across launches (the caller removes it), as a browser restarted by its user; without
   * it each launch gets a fresh profile, removed when Chromium exits. */
  userDataDir?: string;
  /** An X display (testkit screen.ts) to run on headful, for what only a headful browser draws: its notifications. */
  display?: string;
}

/** Chromium with this machine's flags (closed network, loopback WebRTC, fake camera allowed). */
export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'pv-chromium-'));
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--allow-loopback-in-peer-connection',
    options.cameraPrompt === 'deny' ? '--deny-permission-prompts' : '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ];
  if (options.fakeVideo) args.push(`--use-file-for-fake-video-capture=${options.fakeVideo}`);
  if (options.extension) {
    args.push(`--disable-extensions-except=${options.extension}`, `--load-extension=${options.extension}`);
  }
  args.push(...(options.extraArgs ?? []));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: options.display ? false : (options.headless ?? true),
    ...(options.display ? { env: { ...process.env, DISPLAY: options.display } } : {}),
    userDataDir,
    args,
    enableExtensions: options.extension ? [options.extension] : false,
  } as LaunchOptions);
  browser.on('targetcreated', async (target) => {
    const page = await target.page().catch(() => null);
    page?.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy/i.test(text)) recordCspViolation(`${page.url()}: ${text}`);
    });
  });
  // Remove the profile once the Chromium process has exited (it writes to it until then); never fail a test over it.
  browser.process()?.once('exit', () => {
    if (options.userDataDir) return;
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch {}
  });
  return browser;
}

/** Where browser tests save screenshots: `.artifacts/screenshots/<suite>/` (not committed). */
export function screenshotDir(suite: string): string {
  const dir = join(repoRoot, '.artifacts', 'screenshots', suite);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Saves a full-page screenshot as a run artefact, for a person to look at: a JPEG (quality 85), which Chromium
 * encodes in about two thirds of the time of a PNG compressed for speed (1.8 s against 2.8 s for a tall page here,
 * a sixth of the size), and a full run takes about 340.
 */
export async function saveScreenshot(page: Page, suite: string, name: string): Promise<string> {
  const file = join(screenshotDir(suite), `${name}.jpg`);
  await page.screenshot({
    path: file as `${string}.jpeg`,
    type: 'jpeg',
    quality: 85,
    fullPage: true,
    optimizeForSpeed: true,
  });
  return file;
}
