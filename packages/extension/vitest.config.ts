import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    // Any content-security-policy violation in a browser test fails that test.
    setupFiles: ['@posture-vision/testkit/browser-guard'],
    // Browser tests start the API, the vision service and Chromium: one file at a time, generous timeouts.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
