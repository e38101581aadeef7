import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    globalSetup: ['test/global-setup.ts'],
    // Test files mostly wait on servers, databases and processes: two at a time halves the wall time.
    maxWorkers: 2,
    // Servers start in hooks; the shared 2-core machine can be slow.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
