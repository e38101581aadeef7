// Accounts for browser tests, made through the real API: registration, the verification link from the API's
// mail outbox, login, and a page signed in the way the web app keeps a session.
import { mkdirSync, readdirSync, readFileSync, watch } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';

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
export function waitForLink(
  dataDir: string,
  address: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const find = (): string | null => {
    try {
      for (const mail of mailsTo(dataDir, address).reverse()) {
        const link = mail.links.find((l) => pattern.test(l));
        if (link) return link;
      }
    } catch {
      // A mail file still being written: the next change reads it whole.
    }
    return null;
  };
  // Checked again at every change of the outbox folder (the API creates it too; both may).
  const outbox = join(dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(deadline);
      watcher.close();
    };
    const check = () => {
      const link = find();
      if (!link) return;
      done();
      resolve(link);
    };
    const watcher = watch(outbox, check);
    const deadline = setTimeout(() => {
      done();
      reject(new Error(`no mail to ${address} with a link matching ${pattern}`));
    }, timeoutMs);
    check();
  });
}

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a user, follows the verification link from the API's mail outbox and logs in. */
export async function createVerifiedUser(
  api: { url: string; dataDir: string },
  user: { email: string; password: string; firstName: string; lastName: string },
): Promise<TestUser> {
  const { email, password } = user;
  const register = await fetch(`${api.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: user.firstName,
      lastName: user.lastName,
      birthday: '1990-04-02',
      countryCode: '+1',
      contactNo: '5551234567',
      phone: '+15551234567',
      email,
      password,
      confirmPassword: password,
    }),
  });
  if (register.status !== 201) throw new Error(`register → ${register.status}: ${await register.text()}`);
  await fetch(await waitForLink(api.dataDir, email, /verify-email/), { redirect: 'manual' });
  const login = await fetch(`${api.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await login.json()) as { accessToken?: string; refreshToken?: string };
  if (login.status !== 200 || !body.accessToken || !body.refreshToken)
    throw new Error(`login → ${login.status}: ${JSON.stringify(body)}`);
  return { email, password, accessToken: body.accessToken, refreshToken: body.refreshToken };
}

/**
 * Signs the page in as the web app would after a login: the access token in local storage, the refresh token
 * in the cookie the app writes (path /, secure, SameSite=Strict, 7 days).
 */
export async function signIn(
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
