#!/usr/bin/env node
// The long fuzz run: the suite's property-based fuzz tests with a larger count and a chosen seed,
// at low CPU priority (nice 10) so it can run beside other work.
//   npm run fuzz -- [--runs 20000] [--seed <n>] [--minutes <m>] [--only api|vision]
// --minutes stops each fuzz test after that long (fast-check's time limit) and reports what it tried.
// api: every API route (packages/api/test/fuzz.test.ts); vision: both live socket kinds, their messages and
// their connections (packages/vision/test/hardening.test.ts, "fuzz"). A failure prints the seed and the
// request that broke the property; rerun with the same --seed to reproduce it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    only: { type: 'string' },
    minutes: { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const minutes = Number(values.minutes);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed) || !(minutes >= 0)) {
  console.error('usage: npm run fuzz -- [--runs <n>] [--seed <integer>] [--minutes <m>] [--only api|vision]');
  process.exit(2);
}

const targets = [
  { name: 'api', dir: 'packages/api', args: ['test/fuzz.test.ts'] },
  { name: 'vision', dir: 'packages/vision', args: ['test/hardening.test.ts', '-t', 'fuzz'] },
].filter((t) => !values.only || t.name === values.only);

let failed = false;
for (const target of targets) {
  console.log(
    `fuzz ${target.name}: ${runs} runs, seed ${seed}${minutes ? `, at most ${minutes} min a test` : ''}`,
  );
  const started = Date.now();
  const result = spawnSync('nice', ['-n', '10', 'npx', 'vitest', 'run', ...target.args], {
    cwd: fileURLToPath(new URL(`../${target.dir}`, import.meta.url)),
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_RUNS: String(runs),
      FUZZ_SEED: String(seed),
      FUZZ_TIME_LIMIT_S: String(Math.round(minutes * 60)),
    },
  });
  console.log(
    `fuzz ${target.name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
