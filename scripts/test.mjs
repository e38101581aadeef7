#!/usr/bin/env node
// `npm test`: lint and format check, type check, then every package's tests (unit, integration, browser).
// `npm test -- api web` runs the tests of the named packages only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap.mjs';
import { pnpm } from './pnpm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ORDER = ['core', 'detector', 'ui', 'api', 'vision', 'cluster', 'web', 'extension'];
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const packages = only.length ? ORDER.filter((p) => only.includes(p)) : ORDER;

bootstrap();

const started = Date.now();
const failures = [];
function step(name, args, env) {
  console.log(`\n=== ${name} ===`);
  const status = pnpm(args, { env });
  if (status !== 0) failures.push(name);
  return status;
}

/** A step run by Node itself (the repository's own scripts and their tests). */
function nodeStep(name, args) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) failures.push(name);
}

if (!only.length) {
  step('lint and format (biome)', ['exec', 'biome', 'check', '.']);
  nodeStep('dependency boundaries', ['scripts/check-boundaries.mjs']);
  nodeStep('tests: scripts', [
    '--test',
    'scripts/test/check-boundaries.test.mjs',
    'scripts/test/readme-links.test.mjs',
    'scripts/test/start.test.mjs',
  ]);
  step('type check', ['-r', '--if-present', 'run', 'typecheck']);
}

const reportDir = `${root}.artifacts/test-results`;
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const counts = [];
for (const name of packages) {
  const report = `${reportDir}/${name}.json`;
  step(`tests: ${name}`, ['--filter', `@posture-vision/${name}`, '--if-present', 'run', 'test'], {
    POSTURE_TEST_REPORT: report,
  });
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    counts.push({
      name,
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
    });
  }
}

console.log('\n=== summary ===');
for (const c of counts)
  console.log(`${c.name.padEnd(10)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
const passed = counts.reduce((s, c) => s + c.passed, 0);
const failed = counts.reduce((s, c) => s + c.failed, 0);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`time: ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
