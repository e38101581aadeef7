import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    passWithNoTests: true,
    globalSetup: ['test/global-setup.ts'],
    // Servers start in hooks; the shared 2-core machine can be slow.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
