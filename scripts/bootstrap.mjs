// Installs the workspace's dependencies when they are missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function bootstrap() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Posture Vision needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
  const marker = `${root}node_modules/.modules.yaml`;
  const lock = `${root}pnpm-lock.yaml`;
  const fresh = existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('Installing dependencies (pnpm install)...');
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  const status = pnpm(['install', ...frozen], {
    env: { PUPPETEER_SKIP_DOWNLOAD: '1', PUPPETEER_SKIP_CHROME_DOWNLOAD: '1' },
  });
  if (status !== 0) process.exit(status);
}
