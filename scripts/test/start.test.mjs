// `npm start` as a new user runs it: the API, the vision service and the web app come up on
// the ports asked for, and Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops all three
// quietly — exit status 0, "Posture Vision stopped.", and none of pnpm's ERR_PNPM … SIGTERM lines that read as a
// crash — leaving nothing listening.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

const portIsFree = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Three consecutive free ports (API, vision, web). */
async function freePorts() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = [base, base + 1, base + 2];
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return ports;
  }
  throw new Error('no run of 3 free ports');
}

/** Resolves once `check` holds, asking again at every output of the command and on a slow timer between. */
function until(check, what, timeoutMs, output) {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`timed out waiting for ${what}; the command printed:\n${output().slice(-3000)}`));
    }, timeoutMs);
    const timer = setInterval(async () => {
      if (await check().catch(() => false)) {
        clearInterval(timer);
        clearTimeout(deadline);
        resolve();
      }
    }, 250);
  });
}

const answers = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

test('npm start serves the three parts, and Ctrl-C stops them quietly', { timeout: 600_000 }, async () => {
  const [api, vision, web] = await freePorts();
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-start-test-'));
  let output = '';
  const child = spawn(process.execPath, [join(repo, 'scripts', 'start.mjs')], {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      API_PORT: String(api),
      VISION_PORT: String(vision),
      WEB_PORT: String(web),
      DATA_DIR: dataDir,
      VISION_WORKERS: '1',
    },
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await until(
      async () =>
        (await answers(`http://127.0.0.1:${api}/health/live`)) &&
        (await answers(`http://127.0.0.1:${vision}/health/live`)) &&
        (await answers(`http://localhost:${web}/`)),
      'the API, the vision service and the web app to answer',
      480_000,
      () => output,
    );
    process.kill(-child.pid, 'SIGINT');
    assert.deepEqual(await exited, { code: 0, signal: null });
    assert.match(output, /Posture Vision stopped\./);
    assert.doesNotMatch(output, /ERR_PNPM|ELIFECYCLE|exited with [1-9]/);
    for (const port of [api, vision, web])
      assert.equal(await portIsFree(port), true, `port ${port} still taken`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
