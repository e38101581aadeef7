#!/usr/bin/env node
// `npm test`: lint and format check, type check, then every package's tests (unit, integration, browser).
// `npm test -- api web` runs the tests of the named packages only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap.mjs';
import { pnpm } from './pnpm.mjs';
import { passedOutside, unfinishedFiles } from './test-report.mjs';

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
    'scripts/test/test-report.test.mjs',
  ]);
  step('type check', ['-r', '--if-present', 'run', 'typecheck']);
}

const reportDir = `${root}.artifacts/test-results`;
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const counts = [];
for (const name of packages) {
  const report = `${reportDir}/${name}.json`;
  const status = step(
    `tests: ${name}`,
    ['--filter', `@posture-vision/${name}`, '--if-present', 'run', 'test'],
    {
      POSTURE_TEST_REPORT: report,
    },
  );
  if (!existsSync(report)) continue;
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const unfinished = status === 0 ? [] : unfinishedFiles(r);
  if (unfinished.length) {
    // The test worker died under these files with no test failed (test-report.mjs): they run once more, alone,
    // and their second run is what counts. Both runs stay in the log.
    console.log(`\n${name}: the test worker died during ${unfinished.join(', ')}; running it once more`);
    const again = `${reportDir}/${name}.again.json`;
    const rerun = pnpm(['--filter', `@posture-vision/${name}`, 'exec', 'vitest', 'run', ...unfinished], {
      env: { POSTURE_TEST_REPORT: again },
    });
    const a = existsSync(again) ? JSON.parse(readFileSync(again, 'utf8')) : null;
    const ok = rerun === 0 && a !== null;
    if (ok) failures.splice(failures.indexOf(`tests: ${name}`), 1);
    // A second death, or a failure, counts every test of these files that did not pass as failed.
    const passedAgain = a?.numPassedTests ?? 0;
    const total = a?.numTotalTests ?? r.numTotalTests - passedOutside(r, unfinished);
    counts.push({
      name,
      passed: passedOutside(r, unfinished) + passedAgain,
      failed: ok ? 0 : Math.max(1, total - passedAgain),
      skipped: 0,
    });
    continue;
  }
  counts.push({
    name,
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  });
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
