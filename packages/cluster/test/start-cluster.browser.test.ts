// The README's cluster command as a new user runs it: `npm run start:cluster` starts
// 2 API and 2 vision instances on PostgreSQL and Redis behind HAProxy, and the web app pointed at the balancer.
// A new user registers, signs in on the web app's Sign In page and runs a real-time session in Chromium (the fake
// camera plays a real person) through it; then Ctrl-C stops everything. The command runs as its own process,
// exactly as the README says, on ports this test picks.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastMailIn, registration, seedCalibration, TEST_PASSWORD } from '@posture-vision/testkit/accounts';
import { launchChromium, saveScreenshot } from '@posture-vision/testkit/chromium';
import { personPhotoDataUrl, writePersonClip } from '@posture-vision/testkit/media';
import { createPostgresDatabase, type TestDatabase } from '@posture-vision/testkit/postgres';
import { ensureRedis, REDIS_URL, repoRoot } from '@posture-vision/testkit/services';
import { waitUntil } from '@posture-vision/testkit/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SUITE = 'cluster-web';
let database: TestDatabase;

/** Ports the command takes: the API and vision fronts, the stats page, the web app, and two instances of each
 * server on consecutive ports from a base (the command's CLUSTER_*_PORT_BASE). */
interface Ports {
  api: number;
  vision: number;
  stats: number;
  web: number;
  apiBase: number;
  visionBase: number;
  webBase: number;
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Ten consecutive free ports in the dynamic range (the command needs runs of two for each server kind). */
async function freePorts(): Promise<Ports> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const run = Array.from({ length: 10 }, (_, i) => base + i);
    if ((await Promise.all(run.map(portIsFree))).every(Boolean))
      return {
        api: base,
        vision: base + 1,
        stats: base + 2,
        web: base + 3,
        apiBase: base + 4,
        visionBase: base + 6,
        webBase: base + 8,
      };
  }
  throw new Error('no run of 10 free ports');
}

let ports: Ports;
let dataDir: string;
let command: ChildProcess;
let output = '';
let exited: Promise<number | null>;

const webUrl = () => `http://localhost:${ports.web}`;
const apiUrl = () => `http://localhost:${ports.api}`;

/** Resolves when the command's output contains the text (it prints its addresses once everything is up). */
function printed(text: string | RegExp, timeoutMs: number): Promise<void> {
  return waitUntil(
    () => {
      if (command.exitCode !== null)
        throw new Error(`the cluster command exited (${command.exitCode}):\n${output.slice(-3000)}`);
      return typeof text === 'string' ? output.includes(text) : text.test(output);
    },
    `the cluster command to print ${text}`,
    timeoutMs,
  ).catch((error) => {
    throw new Error(`${(error as Error).message}; it printed:\n${output.slice(-3000)}`);
  });
}

beforeAll(async () => {
  await ensureRedis();
  database = await createPostgresDatabase('pv_cluster_web');
  ports = await freePorts();
  dataDir = mkdtempSync(join(tmpdir(), 'pv-cluster-web-'));
  command = spawn(process.execPath, [join(repoRoot, 'scripts', 'start-cluster.mjs')], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL,
      DATA_DIR: dataDir,
      API_PORT: String(ports.api),
      VISION_PORT: String(ports.vision),
      WEB_PORT: String(ports.web),
      CLUSTER_STATS_PORT: String(ports.stats),
      CLUSTER_API_PORT_BASE: String(ports.apiBase),
      CLUSTER_VISION_PORT_BASE: String(ports.visionBase),
      CLUSTER_WEB_PORT_BASE: String(ports.webBase),
      // Cheap password hashing for tests (production cost in the API's config.ts).
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      // One inference worker per vision instance: two instances share this machine's two cores.
      VISION_WORKERS: '1',
    },
  });
  command.stdout?.on('data', (d) => (output += d));
  command.stderr?.on('data', (d) => (output += d));
  exited = new Promise((resolve) => command.once('exit', resolve));
  await printed('Press Ctrl-C to stop everything.', 300_000);
  // The web app through the balancer, once HAProxy has found its server up.
  await waitUntil(
    async () => {
      try {
        return (await fetch(webUrl())).ok;
      } catch {
        return false;
      }
    },
    `the web app at ${webUrl()}`,
    120_000,
  );
}, 480_000);

