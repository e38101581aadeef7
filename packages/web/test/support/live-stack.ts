// The whole stack of a web browser test, started and stopped in one go: the real API and vision service as
// processes, the web app's production build served and given their URLs, a verified user, and Chromium
// (with a camera clip if asked). Every web browser test that needs the API starts it here: live, device mode,
// wizard, journey, finish, and the dashboard harness (profile chooser, dashboard).
import { createServer } from 'node:http';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { createPostgresDatabase, type TestDatabase } from '@posture-vision/testkit/postgres';
import { type RunningService, startApi, startVision } from '@posture-vision/testkit/services';
import type { Browser } from 'puppeteer-core';
import { createVerifiedUser as registerVerifiedUser, type TestUser } from './accounts.ts';
import { serveWebApp, type WebSite } from './web-app.ts';

export interface LiveStackOptions {
  /** Names the test user's e-mail (<name>-<time>@example.com) and the PostgreSQL database, if one. */
  name: string;
  /**
   * The vision service: started as a process (the default), or the URL the app is given when the test
   * stands something else there (device mode's counting server) and no vision service runs.
   */
  vision?: 'start' | { standIn: string };
  /** More API environment; WEB_ORIGIN (the served app) and VISION_URL (the vision service) are set here. */
  apiEnv?: Record<string, string>;
  /** The .y4m clip Chromium's fake camera plays; without it Chromium's test pattern. */
  camera?: string;
  /**
   * The API on a fresh database of the machine's PostgreSQL server (dropped at stop) instead of its own PGlite,
   * for a test that must set what no API call can (see startSessionAt).
   */
  postgres?: boolean;
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

/**
 * The whole stack of a live browser test, in the order its parts need each other: the served folder (its
 * origin is the API's WEB_ORIGIN), the relay and the vision service (it verifies tokens against the API's JWKS,
 * through the relay: the API is not up yet), the API (it calls the vision service for photo analysis), the web
 * app given both URLs, a verified user, then Chromium. A part that fails to start stops those before it.
 */
export async function startLiveStack(options: LiveStackOptions): Promise<LiveStack> {
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
    if (options.vision && options.vision !== 'start') {
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
    const api = await startApi({
      WEB_ORIGIN: site.url,
      ...(vision ? { VISION_URL: vision.url } : {}),
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...options.apiEnv,
    });
    stops.push(() => api.stop());
    relay?.target(api.url);
    site.configure({ apiUrl: api.url, visionUrl });
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
