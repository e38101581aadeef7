// Browser-test harness for the public and account screens: the real API on a fresh embedded database,
// the web app built once per test file into a temp folder with VITE_API_URL pointing at that API, a small
// static server with SPA fallback, and the system Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { type RunningService, repoRoot, startApi } from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
};

/** Serves a built app folder; unknown paths answer index.html (client-side routes). */
function serveStatic(dir: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(dir, path);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      file = join(dir, 'index.html');
      body = readFileSync(file);
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    }),
  );
}

export interface Harness {
  api: RunningService;
  /** The web app's origin, e.g. http://localhost:41234 */
  web: string;
  browser: Browser;
  /** Where vite wrote the build. */
  outDir: string;
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
  const outDir = mkdtempSync(join(tmpdir(), 'pv-web-public-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-web-public-data-'));
  const { server, port } = await serveStatic(outDir);
  const web = `http://localhost:${port}`;
  if (options.admin) createAdmin(dataDir);
  const api = await startApi({ WEB_ORIGIN: web, RATE_LIMIT_MAX: '1000' }, dataDir);
  process.env.VITE_API_URL = api.url;
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const browser = await launchChromium();
  return {
    api,
    web,
    browser,
    outDir,
    async newPage(width = 1280, height = 800) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      page.on('dialog', (d) => void d.accept());
      return page;
    },
    async stop() {
      await browser.close().catch(() => undefined);
      await api.stop();
      await new Promise((r) => server.close(r));
      rmSync(outDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface OutboxMail {
  to: string | string[];
  subject: string;
  links: string[];
}

/** The mails the API wrote to its outbox for an address, oldest first. */
export function mailsTo(dataDir: string, address: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(join(dataDir, 'outbox', f), 'utf8')) as OutboxMail)
    .filter((m) => [m.to].flat().some((to) => String(to).includes(address)));
}

/** Waits until the outbox holds a mail to the address whose links include one matching the pattern. */
export async function waitForLink(dataDir: string, address: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    for (const mail of mailsTo(dataDir, address).reverse()) {
      const link = mail.links.find((l) => pattern.test(l));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address} with a link matching ${pattern}`);
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

/**
 * Types into the input labelled exactly so (clears it first). Navigations are transitions, so the previous page
 * may still be on screen for a moment with a field of the same label: when that field goes away under us, look
 * the label up again.
 */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await fillOnce(page, label, value);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

async function fillOnce(page: Page, label: string, value: string): Promise<void> {
  await page.waitForFunction(
    (l) => [...document.querySelectorAll('label')].some((x) => x.textContent?.trim() === l),
    { timeout: 5000 },
    label,
  );
  const id = await page.$$eval(
    'label',
    (labels, l) => labels.find((x) => x.textContent?.trim() === l)?.getAttribute('for') ?? null,
    label,
  );
  if (!id) throw new Error(`no label "${label}"`);
  const selector = `[id="${id}"]`;
  await page.$eval(selector, (el) => {
    (el as HTMLInputElement).select?.();
  });
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
  // The field must still be the one on screen, holding what was typed.
  const typed = await page.$eval(selector, (el) => (el as HTMLInputElement).value);
  if (typed !== value) throw new Error(`"${label}" holds "${typed}", not "${value}"`);
}

/** Clicks the button whose visible text is exactly so. */
export async function clickButton(page: Page, text: string): Promise<void> {
  const handle = await page.waitForSelector(`::-p-xpath(//button[normalize-space(.)="${text}"])`, {
    visible: true,
    timeout: 5000,
  });
  // Like a user, bring it to the middle of the screen first: the sticky header may cover its edge.
  await handle?.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await handle?.click();
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (p) => location.pathname + location.search === p || location.pathname === p,
    { timeout: 10000 },
    path,
  );
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
export async function createVerifiedUser(
  h: Harness,
  email: string,
  password = TEST_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string }> {
  const register = await fetch(`${h.api.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Test',
      lastName: 'User',
      birthday: '1988-04-01',
      countryCode: '+1',
      contactNo: '5550001111',
      phone: '+15550001111',
      email,
      password,
      confirmPassword: password,
    }),
  });
  if (!register.ok) throw new Error(`register: ${register.status} ${await register.text()}`);
  await fetch(await waitForLink(h.api.dataDir, email, /verify-email/), { redirect: 'manual' });
  const login = await fetch(`${h.api.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await login.json()) as { accessToken?: string; refreshToken?: string };
  if (!body.accessToken || !body.refreshToken) throw new Error(`login: ${JSON.stringify(body)}`);
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

/** Signs the page in as the web app would after a login: token in local storage, refresh cookie. */
export async function signInPage(
  page: Page,
  web: string,
  tokens: { accessToken: string; refreshToken: string },
): Promise<void> {
  await page.goto(`${web}/privacy-policy`);
  await page.evaluate((token) => localStorage.setItem('token', token), tokens.accessToken);
  await page.browserContext().setCookie({
    name: 'refresh_token',
    value: encodeURIComponent(tokens.refreshToken),
    domain: new URL(web).hostname,
    path: '/',
    secure: true,
    sameSite: 'Strict',
    expires: Math.floor(Date.now() / 1000) + 7 * 86_400,
  });
}
