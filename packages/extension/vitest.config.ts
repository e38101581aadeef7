import { defineConfig } from 'vitest/config';
import { longestFirst, reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    // Any content-security-policy violation in a browser test fails that test.
    setupFiles: ['@posture-vision/testkit/browser-guard'],
    // Browser tests start the API, the vision service and Chromium, each file its own, and mostly wait on real time
    // (camera frames, onset and warning delays): two files at a time in the browser tier (npm test runs them one at
    // a time, beside the web app's: scripts/test-tiers.mjs LANES), after the web app's build is made once for them;
    // generous timeouts.
    globalSetup: process.env.POSTURE_TEST_TIER === 'browser' ? ['test/web-build.setup.ts'] : [],
    maxWorkers: process.env.POSTURE_TEST_TIER === 'browser' ? 2 : 1,
    // The profiles and alerts file waits out the most delays (55 s of the tier's 95 s alone on a 2-core AMD EPYC,
    // 2026-11-29), the breaks file two stand-up stretches and a break on a clock 20 times as fast (about 140 s
    // beside another file, 2026-12-02): started first, one in each worker, the other files run beside them.
    sequence: {
      sequencer: longestFirst(['test/profiles-alerts.browser.test.ts', 'test/breaks.browser.test.ts']),
    },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
