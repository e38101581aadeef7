// `npm start` as a new user runs it: the API, the vision service and the web app come up on
// the ports asked for, each finding the others there and not on the default ports (where another stack may run:
// while the test runs, listeners on 8000 and 8001 stand for it and must hear nothing), and Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops all three
// quietly — exit status 0, "Posture Vision stopped.", and none of pnpm's ERR_PNPM … SIGTERM lines that read as a
// crash — leaving nothing listening.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lastMailIn, registration, TEST_PASSWORD } from '../../packages/testkit/src/accounts.ts';

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

/**
 * Listens on a default port while it is free, as another stack would, and keeps what asked there; null when
 * something listens there already (then that is the other stack, and the moved one's answers show whom it asked).
 */
function otherStack(port) {
  const heard = [];
  const server = createHttpServer((request, response) => {
    heard.push(`${request.method} ${request.url}`);
    response.writeHead(503).end();
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () =>
      resolve({ heard, close: () => new Promise((done) => server.close(done)) }),
    );
  });
}

const json = async (url, { token, body } = {}) => {
  const response = await fetch(url, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  return { status: response.status, body: await response.json().catch(() => null) };
};

/** A new account through the moved API: registered (the sign-up form testkit's registration fills), its mailed link
 * followed from the outbox (no SMTP server is configured here), signed in; its access token. */
async function signUp(api, dataDir) {
  const email = `start.${Date.now()}@example.com`;
  const registered = await json(`http://127.0.0.1:${api}/auth/register`, { body: registration(email) });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const mail = lastMailIn([join(dataDir, 'outbox')], email);
  const link = mail?.links?.[0];
  assert.ok(link, 'the verification mail with its link');
  assert.equal(new URL(link).port, String(api), `the mailed link goes to the moved API: ${link}`);
  assert.equal((await fetch(link, { redirect: 'manual' })).status, 302);
  const login = await json(`http://127.0.0.1:${api}/auth/login`, {
    body: { email, password: TEST_PASSWORD },
  });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.accessToken;
}

test('npm start serves the three parts, and Ctrl-C stops them quietly', { timeout: 600_000 }, async () => {
  const [api, vision, web] = await freePorts();
  const others = (await Promise.all([otherStack(8000), otherStack(8001)])).filter(Boolean);
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
    const token = await signUp(api, dataDir);
    // The API asks its own vision service, at the moved port.
    const connection = await json(`http://127.0.0.1:${api}/calibration/ml/test-connection`, { token });
    assert.equal(connection.status, 200, JSON.stringify(connection.body));
    assert.deepEqual(connection.body.data, { connected: true, url: `http://localhost:${vision}` });
    // The vision service checks the token against its own API's keys: taken (the calibration answers that no
    // camera is connected), where a token it cannot check is refused.
    const calibrate = (t) =>
      json(`http://127.0.0.1:${vision}/model/realtime/calibrate/startpeer`, { token: t });
    const taken = await calibrate(token);
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal((await calibrate(`${token.slice(0, -4)}AAAA`)).status, 401);
    for (const other of others) assert.deepEqual(other.heard, [], 'nothing asked on a default port');
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
    await Promise.all(others.map((other) => other.close()));
  }
});
