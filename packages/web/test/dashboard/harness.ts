// Browser-test harness for the dashboard: the real API as a process, the web app built with its URL and
// served with an SPA fallback, users registered and verified through the API's mail outbox, and Chromium.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { type RunningService, startApi } from '@posture-vision/testkit/services';
import type { Browser, Dialog, Page } from 'puppeteer-core';
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
};

/** Serves a built app on an ephemeral port; unknown paths answer index.html (client-side routes). */
function serveStatic(dir: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(dir, path);
    let body: Buffer;
    try {
      if (!file.startsWith(dir) || path.endsWith('/')) throw new Error('not a file');
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

export interface Dashboard {
  api: RunningService;
  /** The web app's origin. */
  web: string;
  browser: Browser;
  stop(): Promise<void>;
}

/** API first (its CORS origin is the static server's), then the build with VITE_API_URL, then Chromium. */
export async function startDashboard(): Promise<Dashboard> {
  const outDir = mkdtempSync(join(tmpdir(), 'pv-web-dashboard-'));
  const { server, port } = await serveStatic(outDir);
  const web = `http://127.0.0.1:${port}`;
  const api = await startApi({ WEB_ORIGIN: web, RATE_LIMIT_MAX: '1000' });
  process.env.VITE_API_URL = api.url;
  // An unreachable vision service: these tests are about the dashboard; the camera widget only renders.
  process.env.VITE_VISION_URL = 'http://127.0.0.1:9';
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
    async stop() {
      await browser.close().catch(() => undefined);
      await api.stop();
      await new Promise((r) => server.close(r));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
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

/** Registers a user, follows the verification link from the API's mail outbox and logs in. */
export async function createVerifiedUser(api: RunningService, firstName: string): Promise<TestUser> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const password = 'Posture#2026';
  const registered = await call(`${api.url}/auth/register`, {
    method: 'POST',
    body: JSON.stringify({
      firstName,
      lastName: 'Tester',
      birthday: '1990-04-02',
      countryCode: '+1',
      contactNo: '5551234567',
      phone: '+15551234567',
      email,
      password,
      confirmPassword: password,
    }),
  });
  if (registered.status !== 201) throw new Error(`register → ${registered.status}`);
  const outbox = join(api.dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; links: string[] })
    .find((m) => m.to === email);
  const link = mail?.links.find((l) => l.includes('verify-email'));
  if (!link) throw new Error(`no verification mail for ${email}`);
  await fetch(link, { redirect: 'manual' });
  const login = await call<{ accessToken: string; refreshToken: string }>(`${api.url}/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login → ${login.status}`);
  return { email, password, accessToken: login.body.accessToken, refreshToken: login.body.refreshToken };
}

export interface TestPage {
  page: Page;
  /** Every alert, confirm and prompt text, in order. */
  dialogs: string[];
  /** What the next prompt answers (otherwise prompts are accepted empty). */
  answerNextPrompt(value: string): void;
  close(): Promise<void>;
}

/** A page in its own browser context, signed in the way the web app keeps a session. */
export async function signedInPage(dashboard: Dashboard, user: TestUser): Promise<TestPage> {
  const context = await dashboard.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const dialogs: string[] = [];
  let promptAnswer: string | null = null;
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    const answer = dialog.type() === 'prompt' ? (promptAnswer ?? '') : undefined;
    promptAnswer = null;
    void dialog.accept(answer);
  });
  await page.goto(`${dashboard.web}/favicon.ico`);
  await page.evaluate((token) => localStorage.setItem('token', token), user.accessToken);
  await page.setCookie({
    name: 'refresh_token',
    value: user.refreshToken,
    url: dashboard.web,
    sameSite: 'Strict',
  });
  return {
    page,
    dialogs,
    answerNextPrompt(value) {
      promptAnswer = value;
    },
    close: () => context.close(),
  };
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

/** Clicks the first enabled button or link whose trimmed text equals `text`. */
export async function clickText(page: Page, text: string, selector = 'button, a'): Promise<void> {
  const handle = await page.waitForFunction(
    (wanted: string, sel: string) =>
      [...document.querySelectorAll<HTMLButtonElement>(sel)].find(
        (el) => el.textContent?.trim() === wanted && !el.disabled,
      ),
    { timeout: 30_000 },
    text,
    selector,
  );
  await (handle as unknown as { click(): Promise<void> }).click();
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p: string) => window.location.pathname === p, { timeout: 30_000 }, path);
}

/** Waits until an alert, confirm or prompt with this text was shown. */
export async function waitForDialog(dialogs: string[], text: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!dialogs.includes(text)) {
    if (Date.now() > deadline) throw new Error(`no dialog '${text}'; saw ${JSON.stringify(dialogs)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
