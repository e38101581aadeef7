// The whole stack of a web browser test, started and stopped in one go: the real API and vision service as
// processes, the web app's production build served and given their URLs, a verified user, and Chromium
// (with a camera clip if asked). Every web browser test that needs the API starts it here, or in the public
// harness through servicesFor. In the browser tier the services are the run's (shared-services.setup.ts) unless a
// file asks for its own settings, PostgreSQL or a stand-in at the vision address.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { createPostgresDatabase, type TestDatabase } from '@posture-vision/testkit/postgres';
import {
  apiDataDir,
  type RunningService,
  repoRoot,
  startApi,
  startVision,
} from '@posture-vision/testkit/services';
import type { Browser } from 'puppeteer-core';
import { inject } from 'vitest';
import { createVerifiedUser as registerVerifiedUser, type TestUser } from './accounts.ts';
import { serveWebApp, type WebSite } from './web-app.ts';

export interface LiveStackOptions {
  /** Names the test user's e-mail (<name>-<time>@example.com) and the PostgreSQL database, if one. */
  name: string;
  /**
   * The vision service: started as a process (the default), none (screens that never reach it), or the URL the
   * app is given when the test stands something else there (device mode's counting server).
   */
  vision?: 'start' | 'none' | { standIn: string };
  /** More API environment; WEB_ORIGIN (the served app) and VISION_URL (the vision service) are set here. */
  apiEnv?: Record<string, string>;
  /** The .y4m clip Chromium's fake camera plays; without it Chromium's test pattern. */
  camera?: string;
  /**
   * The API on a fresh database of the machine's PostgreSQL server (dropped at stop) instead of its own PGlite,
   * for a test that must set what no API call can (see startSessionAt).
   */
  postgres?: boolean;
  /** An admin account (ADMIN), made with the API's CLI before the API starts. */
  admin?: boolean;
}

/** The admin account a stack's API has when asked for one (and the shared services always have). */
export const ADMIN = { email: 'admin@posture.test', password: 'Admin#Pass1' };

/** Creates the admin account with the API's CLI in a data directory the API has not opened yet. */
function createAdmin(dataDir: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'packages/api/src/cli/admin-create.ts'), ADMIN.email, ADMIN.password],
    { cwd: join(repoRoot, 'packages/api'), env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`admin:create failed: ${run.stderr}${run.stdout}`);
}

export interface LiveStack {
  api: RunningService;
  /** Null when the options named a stand-in instead. */
  vision: RunningService | null;
  /** The API's PostgreSQL database when the options asked for one, else null. */
  database: TestDatabase | null;
  site: WebSite;
  browser: Browser;
  /** A verified user, signed in through the API (its tokens). */
  user: TestUser;
  /** Stops all of it (browser, site, vision, API, relay), each once; safe after a start that failed halfway. */
  stop(): Promise<void>;
}

/** What a browser-tier run's shared services are, as the global setup hands them to every file (vitest's
 * provide and inject carry plain data). */
export interface SharedServices {
  site: string;
  api: { url: string; port: number; dataDir: string };
  vision: { url: string; port: number; dataDir: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by shared-services.setup.ts when the browser tier runs (scripts/test.mjs); absent otherwise. */
    webServices?: SharedServices;
  }
}

/**
 * The API settings of the shared services. A file that asks for other settings, for PostgreSQL or for a stand-in
 * at the vision address starts its own; a file that asks for these or none shares. The rate limit is raised for
 * every file's sign-ins and registrations to fit in one API's window; no browser test is about that limit (the
 * API's own tests are).
 */
export const SHARED_API_ENV: Readonly<Record<string, string>> = { RATE_LIMIT_MAX: '1000' };

/** The API, the vision service and the served app, started in the order they need each other. */
export interface Services {
  site: WebSite;
  api: RunningService;
  vision: RunningService | null;
  database: TestDatabase | null;
  stop(): Promise<void>;
}

/**
 * The services of a stack, in the order they need each other: the served folder (its origin is the API's
 * WEB_ORIGIN), the relay and the vision service (it verifies tokens against the API's JWKS, through the relay: the
 * API is not up yet), the API (it calls the vision service for photo analysis), and the web app given both URLs.
 * A part that fails to start stops those before it.
 */
