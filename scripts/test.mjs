#!/usr/bin/env node
// `npm test`: lint and format check, package boundaries, type check, then the tests tier by tier (unit,
// integration, browser, accuracy: scripts/test-tiers.mjs), printing each tier's time and counts.
// `npm test -- api web` runs the tests of the named packages only; `npm test -- --tier unit` (or
// `--tier=browser,accuracy`) runs the named tiers only. Either skips the checks before the tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { failedTests, passedOutside, unfinishedFiles } from './test-report.mjs';
import { filesByTier, lanesOf, PACKAGES, TIERS, workerGroups } from './test-tiers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The packages and tiers asked for on the command line (all when none). */
export function parseArgs(argv) {
  const packages = [];
  const tiers = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--tier') tiers.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--tier=')) tiers.push(...arg.slice('--tier='.length).split(','));
    else if (!arg.startsWith('-')) packages.push(arg);
  }
  const unknown = [
    ...packages.filter((p) => !PACKAGES.includes(p)),
    ...tiers.filter((t) => !TIERS.includes(t)),
  ];
  return {
    packages: packages.length ? PACKAGES.filter((p) => packages.includes(p)) : PACKAGES,
    tiers: tiers.length ? TIERS.filter((t) => tiers.includes(t)) : TIERS,
    everything: packages.length === 0 && tiers.length === 0,
    unknown,
  };
}

