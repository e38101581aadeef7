#!/usr/bin/env node
// `npm run start:cluster`: installs what is missing, prepares the build outputs the servers serve, then runs
// packages/cluster (N API + M vision instances on PostgreSQL and Redis behind HAProxy, and the web app).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap.mjs';
import { pnpm } from './pnpm.mjs';

bootstrap();
if (pnpm(['-r', '--if-present', 'run', 'prepare-start']) !== 0) process.exit(1);
// Ctrl-C reaches the whole foreground process group: the cluster process stops its instances (vision drains
// first) and exits; this one waits for it and exits with its status instead of dying on the signal itself.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
const cluster = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: fileURLToPath(new URL('../packages/cluster/', import.meta.url)),
  stdio: 'inherit',
});
process.exit(cluster.status ?? 1);