export async function startServices(options: Omit<LiveStackOptions, 'camera'>): Promise<Services> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    // Last started, first stopped; each part once, whatever the others do.
    for (const step of stops.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const site = await serveWebApp();
    stops.push(() => site.close());
    let vision: RunningService | null = null;
    let visionUrl: string;
    let relay: Awaited<ReturnType<typeof startApiRelay>> | null = null;
    if (options.vision === 'none') {
      visionUrl = '';
    } else if (options.vision && options.vision !== 'start') {
      visionUrl = options.vision.standIn;
    } else {
      const started = await startApiRelay();
      relay = started;
      stops.push(() => started.close());
      vision = await startVision({ API_URL: started.url });
      const running = vision;
      stops.push(() => running.stop());
      visionUrl = vision.url;
    }
    const database = options.postgres ? await createPostgresDatabase(`pv_web_${options.name}`) : null;
    if (database) stops.push(() => database.drop());
    let dataDir: string | undefined;
    if (options.admin) {
      const prepared = apiDataDir();
      dataDir = prepared;
      stops.push(async () => rmSync(prepared, { recursive: true, force: true }));
      createAdmin(prepared);
    }
    const api = await startApi(
      {
        WEB_ORIGIN: site.url,
        ...(vision ? { VISION_URL: vision.url } : {}),
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...options.apiEnv,
      },
      dataDir,
    );
    stops.push(() => api.stop());
    relay?.target(api.url);
    site.configure({ apiUrl: api.url, ...(visionUrl ? { visionUrl } : {}) });
    return { site, api, vision, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Whether a file with these options can run on the shared services (they have a vision service and the admin,
 * which a file that asks for none never reaches). */
function sharesServices(options: Omit<LiveStackOptions, 'camera'>): boolean {
  if (options.postgres || typeof options.vision === 'object') return false;
  return Object.entries(options.apiEnv ?? {}).every(([name, value]) => SHARED_API_ENV[name] === value);
}

/** A service of the run's, for a file: its address and data, not its process (stopped by the global setup). */
function sharedService(name: string, service: SharedServices['api']): RunningService {
  return {
    ...service,
    output: () => `(the ${name} of every file in this run: its output is the global setup's)`,
    kill: () => Promise.reject(new Error(`the shared ${name} is not a test file's to kill`)),
    stop: () => Promise.resolve(),
  };
}

/** The services the run's global setup started; none outside a Vitest run (a bench starting the stack itself). */
function runShared(): SharedServices | undefined {
  try {
    return inject('webServices');
  } catch {
    return undefined;
  }
}

/**
 * The run's shared services when the global setup started them and the options allow (a browser-tier run: each
 * file then starts only its browser and user), else services of the file's own.
 */
export async function servicesFor(options: Omit<LiveStackOptions, 'camera'>): Promise<Services> {
  const shared = runShared();
  if (!shared || !sharesServices(options)) return startServices(options);
  const site: WebSite = {
    url: shared.site,
    configure: () => {
      throw new Error('the shared site is configured by the global setup');
    },
    close: () => Promise.resolve(),
  };
  return {
    site,
    api: sharedService('API', shared.api),
    vision: sharedService('vision service', shared.vision),
    database: null,
    stop: () => Promise.resolve(),
  };
}

/**
 * The whole stack of a live browser test: its services (the run's shared ones when they fit, servicesFor), a
 * verified user, then Chromium.
 */
export async function startLiveStack(options: LiveStackOptions): Promise<LiveStack> {
  const services = await servicesFor(options);
  const stops: (() => Promise<unknown>)[] = [() => services.stop()];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const { api, vision, site, database } = services;
    const user = await createVerifiedUser(api, options.name);
    const browser = await launchChromium(options.camera ? { fakeVideo: options.camera } : {});
    stops.push(() => browser.close());
    return { api, vision, site, browser, user, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The API and the vision service each need the other's URL at start, but the test kit picks their ports as
 * it starts them. The vision service only fetches the API's JWKS (lazily), so it is given this relay's URL,
 * which forwards GETs to the API once the API is up.
 */
async function startApiRelay(): Promise<{
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

/**
 * Moves a session's start into the past, as if it had been started then: no API call starts one in the past,
 * and a report counts only time inside its session, so a seeded history stamps its feedback after this.
 */
export async function startSessionAt(
  database: TestDatabase | null,
  sessionId: string,
  start: Date,
): Promise<void> {
  if (!database) throw new Error('startSessionAt needs a stack started with { postgres: true }');
  await database.sql('update posture_sessions set start_time = $1 where id = $2', [
    start.toISOString(),
    sessionId,
  ]);
}
