// The test tiers: which of the packages' test files is a unit test, an integration test, a browser test or
// a model-accuracy test. `npm test` runs the tiers in this order and prints each one's time; `npm test --
// --tier unit` runs one. A test file no rule names fails the scripts' own test (test-tiers.test.mjs), so a new
// file is never left out of every tier.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * - unit: pure rules and components in-process; no database, model, browser or child process. Seconds.
 * - integration: a real database (PGlite or PostgreSQL), the real pose models, servers and sockets, builds.
 * - browser: a real Chromium against the served web app or the loaded extension.
 * - accuracy: the real models on real people's photos and frames, held to the accuracy benchmark's figures.
 */
export const TIERS = ['unit', 'integration', 'browser', 'accuracy'];

/** The packages whose tests run, in the order they run within a tier. */
export const PACKAGES = ['core', 'detector', 'ui', 'api', 'vision', 'cluster', 'web', 'extension'];

/**
 * Per package, the first rule whose pattern matches a test file's path (relative to the package) gives its
 * tier. `*` matches within a folder, `**` across folders.
 */
export const RULES = {
  core: [
    ['test/**/*.integration.test.ts', 'integration'],
    // A WebRTC link between a real Chromium and the vision service.
    ['test/live/browser.test.ts', 'browser'],
    ['**/*.test.ts', 'unit'],
  ],
  detector: [
    ['test/live-accuracy.test.ts', 'accuracy'],
    ['test/natural-video.test.ts', 'accuracy'],
    ['test/light-accuracy.test.ts', 'accuracy'],
    // Loads the real models.
    ['test/**/*.test.ts', 'integration'],
    ['src/**/*.test.ts', 'unit'],
  ],
  ui: [
    ['**/*.test.ts', 'unit'],
    // The components rendered with React (jsdom).
    ['**/*.test.tsx', 'unit'],
  ],
  api: [
    // Pure rules and the token cache, with no app and no database.
    ['test/rules.test.ts', 'unit'],
    ['test/token-cache.test.ts', 'unit'],
    // Every other file builds the app on a real database.
    ['test/**/*.test.ts', 'integration'],
  ],
  vision: [
    ['test/photo-real-side.test.ts', 'accuracy'],
    ['test/photo-repeatability.test.ts', 'accuracy'],
    ['test/live-forward-head.test.ts', 'accuracy'],
    // Device mode (Chromium) and the service agreeing on the same real frames.
    ['test/device-agreement.test.ts', 'accuracy'],
    ['test/live-browser.test.ts', 'browser'],
    ['test/photo-status.test.ts', 'unit'],
    ['src/**/*.test.ts', 'unit'],
    ['test/**/*.test.ts', 'integration'],
  ],
  cluster: [
    ['test/**/*.browser.test.ts', 'browser'],
    ['test/**/*.test.ts', 'integration'],
  ],
  web: [
    ['test/**/*.browser.test.ts', 'browser'],
    // The public screens' browser tests (they share one served app, test/public/harness.ts).
    ['test/public/accessibility.test.ts', 'browser'],
    ['test/public/account-flows.test.ts', 'browser'],
    ['test/public/keyboard.test.ts', 'browser'],
    ['test/public/shell.test.ts', 'browser'],
    ['test/public/way-finding.test.ts', 'browser'],
    // The production server in-process (Fastify's inject) on a small folder.
    ['test/production/server.test.ts', 'unit'],
    ['**/*.test.ts', 'unit'],
  ],
  extension: [
    ['test/**/*.browser.test.ts', 'browser'],
    // Builds the extension for the store and reads the zip.
    ['test/store-package.test.ts', 'integration'],
    ['src/**/*.test.ts', 'unit'],
  ],
};

/**
 * The tiers that start servers run their packages in two lanes side by side, each lane's packages one after the
 * other; a package the tier's lanes do not name runs in its last lane. The first lane starts with the tier's busiest
 * package (the API's integration files, the web app's browser files: 86-93 % of both cores alone), the second lane's
 * packages run one file at a time (test.mjs), and the rest are split so that both lanes end about together. Why:
 * sampled every 5 s on a 2-core AMD EPYC (2026-11-29), run one after the other, the vision service's integration
 * files kept the machine 53 % busy for 108 s (one file at a time, its live files waiting out onset delays at 10
 * frames/s), core's 26 % for 24 s, the extension's browser files 42 % for 96 s, the detector's accuracy files 53 %
 * for 31 s. On that machine, one after the other and in these lanes: integration 228 s and 155 s, browser 387 s
 * and 282 s, accuracy 68 s and 45 s, every test passing. The unit tier starts nothing and runs any two packages at
 * a time (test.mjs).
 */
