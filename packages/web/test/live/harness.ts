// Browser-test harness for the live features: the real API and vision service as processes, the web app
// built with their URLs and served with an SPA fallback, a verified user, and Chromium with a person clip.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@posture-vision/testkit/services';
import type { Page } from 'puppeteer-core';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `vite build` of the whole app into a temp folder, with the API and vision URLs baked in. */
export async function buildWeb(env: { apiUrl: string; visionUrl: string }): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'pv-web-live-'));
  const vite = join(webRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: webRoot,
        env: { ...process.env, VITE_API_URL: env.apiUrl, VITE_VISION_URL: env.visionUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
  return outDir;
}

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

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** Serves a built app on the given port; unknown paths answer index.html (client-side routes). */
export function serveStatic(dir: string, port: number): Promise<StaticSite> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

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

export async function webPort(): Promise<number> {
  return freePort();
}

async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a user, follows the verification link from the API's mail outbox and logs in. */
export async function createVerifiedUser(
  apiUrl: string,
  apiDataDir: string,
  name = 'live',
): Promise<TestUser> {
  const email = `${name}-${Date.now()}@example.com`;
  const password = 'Posture#2026';
  await call(`${apiUrl}/auth/register`, {
    method: 'POST',
    body: JSON.stringify({
      firstName: 'Lena',
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
  const outbox = join(apiDataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; links: string[] })
    .find((m) => m.to === email);
  const link = mail?.links.find((l) => l.includes('verify-email'));
  if (!link) throw new Error(`no verification mail for ${email}`);
  await fetch(link, { redirect: 'manual' });
  const login = await call(`${apiUrl}/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return {
    email,
    password,
    accessToken: login.accessToken as string,
    refreshToken: login.refreshToken as string,
  };
}

/** Signs the page in the way the web app keeps a session: token in local storage, refresh token cookie. */
export async function signIn(page: Page, site: string, user: TestUser): Promise<void> {
  await page.goto(`${site}/favicon.ico`);
  await page.evaluate((token) => localStorage.setItem('token', token), user.accessToken);
  await page.setCookie({ name: 'refresh_token', value: user.refreshToken, url: site, sameSite: 'Strict' });
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Clicks the first button whose text matches. */
export async function clickButton(page: Page, text: string | RegExp): Promise<void> {
  const handle = await page.waitForFunction(
    (source: string, flags: string) => {
      const re = new RegExp(source, flags);
      return [...document.querySelectorAll('button')].find(
        (b) => re.test(b.textContent ?? '') && !b.disabled,
      );
    },
    { timeout: 30_000 },
    typeof text === 'string' ? `^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$` : text.source,
    typeof text === 'string' ? '' : text.flags,
  );
  await (handle as unknown as { click(): Promise<void> }).click();
}

export async function textOf(page: Page, testId: string): Promise<string> {
  return page.$eval(`[data-testid="${testId}"]`, (el) => el.textContent ?? '');
}
