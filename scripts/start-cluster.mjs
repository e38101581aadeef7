#!/usr/bin/env node
// `npm run start:cluster`: installs what is missing, prepares the build outputs the servers serve, then runs
// packages/cluster (N API + M vision instances on PostgreSQL and Redis behind HAProxy, and the web app).
import { bootstrap } from './bootstrap.mjs';
import { pnpm } from './pnpm.mjs';

bootstrap();
if (pnpm(['-r', '--if-present', 'run', 'prepare-start']) !== 0) process.exit(1);
process.exit(pnpm(['--filter', '@posture-vision/cluster', 'run', 'start']));
