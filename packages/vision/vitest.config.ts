import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    // Any content-security-policy violation in a browser test fails that test.
    setupFiles: ['@posture-vision/testkit/browser-guard'],
    // Inference on two cores shared with other work is slow and uneven: generous per-test limits, and
    // one test file at a time so each file's model loading does not compete with another's.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
