// The test tiers: every test file of every package is in exactly one tier, and the command line picks
// packages and tiers as the README says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../test.mjs';
import {
  filesByTier,
  globToRegExp,
  LANES,
  lanesOf,
  NEEDS_OWN_WORKER,
  PACKAGES,
  TIERS,
  tierOf,
  workerGroups,
} from '../test-tiers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('every test file of every package is in a tier', () => {
  const unnamed = PACKAGES.flatMap((pkg) => filesByTier(root, pkg).unnamed.map((f) => `${pkg}/${f}`));
  assert.deepEqual(unnamed, []);
  const counted = PACKAGES.flatMap((pkg) => Object.values(filesByTier(root, pkg).byTier).flat());
  assert.ok(counted.length > 100, `only ${counted.length} test files found`);
  // React components' tests (.test.tsx) are test files too.
  assert.ok(filesByTier(root, 'ui').byTier.unit.includes('test/components.test.tsx'));
});

test('browser tests are in the browser tier and pure rules in the unit tier', () => {
  assert.equal(tierOf('web', 'test/live/live.browser.test.ts'), 'browser');
  assert.equal(tierOf('web', 'test/public/keyboard.test.ts'), 'browser');
  assert.equal(tierOf('web', 'test/live/session-rules.test.ts'), 'unit');
  assert.equal(tierOf('core', 'test/live/link.integration.test.ts'), 'integration');
  assert.equal(tierOf('core', 'src/texts/plural.test.ts'), 'unit');
  assert.equal(tierOf('detector', 'test/live-accuracy.test.ts'), 'accuracy');
  assert.equal(tierOf('api', 'test/sessions.test.ts'), 'integration');
  assert.equal(tierOf('extension', 'test/anything-new.test.ts'), null);
});

test('globs: * stays in a folder, ** crosses folders or none', () => {
  assert.ok(globToRegExp('src/*.test.ts').test('src/a.test.ts'));
  assert.ok(!globToRegExp('src/*.test.ts').test('src/x/a.test.ts'));
  assert.ok(globToRegExp('src/**/*.test.ts').test('src/a.test.ts'));
  assert.ok(globToRegExp('src/**/*.test.ts').test('src/x/y/a.test.ts'));
  assert.ok(!globToRegExp('src/**/*.test.ts').test('test/a.test.ts'));
  assert.ok(!globToRegExp('test/a.test.ts').test('test/aXtest.ts'));
});

test('the command line picks packages and tiers; anything else is named as unknown', () => {
  assert.deepEqual(parseArgs([]), { packages: PACKAGES, tiers: TIERS, everything: true, unknown: [] });
  const some = parseArgs(['web', 'api', '--tier', 'browser,unit']);
  assert.deepEqual(some.packages, ['api', 'web']);
  assert.deepEqual(some.tiers, ['unit', 'browser']);
  assert.equal(some.everything, false);
  assert.deepEqual(parseArgs(['--tier=accuracy']).tiers, ['accuracy']);
  assert.deepEqual(parseArgs(['webb', '--tier', 'fast']).unknown, ['webb', 'fast']);
});

test('test files that replace a module, a method or the clock, load the models or open WebRTC peers in-process get workers of their own; the rest share', () => {
  const { shared, own } = workerGroups(root, 'core', [
    'test/sessions/live-loop.test.ts',
    'test/api/client.test.ts',
    'test/live/rules.test.ts',
  ]);
  assert.deepEqual(own, ['test/sessions/live-loop.test.ts', 'test/api/client.test.ts']);
  assert.deepEqual(shared, ['test/live/rules.test.ts']);
  assert.ok(NEEDS_OWN_WORKER.test('vi.useFakeTimers();'));
  assert.ok(!NEEDS_OWN_WORKER.test('vi.fn(actual)'));
  assert.ok(NEEDS_OWN_WORKER.test("import wrtc from '@roamhq/wrtc';"));
  assert.deepEqual(workerGroups(root, 'detector', ['test/gate.test.ts']).own, ['test/gate.test.ts']);
});

test('the tiers that start servers run every package once, in lanes side by side; the unit tier has none', () => {
  for (const tier of TIERS.filter((t) => t !== 'unit')) {
    assert.ok(LANES[tier].length > 1, `${tier} has one lane`);
    assert.deepEqual(lanesOf(tier, PACKAGES).flat().sort(), [...PACKAGES].sort());
  }
  assert.deepEqual(lanesOf('browser', ['extension', 'web', 'cluster']), [['web', 'cluster'], ['extension']]);
  // Only the packages asked for, and no empty lane.
  assert.deepEqual(lanesOf('browser', ['extension']), [['extension']]);
  // A package the lanes do not name runs in the last lane.
  assert.deepEqual(lanesOf('integration', ['ui', 'vision', 'api'], { integration: [['vision'], ['api']] }), [
    ['vision'],
    ['api', 'ui'],
  ]);
  assert.deepEqual(lanesOf('unit', ['web', 'core']), [['core', 'web']]);
});
