#!/usr/bin/env node
// Runs the workspace's pinned pnpm, whether or not pnpm is installed on this machine.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PNPM_VERSION = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).packageManager.split('@')[1];

function installedPnpmVersion() {
  const r = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The command and leading arguments that run the pinned pnpm. */
export function pnpmCommand() {
  if (installedPnpmVersion() === PNPM_VERSION) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

/** Runs pnpm with the given arguments in the workspace root; returns the exit status. */
export function pnpm(args, options = {}) {
  const [cmd, ...pre] = pnpmCommand();
  const r = spawnSync(cmd, [...pre, ...args], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    ...options,
    env: { COREPACK_ENABLE_STRICT: '0', ...process.env, ...options.env },
  });
  return r.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
