#!/usr/bin/env node
// `npm start`: installs what is missing, prepares build outputs the servers serve (the extension zip, then the
// web app's production build, made again only when its inputs changed), then runs the API, the vision service
// and the web app's production server together until Ctrl-C.
// `npm run dev` (`--dev`): the same, but the web app from Vite's development server with hot reload.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap.mjs';
import { pnpm, pnpmCommand } from './pnpm.mjs';
import { startEnv } from './start-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
bootstrap();

const dev = process.argv.includes('--dev');
const started = Date.now();
// Ports moved from the defaults: every part is told where the others listen (start-env.mjs).
const env = startEnv({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${root}data` });
if (pnpm(['-r', '--if-present', 'run', 'prepare-start'], { env }) !== 0) process.exit(1);
// After the extension's zip (prepare-start writes it into the web app's public/, which the build copies).
if (!dev && pnpm(['--filter', '@posture-vision/web', 'run', 'build:once'], { env }) !== 0) process.exit(1);

const services = [
  { name: 'api', url: `http://localhost:${env.API_PORT ?? 8000}` },
  { name: 'vision', url: `http://localhost:${env.VISION_PORT ?? 8001}` },
  { name: 'web', url: `http://localhost:${env.WEB_PORT ?? 5173}` },
].filter(({ name }) => {
  const manifest = `${root}packages/${name}/package.json`;
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.start;
});

const [cmd, ...pre] = pnpmCommand();
let exitCode = 0;
const children = services.map(({ name }) => {
  const script = dev && name === 'web' ? 'dev' : 'start';
  const child = spawn(cmd, [...pre, '--filter', `@posture-vision/${name}`, 'run', script], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      // Once we stop the services, what they print about being stopped (pnpm's
      // ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL … SIGTERM) is noise, not a crash: keep it off the terminal.
      if (stopping) return;
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code) => {
    if (stopping) return;
    console.log(`[${name}] exited with ${code}`);
    stop(code ?? 1);
  });
  return child;
});

console.log(
  `\nPosture Vision is starting (${dev ? 'web app from the development server' : 'production build'}; prepared in ${((Date.now() - started) / 1000).toFixed(1)} s):`,
);
for (const s of services) console.log(`  ${s.name.padEnd(7)} ${s.url}`);
console.log('Press Ctrl-C to stop everything.\n');

let stopping = false;
/** Whether anything of a service is still running: pnpm exits on SIGTERM before the server it started has
 * closed its port, so we wait for the service's whole process group, not for pnpm. */
const groupAlive = (child) => {
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
};
function finish() {
  if (exitCode === 0) console.log('Posture Vision stopped.');
  process.exit(exitCode);
}
// A service gets this long to close after SIGTERM (the vision service drains its live streams first);
// then its process group is killed, so nothing is left holding a port either way.
const STOP_GRACE_MS = 10_000;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (code === 0) console.log('\nStopping Posture Vision…');
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
  const deadline = Date.now() + STOP_GRACE_MS;
  const poll = setInterval(() => {
    const left = children.filter(groupAlive);
    if (left.length > 0 && Date.now() < deadline) return;
    for (const child of left) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    clearInterval(poll);
    finish();
  }, 100);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
// The services run in their own process groups; if whoever started us goes away without a signal
// reaching us (npm killed, terminal closed), take them down too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopping) stop(0);
}, 1000).unref();
