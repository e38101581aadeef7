import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    // The migrated PGlite template the integration files' servers copy; the unit files (rules.test.ts,
    // token-cache.test.ts: no app, no database) have no use for it.
    globalSetup: process.env.POSTURE_TEST_TIER === 'unit' ? [] : ['test/global-setup.ts'],
    // Test files mostly wait on servers, databases and processes: two at a time halves the wall time.
    maxWorkers: 2,
    // Servers start in hooks; the shared 2-core machine can be slow.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
