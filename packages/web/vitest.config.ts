import { defineConfig } from 'vitest/config';
import { longestFirst, reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    // Any content-security-policy violation in a browser test fails that test.
    setupFiles: ['@posture-vision/testkit/browser-guard'],
    // The browser tier's files share one API, vision service and served app (npm test names the tier).
    globalSetup: process.env.POSTURE_TEST_TIER === 'browser' ? ['test/support/shared-services.setup.ts'] : [],
    // Two browser files at a time: they mostly wait on real time (camera frames, onset and warning delays), and each
    // turns its person's posture on events, not on a clip's clock, so they hold under the shared load.
    maxWorkers: process.env.POSTURE_TEST_TIER === 'browser' ? 2 : undefined,
    // The browser files that take longest (40-60 s each on a 2-core AMD EPYC, 2026-11-29), started first: on a fresh
    // clone vitest starts the largest files first, and the axe audit, a short file that visits every route, ran on
    // alone for its last 40 s.
    sequence: {
      sequencer: longestFirst([
        'test/public/accessibility.test.ts',
        'test/journey/journey.browser.test.ts',
        'test/finish/finish.browser.test.ts',
        'test/live/live.browser.test.ts',
        'test/dashboard/dashboard.browser.test.ts',
        'test/public/shell.test.ts',
      ]),
    },
  },
});
