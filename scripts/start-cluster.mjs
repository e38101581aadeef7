#!/usr/bin/env node
// `npm run start:cluster`: installs what is missing, prepares the build outputs the servers serve (the
// extension zip, then the web app's production build for the balancer's fronts, in DATA_DIR/web, made again
// only when its inputs changed), then runs packages/cluster (N API + M vision instances on PostgreSQL and Redis
// behind HAProxy, and the web app's production server behind it too).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap.mjs';
import { pnpm } from './pnpm.mjs';

bootstrap();
const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
// The instances run in packages/cluster: a relative DATA_DIR means one under the directory the command ran in.
if (env.DATA_DIR) env.DATA_DIR = resolve(env.DATA_DIR);
// The web app and the extension call the API and the vision service through the balancer's fronts.
if (env.API_PORT && !env.VITE_API_URL) env.VITE_API_URL = `http://localhost:${env.API_PORT}`;
if (env.VISION_PORT && !env.VITE_VISION_URL) env.VITE_VISION_URL = `http://localhost:${env.VISION_PORT}`;
if (pnpm(['-r', '--if-present', 'run', 'prepare-start'], { env }) !== 0) process.exit(1);
const webDist = join(env.DATA_DIR ?? join(root, 'data', 'cluster'), 'web');
if (pnpm(['--filter', '@posture-vision/web', 'run', 'build:once', webDist], { env }) !== 0) process.exit(1);
// Ctrl-C reaches the whole foreground process group: the cluster process stops its instances (vision drains
// first) and exits; this one waits for it and exits with its status instead of dying on the signal itself.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
const cluster = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: fileURLToPath(new URL('../packages/cluster/', import.meta.url)),
  env,
  stdio: 'inherit',
});
process.exit(cluster.status ?? 1);
