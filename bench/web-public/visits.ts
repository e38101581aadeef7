// What a visitor's browser downloads from `npm start`: a first visit to the landing page (empty cache) and a
// repeat visit in a new tab of the same browser, counted by Chromium's network events (requests, bytes over
// the wire including headers, and which responses came from the cache). Nothing on the page is clicked: this
// is the page before the live tool is used. Run from the repository root (a minute or two, most of it the
// servers' start):
//   node --import tsx bench/web-public/visits.ts
// It runs `npm start` itself (scripts/start.mjs) on the default ports 8000, 8001 and 5173, which must be free,
// with a fresh data directory, so the figures are those of a visitor of a just-started install.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession } from 'puppeteer-core';
import { launchChromium } from '../../packages/testkit/src/chromium.ts';
import { listening, repoRoot } from '../../packages/testkit/src/services.ts';

const WEB = 'http://localhost:5173';
const PORTS = [8000, 8001, 5173];
for (const port of PORTS)
  if (await listening(port)) throw new Error(`port ${port} is taken: stop what runs there first`);

const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-visits-'));
let output = '';
const started = Date.now();
const start = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
  cwd: repoRoot,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, DATA_DIR: dataDir, VISION_WORKERS: '1' },
});
start.stdout.on('data', (d) => (output += d));
start.stderr.on('data', (d) => (output += d));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

interface Visit {
  requests: number;
  fromNetwork: number;
  fromCache: number;
  bytes: number;
  /** Same-origin responses (the web app's own files) that came over the network, with their sizes. */
  webFiles: { url: string; bytes: number; cached: boolean }[];
}

/** Opens the landing page in a new tab and counts what it loads until the network is quiet for 2 s. */
async function visit(browser: Browser): Promise<Visit> {
  const page = await browser.newPage();
  const cdp: CDPSession = await page.createCDPSession();
  await cdp.send('Network.enable');
  const seen = new Map<string, { url: string; cached: boolean; bytes: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.startsWith('data:'))
      seen.set(e.requestId, { url: e.request.url, cached: false, bytes: 0 });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = seen.get(e.requestId);
    if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache)) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(`${WEB}/`, { waitUntil: 'load', timeout: 300_000 });
  await page.waitForNetworkIdle({ idleTime: 2000, timeout: 300_000 });
  await page.close();
  const all = [...seen.values()];
  return {
    requests: all.length,
    fromNetwork: all.filter((r) => !r.cached).length,
    fromCache: all.filter((r) => r.cached).length,
    bytes: all.reduce((sum, r) => sum + (r.cached ? 0 : r.bytes), 0),
    webFiles: all.filter((r) => r.url.startsWith(WEB)),
  };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
try {
  const deadline = Date.now() + 600_000;
  while (!(await answers(`${WEB}/`)) || !(await answers('http://127.0.0.1:8000/health/live'))) {
    if (start.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const upSeconds = (Date.now() - started) / 1000;
  const browser = await launchChromium();
  try {
    const first = await visit(browser);
    const repeat = await visit(browser);
    console.log(
      `Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}; ${new Date().toISOString().slice(0, 10)}`,
    );
    console.log(`npm start answered on ${WEB} after ${upSeconds.toFixed(1)} s`);
    // What npm start said about its preparation (the web build, made or reused; the extension zip).
    for (const line of output.split('\n').filter((l) => /web app (built|unchanged)|prepared in/.test(l)))
      console.log(`  npm start: ${line.trim()}`);
    for (const [name, v] of [
      ['first visit', first],
      ['repeat visit', repeat],
    ] as const) {
      console.log(
        `${name}: ${v.requests} requests (${v.fromNetwork} over the network, ${v.fromCache} from the cache), ${kb(v.bytes)} transferred`,
      );
    }
    const uncached = repeat.webFiles.filter((f) => /\/assets\//.test(f.url) && !f.cached);
    console.log(
      `repeat visit: ${repeat.webFiles.filter((f) => f.cached).length} of the web app's ${repeat.webFiles.length} files from the cache; hashed assets fetched again: ${uncached.length ? uncached.map((f) => f.url).join(', ') : 'none'}`,
    );
    if (process.env.VISITS_LIST)
      for (const f of first.webFiles) console.log(`  ${String(f.bytes).padStart(9)}  ${f.url}`);
  } finally {
    await browser.close();
  }
} finally {
  try {
    process.kill(-(start.pid as number), 'SIGINT');
  } catch {}
  await new Promise((r) => start.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
