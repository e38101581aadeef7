import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: reporters(),
    // Any content-security-policy violation in a browser test fails that test.
    setupFiles: ['@posture-vision/testkit/browser-guard'],
    // One cluster (2 API + 2 vision processes and HAProxy) for the whole file; the machine has two cores.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