afterAll(async () => {
  if (command?.pid && command.exitCode === null) {
    try {
      process.kill(-command.pid, 'SIGKILL');
    } catch {}
  }
  await database?.drop().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run start:cluster', () => {
  it('a new user signs in on the web app and runs a real-time session through the balancer', async () => {
    // Register through the balancer; the mail is in the outbox of whichever API instance took it.
    const email = `cluster.web.${randomBytes(4).toString('hex')}@example.com`;
    const registered = await fetch(`${apiUrl()}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration(email)),
    });
    expect(registered.status).toBe(201);
    const outboxes = ['api1', 'api2'].map((name) => join(dataDir, name, 'outbox'));
    const mail = lastMailIn(outboxes, email);
    expect((await fetch(mail?.links[0] as string, { redirect: 'manual' })).status).toBe(302);

    const workDir = mkdtempSync(join(tmpdir(), 'pv-cluster-web-clip-'));
    const clip = writePersonClip(join(workDir, 'person.y4m'), [{ posture: 'upright', seconds: 20 }]);
    const browser = await launchChromium({ fakeVideo: clip });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 1000 });
      // Which API instance answered each of the page's calls (HAProxy names it in X-Served-By).
      const servedBy = new Set<string>();
      let feedbackStored = 0;
      page.on('response', (response) => {
        const url = response.url();
        if (!url.startsWith(apiUrl())) return;
        const by = response.headers()['x-served-by'];
        if (by) servedBy.add(by);
        if (/\/sessions\/[^/]+\/feedback$/.test(url) && response.status() === 201) feedbackStored++;
      });

      await page.goto(`${webUrl()}/login`);
      await page.locator('main input[name="email"]').fill(email);
      await page.locator('main input[name="password"]').fill(TEST_PASSWORD);
      await page.locator('::-p-text(Sign in)').click();
      await page
        .waitForFunction(() => location.pathname.startsWith('/dashboard'), { timeout: 60_000 })
        .catch(async (error) => {
          await saveScreenshot(page, SUITE, 'failed-sign-in');
          const seen = await page.evaluate(
            () => `${location.pathname}: ${(document.body.textContent ?? '').slice(0, 500)}`,
          );
          throw new Error(`signing in did not reach the dashboard; the page shows ${seen}`, { cause: error });
        });

      // A session cannot start without a calibration; the wizard's photos are the calibration tests' subject.
      const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
      expect((await seedCalibration(apiUrl(), token, personPhotoDataUrl('woman'))).status).toBe(201);

      await page.goto(`${webUrl()}/dashboard/real-time-session`);
      await page.waitForSelector('[data-testid="real-time-session"]');
      await page.locator('::-p-text(Start Session)').click();
      await page.waitForSelector('[data-testid="real-time-session"][data-phase="running"]', {
        timeout: 60_000,
      });
      // Detection frames from a vision instance behind the balancer reach the page: nothing of hers to judge them
      // against yet (a calibration stored without a live reference).
      await page.waitForFunction(
        () =>
          /Posture: not calibrated/i.test(
            document.querySelector('[data-testid="posture-status"]')?.textContent ?? '',
          ),
        { timeout: 180_000, polling: 200 },
      );
      // She sits still a moment (the reference is the last steady second of frames), then calibrates through the
      // balancer to the vision instance that holds her peer; from then on the page judges her posture.
      await page.waitForFunction(
        () =>
          Number(
            document.querySelector('[data-testid="live-overlay"]')?.getAttribute('data-detection-frames'),
          ) >= 30,
        { timeout: 60_000, polling: 200 },
      );
      await page.locator('::-p-text(Calibrate Posture)').click();
      await page.waitForFunction(
        () =>
          /Posture: (good|poor)/.test(
            document.querySelector('[data-testid="posture-status"]')?.textContent ?? '',
          ),
        { timeout: 180_000, polling: 200 },
      );
      await waitUntil(() => feedbackStored > 0, 'posture feedback stored through the balancer');
      await saveScreenshot(page, SUITE, 'session-through-cluster');
      // The calibration's success pop-up closes itself (after 3 s) before the Stop button under it is clicked.
      await page.waitForSelector('.live-popup', { hidden: true, timeout: 15_000 });
      await page.locator('::-p-text(Stop Session)').click();
      await page.waitForSelector('[data-testid="session-report-summary"]', { timeout: 60_000 });

      // The session and its feedback are in PostgreSQL, readable through either instance.
      const history = await fetch(`${apiUrl()}/sessions/history?limit=5`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const sessions = ((await history.json()) as { data: { id: string }[] }).data;
      expect(sessions).toHaveLength(1);
      const report = await fetch(`${apiUrl()}/sessions/${sessions[0]?.id}/report`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(
        ((await report.json()) as { data: { timeline: unknown[] } }).data.timeline.length,
      ).toBeGreaterThan(0);
      // The balancer spread the page's calls over both API instances.
      expect(servedBy.size).toBe(2);
    } finally {
      await browser.close();
      rmSync(workDir, { recursive: true, force: true });
    }
  }, 420_000);

  it('Ctrl-C stops every instance, the balancer and the web app, quietly', async () => {
    process.kill(-(command.pid as number), 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/ERR_PNPM|exited with [1-9]/);
    // Nothing listens on the command's ports any more.
    for (const port of [
      ports.api,
      ports.vision,
      ports.web,
      ports.apiBase,
      ports.apiBase + 1,
      ports.visionBase,
      ports.webBase,
    ])
      expect(await portIsFree(port)).toBe(true);
  }, 120_000);
});
