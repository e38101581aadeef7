import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    // Any content-security-policy violation in a browser test fails that test.
    setupFiles: ['@posture-vision/testkit/browser-guard'],
    // Browser tests start the API, the vision service and Chromium, each file its own, and mostly wait on real time
    // (camera frames, onset and warning delays): two files at a time in the browser tier, after the web app's build
    // is made once for them; generous timeouts.
    globalSetup: process.env.POSTURE_TEST_TIER === 'browser' ? ['test/web-build.setup.ts'] : [],
    maxWorkers: process.env.POSTURE_TEST_TIER === 'browser' ? 2 : 1,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
