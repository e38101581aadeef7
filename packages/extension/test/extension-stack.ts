// What the extension's browser tests run against, started once per file: the real API, the web app (its
// production build, made once for every file, served by its production server), the extension built for them,
// and the system Chromium with it unpacked and a fake camera showing a real person, sitting upright until the
// test turns them (camera.show). The vision service's address is the real service, a counting stand-in, or
// an address nobody listens at, as the file's subject needs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { type CountingServer, startCountingServer } from '@posture-vision/testkit/counting-server';
import { type PostureCamera, writePostureCamera } from '@posture-vision/testkit/media';
import { createPostgresDatabase, type TestDatabase } from '@posture-vision/testkit/postgres';
import {
  freePort,
  type RunningService,
  startApi,
  startVision,
  startWebServer,
} from '@posture-vision/testkit/services';
import type { Browser, Page } from 'puppeteer-core';
import { buildExtension, ZIP_NAME, zipExtension } from '../scripts/package-extension';
import { createUser, type TestUser } from './api-user';
import { openPopup, signInThroughWebApp, waitForPopupText } from './popup';
import { webBuild } from './web-build';

export interface ExtensionStackOptions {
  /** Names the temporary folder (clip, builds). */
  name: string;
  /** At the vision service's address: the real service, a stand-in that counts requests, or nobody. */
  vision: 'service' | 'counting' | 'nobody';
  /** The web app serves the packaged extension (its download page links it). */
  zip?: boolean;
  /** The extension is signed in through the web app before the tests, as a user signs it in. */
  signIn?: boolean;
  /** Pages the test build takes for call apps' meetings (VITE_CALL_APPS, src/rules/call-apps.ts); without it
   * the real call apps. */
  callApps?: string;
  /** A Chromium profile kept across launches, for a test that restarts the browser. */
  userDataDir?: string;
  /** More Chromium switches, after the testkit's (a later switch of the same name wins). */
  chromiumArgs?: string[];
  /** Chromium's fake cameras, this many (fake_device_0, fake_device_1…), showing its test pattern: a file played
   * by the fake camera makes it the only camera. Without it, one camera plays the person. */
  fakeCameras?: number;
  /** The API on a fresh database of the machine's PostgreSQL server, which the test can write to (`database`):
   * what no API call does, such as a session started days ago. */
  postgres?: boolean;
  /** Chromium runs headful on this X display (testkit screen.ts), so its notifications are drawn on the screen. */
  display?: string;
}

export interface ExtensionStack {
  /** The web app, served by its production server. */
  web: { origin: string };
  api: RunningService;
  /** With `vision: 'service'`. */
  vision?: RunningService;
  /** With `vision: 'counting'`. */
  visionStandIn?: CountingServer;
  extensionDir: string;
  /** The fake camera: the person sits upright until the test shows another posture. Its path is the clip for a
   * browser launched again. */
  camera: PostureCamera;
  browser: Browser;
  /** With `postgres`: the API's database. */
  database?: TestDatabase;
  /** A verified user with an active calibration. */
  user: TestUser;
  popup: Page;
  stop(): Promise<void>;
}

export async function startExtensionStack(options: ExtensionStackOptions): Promise<ExtensionStack> {
  const tmp = mkdtempSync(join(tmpdir(), `pv-ext-${options.name}-`));
  const started: { stop(): Promise<unknown> }[] = [];
  let database: TestDatabase | undefined;
  try {
    // Small frames keep the clip small; the pose model works on a downscaled frame.
    const camera = writePostureCamera(join(tmp, 'person.y4m'), 'upright', {
      fps: 5,
      width: 320,
      height: 240,
    });
    // The web app's origin is known before anything starts: the API allows it, the app is told the API's.
    const webPort = await freePort();
    const web = { origin: `http://127.0.0.1:${webPort}` };
    database = options.postgres ? await createPostgresDatabase('pv_ext') : undefined;
    const api = await startApi({
      WEB_ORIGIN: web.origin,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    started.push(api);
    let vision: RunningService | undefined;
    let visionStandIn: CountingServer | undefined;
    let visionUrl: string;
    if (options.vision === 'service') {
      vision = await startVision({ API_URL: api.url });
      started.push(vision);
      visionUrl = vision.url;
    } else if (options.vision === 'counting') {
      const standIn = await startCountingServer();
      visionStandIn = standIn;
      started.push({ stop: () => standIn.close() });
      visionUrl = standIn.url;
    } else {
      visionUrl = `http://127.0.0.1:${await freePort()}`;
    }
    const extensionDir = await buildExtension(join(tmp, 'extension'), {
      VITE_WEB_ORIGIN: web.origin,
      VITE_API_URL: api.url,
      VITE_VISION_URL: visionUrl,
      // Always set: the build reads process.env, which another file's build in this worker may have set.
      VITE_CALL_APPS: options.callApps ?? '',
    });
    const webOut = webBuild();
    // Beside the app's files it serves (the folder is the shared build: the next build empties it).
    if (options.zip) zipExtension(extensionDir, join(webOut, ZIP_NAME));
    // Served as users get it: the production server, given the API's and the vision service's addresses.
    started.push(
      await startWebServer(webOut, webPort, { VITE_API_URL: api.url, VITE_VISION_URL: visionUrl }),
    );
    const user = await createUser(api);
    const browser = await launchChromium({
      extension: extensionDir,
      ...(options.fakeCameras ? {} : { fakeVideo: camera.path }),
      userDataDir: options.userDataDir,
      display: options.display,
      extraArgs: [
        ...(options.fakeCameras
          ? [`--use-fake-device-for-media-stream=device-count=${options.fakeCameras}`]
          : []),
        ...(options.chromiumArgs ?? []),
      ],
    });
    started.push({ stop: () => browser.close() });
    const { popup } = await openPopup(browser);
    if (options.signIn) {
      await signInThroughWebApp(browser, web.origin, user);
      await waitForPopupText(popup, 'sign-in', [`Signed in as ${user.email}`], 30_000);
    }
    const stop = async () => {
      await Promise.all(started.map((s) => s.stop()));
      // Once the API has let go of it.
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    };
    return { web, api, vision, visionStandIn, extensionDir, camera, browser, database, user, popup, stop };
  } catch (error) {
    await Promise.allSettled(started.map((s) => s.stop()));
    await database?.drop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