/** Runs a command; its output goes straight through, or is kept and handed back when `quiet`. */
function run(cmd, args, { env = {}, quiet = false, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: process.platform === 'win32',
      env: { COREPACK_ENABLE_STRICT: '0', ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

const pnpm = (args, options) => {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], options);
};

/** The vitest command a package resolves to (its own dependency, else the workspace's). */
const vitestBin = (dir) =>
  join(dirname(createRequire(join(dir, 'package.json')).resolve('vitest/package.json')), 'vitest.mjs');

/** The packages whose browser files serve the web app's shared test build. */
const BUILD_SERVERS = ['web', 'extension'];

/**
 * The web app's build the browser tier serves (packages/web/server/build-once.ts buildShared), made or found once
 * before its lanes start: every file of the tier then serves this one (POSTURE_WEB_BUILD). Otherwise the first
 * files of both lanes would build it at once, and once the cluster's start test had packed the extension zip the
 * build copies (with its own ports), the next file would build it again and delete the build the other lane's files
 * were serving.
 */
async function sharedWebBuild() {
  const { status, output } = await run(
    process.execPath,
    ['--import', 'tsx', 'packages/web/server/build-once.ts', '--shared'],
    { quiet: true },
  );
  const folder = output.trim().split('\n').at(-1);
  if (status !== 0 || !folder) throw new Error(`the web app's build failed:\n${output}`);
  return folder;
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

async function main() {
  const { packages, tiers, everything, unknown } = parseArgs(process.argv.slice(2));
  if (unknown.length) {
    console.error(
      `unknown package or tier: ${unknown.join(', ')} (packages: ${PACKAGES.join(' ')}; tiers: ${TIERS.join(' ')})`,
    );
    process.exit(2);
  }
  bootstrap();
  const started = Date.now();
  const failures = [];
  /** Every failed test of the run, named in the summary's last lines. */
  const failedNames = [];
  const step = async (name, command) => {
    console.log(`\n=== ${name} ===`);
    const { status } = await command();
    if (status !== 0) failures.push(name);
  };

  if (everything) {
    const checksStarted = Date.now();
    await step('lint and format (biome)', () => pnpm(['exec', 'biome', 'check', '.']));
    await step('dependency boundaries', () => run(process.execPath, ['scripts/check-boundaries.mjs']));
    await step('tests: scripts', () =>
      // tsx: the start test signs up with testkit's account helpers (TypeScript).
      run(process.execPath, [
        '--import',
        'tsx',
        '--test',
        'scripts/test/check-boundaries.test.mjs',
        'scripts/test/readme-links.test.mjs',
        'scripts/test/start.test.mjs',
        'scripts/test/start-env.test.mjs',
        'scripts/test/test-report.test.mjs',
        'scripts/test/test-tiers.test.mjs',
      ]),
    );
    await step('type check', () => pnpm(['-r', '--if-present', 'run', 'typecheck']));
    console.log(`\nchecks: ${seconds(Date.now() - checksStarted)}`);
  }

  const reportDir = `${root}.artifacts/test-results`;
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });

  /** One package's files of one tier through its own vitest (its config: timeouts, setup files); `part` names
   * one of several runs of a package's files in a tier, with vitest's own `args`, and `lane` the lane it runs in
   * beside another (its header says so). */
  async function runFiles(tier, pkg, files, quiet, { part = '', args = [], lane = '' } = {}) {
    const name = `${tier}: ${pkg}${part ? ` (${part} workers${lane ? `, ${lane}` : ''})` : ''}`;
    const reportBase = `${reportDir}/${tier}-${pkg}${part ? `-${part}` : ''}`;
    const report = `${reportBase}.json`;
    const dir = join(root, 'packages', pkg);
    const abs = files.map((f) => join(dir, f));
    // The package's own vitest, started by Node in the package's folder with its binaries on the path, as
    // `pnpm exec` would: pnpm itself took about 3 s a run, a third of the unit tier.
    const vitest = (paths, out, options = args) =>
      run(process.execPath, [vitestBin(dir), 'run', ...options, ...paths], {
        cwd: dir,
        env: {
          POSTURE_TEST_REPORT: out,
          POSTURE_TEST_TIER: tier,
          PATH: [
            join(dir, 'node_modules', '.bin'),
            join(root, 'node_modules', '.bin'),
            process.env.PATH,
          ].join(delimiter),
        },
        quiet,
      });
    const first = await vitest(abs, report);
    const lines = [first.output];
    let counts;
    if (!existsSync(report)) {
      counts = { passed: 0, failed: Math.max(1, files.length) };
    } else {
      const r = JSON.parse(readFileSync(report, 'utf8'));
      const unfinished = first.status === 0 ? [] : unfinishedFiles(r, abs);
      if (unfinished.length) {
        // The test worker died under these files, or before them, with no test failed (test-report.mjs): they
        // run once more, each in a worker of its own, and their second run is what counts. Both runs stay in
        // the log.
        const died = `\n${name}: the test worker died before ${unfinished.join(', ')} ended; running them once more\n`;
        if (quiet) lines.push(died);
        else console.log(died);
        const again = `${reportBase}.again.json`;
        const rerun = await vitest(unfinished, again, []);
        lines.push(rerun.output);
        const a = existsSync(again) ? JSON.parse(readFileSync(again, 'utf8')) : null;
        if (a) failedNames.push(...failedTests(a, root));
        const ok = rerun.status === 0 && a !== null;
        // A second death, or a failure, counts every test of these files that did not pass as failed.
        const passedAgain = a?.numPassedTests ?? 0;
        const total = a?.numTotalTests ?? r.numTotalTests - passedOutside(r, unfinished);
        counts = {
          passed: passedOutside(r, unfinished) + passedAgain,
          failed: ok ? 0 : Math.max(1, total - passedAgain),
        };
      } else {
        failedNames.push(...failedTests(r, root));
        counts = {
          passed: r.numPassedTests,
          failed: first.status !== 0 && r.numFailedTests === 0 ? 1 : r.numFailedTests,
          skipped: r.numPendingTests + r.numTodoTests,
        };
      }
    }
    if (quiet) console.log(`\n=== tests: ${name} ===\n${lines.join('')}`);
    return { pkg, skipped: 0, ...counts };
  }

  /**
   * A package's files of a tier: those that replace nothing share their workers, the others get one each
   * (test-tiers.mjs NEEDS_OWN_WORKER); the package counts once. A package `beside` another lane's runs quietly
   * and one file at a time: the machine's two cores are the other lane's too.
   */
  async function runPackage(tier, { pkg, files }, { quiet = false, beside = false } = {}) {
    const { shared, own } = workerGroups(root, pkg, files);
    const one = beside ? ['--maxWorkers=1'] : [];
    const runs = [];
    for (const [part, group, args] of [
      ['shared', shared, ['--no-isolate', ...one]],
      ['own', own, one],
    ]) {
      if (!group.length) continue;
      if (!quiet && !beside) console.log(`\n=== tests: ${tier}: ${pkg} (${part} workers) ===`);
      runs.push(
        await runFiles(tier, pkg, group, quiet || beside, { part, args, lane: beside ? 'second lane' : '' }),
      );
    }
    const sum = (key) => runs.reduce((s, r) => s + (r[key] ?? 0), 0);
    return { pkg, passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') };
  }

  const results = [];
  for (const tier of tiers) {
    const tierStarted = Date.now();
    const jobs = packages
      .map((pkg) => ({ pkg, files: filesByTier(root, pkg).byTier[tier] }))
      .filter((j) => j.files.length > 0);
    const done = [];
    if (tier === 'unit') {
      // Unit tests start nothing: two packages at a time (this machine's cores), each one's output printed
      // whole when it ends.
      const queue = [...jobs];
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift())
          done.push(await runPackage(tier, job, { quiet: true }));
      };
      await Promise.all([worker(), worker()]);
    } else {
      // The other tiers start databases, services and browsers: their packages run in lanes side by side
      // (test-tiers.mjs LANES). The first lane's output goes straight through; each other lane's package runs one
      // file at a time and prints its output whole when it ends.
      const lanes = lanesOf(
        tier,
        jobs.map((j) => j.pkg),
      );
      const pinned = tier === 'browser' && jobs.some((j) => BUILD_SERVERS.includes(j.pkg));
      if (pinned) process.env.POSTURE_WEB_BUILD = await sharedWebBuild();
      await Promise.all(
        lanes.map(async (lane, i) => {
          for (const pkg of lane) {
            const job = jobs.find((j) => j.pkg === pkg);
            if (job) done.push(await runPackage(tier, job, { beside: i > 0 }));
          }
        }),
      );
      if (pinned) delete process.env.POSTURE_WEB_BUILD;
    }
    const ms = Date.now() - tierStarted;
    results.push({ tier, ms, packages: PACKAGES.flatMap((p) => done.filter((d) => d.pkg === p)) });
    console.log(`\n${tier}: ${seconds(ms)}`);
  }

  console.log('\n=== summary ===');
  for (const { tier, ms, packages: done } of results) {
    const passed = done.reduce((s, d) => s + d.passed, 0);
    const failed = done.reduce((s, d) => s + d.failed, 0);
    console.log(`${tier.padEnd(12)} ${seconds(ms).padStart(6)}  ${passed} passed, ${failed} failed`);
    for (const d of done)
      console.log(`  ${d.pkg.padEnd(10)} ${d.passed} passed, ${d.failed} failed, ${d.skipped} skipped`);
  }
  const all = results.flatMap((r) => r.packages);
  const passed = all.reduce((s, d) => s + d.passed, 0);
  const failed = all.reduce((s, d) => s + d.failed, 0);
  if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
  if (failedNames.length) console.log(`failed tests:\n${failedNames.map((n) => `  ${n}`).join('\n')}`);
  console.log(`time: ${seconds(Date.now() - started)}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failures.length || failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