export const LANES = {
  integration: [
    ['api', 'core', 'cluster'],
    ['vision', 'detector', 'extension'],
  ],
  // The extension's files are the longest lane (each starts a stack and runs one at a time beside the web app's):
  // the others follow the web app's in the first lane.
  browser: [['web', 'core', 'vision', 'cluster'], ['extension']],
  accuracy: [['vision'], ['detector']],
};

/** The given packages of a tier in its lanes (LANES), each lane in its order there; empty lanes left out. */
export function lanesOf(tier, packages, lanes = LANES) {
  const named = lanes[tier] ?? [[]];
  const out = named.map((lane) => lane.filter((p) => packages.includes(p)));
  const unnamed = PACKAGES.filter((p) => packages.includes(p) && !named.flat().includes(p));
  out[out.length - 1].push(...unnamed);
  return out.filter((lane) => lane.length > 0);
}

/** A glob of the rules as a regular expression over a relative path with forward slashes. */
export function globToRegExp(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches any number of folders, none included.
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else out += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** The tier of a package's test file, or null when no rule names it. */
export function tierOf(pkg, relativePath, rules = RULES) {
  const path = relativePath.replace(/\\/g, '/');
  for (const [pattern, tier] of rules[pkg] ?? []) if (globToRegExp(pattern).test(path)) return tier;
  return null;
}

/** Every `*.test.ts` and `*.test.tsx` under a package's folder (outside node_modules), relative to it. */
export function testFiles(packageDir) {
  const found = [];
  const walk = (dir, prefix) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'dist') continue;
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), rel);
      else if (/\.test\.tsx?$/.test(entry.name)) found.push(rel);
    }
  };
  walk(packageDir, '');
  return found.sort();
}

/** A package's test files by tier, and the ones no rule names. */
export function filesByTier(root, pkg) {
  const byTier = Object.fromEntries(TIERS.map((t) => [t, []]));
  const unnamed = [];
  for (const file of testFiles(join(root, 'packages', pkg))) {
    const tier = tierOf(pkg, file);
    if (tier) byTier[tier].push(file);
    else unnamed.push(file);
  }
  return { byTier, unnamed };
}

/**
 * What makes a test file need a worker of its own: it replaces a module (`vi.mock`), a global, the environment,
 * a method (`vi.spyOn`) or the clock; it loads the pose models into the test process (`loadHuman`,
 * `loadPhotoBody`: tfjs has one engine per process, and a file ending while its last inference ran crashed the next
 * file's); or it opens WebRTC peers in the test process (`@roamhq/wrtc`, which sometimes crashes its process when
 * they close: test-report.mjs). Files that do none of these share their workers (vitest's `--no-isolate`), in
 * every tier: a fresh worker for each file spent much of a run starting workers and importing the same modules
 * again. On a 2-core AMD EPYC (2026-11-29): core's 36 unit files 22 s isolated, 6 s shared; the API's 21
 * integration files that may share 153 s isolated, 99 s shared. A replaced module stays replaced for every later
 * file of a shared worker, one file's left-over spy or fake clock is another's failure, and a crash takes every
 * file still to run in that worker with it, hence the split. A shared worker that dies anyway has its unfinished
 * files run again, each in a worker of its own (test.mjs).
 */
export const NEEDS_OWN_WORKER =
  /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(|\bload(Human|PhotoBody)\(|['"]@roamhq\/wrtc['"]/;

/** A package's test files split into those that may share workers and those that each need their own. */
export function workerGroups(root, pkg, files) {
  const own = files.filter((f) =>
    NEEDS_OWN_WORKER.test(readFileSync(join(root, 'packages', pkg, f), 'utf8')),
  );
  return { shared: files.filter((f) => !own.includes(f)), own };
}
