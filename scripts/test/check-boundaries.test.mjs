// The boundary check fails on each kind of forbidden import (over a fixture workspace) and passes on the repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findViolations } from '../check-boundaries.mjs';

const script = fileURLToPath(new URL('../check-boundaries.mjs', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/boundaries', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));

test('finds every forbidden import in the fixture, and nothing else', () => {
  const { violations, stale } = findViolations(fixture, []);
  const found = violations.map((v) => `${v.file} ${v.specifier}`).sort();
  assert.deepEqual(found, [
    'packages/api/src/uses-testkit.ts @posture-vision/testkit/services',
    'packages/api/src/uses-vision.ts @posture-vision/vision/photo',
    'packages/core/src/domain/live/uses-client.ts ../../clients/live/link',
    'packages/core/src/uses-app.ts @posture-vision/web/app',
    'packages/extension/src/relative-import.ts ../../web/src/protocol',
    'packages/vision/src/lazy-import.ts @posture-vision/api/server',
    'packages/web/src/uses-extension.ts @posture-vision/extension/bridge',
  ]);
  assert.deepEqual(stale, []);
  const relativeImport = violations.find((v) => v.file.startsWith('packages/extension'));
  assert.match(relativeImport?.rule ?? '', /relative path \(use @posture-vision\/web\)/);
  const upward = violations.find((v) => v.file.startsWith('packages/core/src/domain'));
  assert.match(upward?.rule ?? '', /core's domain layer must not import its clients layer/);
});

test('the command fails on the fixture and names the import', () => {
  const run = spawnSync(process.execPath, [script, fixture], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  assert.match(
    run.stderr,
    /packages\/core\/src\/uses-app\.ts: '@posture-vision\/web\/app': core must not import web/,
  );
  assert.match(run.stderr, /7 forbidden import\(s\)/);
});

test('the repository has no forbidden imports', () => {
  const run = spawnSync(process.execPath, [script, repo], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
});
