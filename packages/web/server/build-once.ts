// `vite build` of the web app into dist/, skipped when dist/ was built from the same inputs (inputs.ts):
// `npm start` runs this before serving, so a start after no change serves the previous build at once.
//   node --import tsx server/build-once.ts [outDir]
// With `--shared`, the build the browser tests serve (buildShared), whose folder it prints last.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { buildInputs, webRoot } from './inputs.ts';
import { BUILD_INFO, type BuildInfo } from './production-build.ts';

/** Builds into outDir unless it holds a build of these inputs; true when it built. */
export function buildOnce(outDir = join(webRoot, 'dist'), env: NodeJS.ProcessEnv = process.env): boolean {
  const inputs = buildInputs(env);
  try {
    const info = JSON.parse(readFileSync(join(outDir, BUILD_INFO), 'utf8')) as BuildInfo;
    if (info.inputs === inputs) return false;
  } catch {}
  const vite = join(webRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: webRoot, env: { ...env, PV_WEB_BUILD_INPUTS: inputs }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`vite build failed (${result.status ?? result.signal})`);
  return true;
}

/** Where the browser tests' builds are kept (the web app's and the extension's tests serve the same one). */
export const SHARED_BUILDS = join(webRoot, 'node_modules', '.cache', 'pv-test-build');

/**
 * The production build the browser tests serve, made once for as long as its inputs do not change: a folder of
 * SHARED_BUILDS named by the inputs' fingerprint, with no build-time addresses (`VITE_*` left out: each test's
 * server gives the app its own). Two processes building at once each build into a folder of their own and the
 * first to finish names it; the other's is thrown away. Returns the folder: the one POSTURE_WEB_BUILD names, when
 * it holds a build.
 */
export function buildShared(env: NodeJS.ProcessEnv = process.env): string {
  // A test run that made the build before its files started names it (scripts/test.mjs): each of its files serves
  // that one, even after an input changed meanwhile.
  const pinned = env.POSTURE_WEB_BUILD;
  if (pinned && existsSync(join(pinned, BUILD_INFO))) return used(pinned);
  const clean = Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('VITE_')));
  const fingerprint = buildInputs(clean).slice(0, 16);
  const dir = join(SHARED_BUILDS, fingerprint);
  if (existsSync(join(dir, BUILD_INFO))) return used(dir);
  mkdirSync(SHARED_BUILDS, { recursive: true });
  const building = mkdtempSync(join(SHARED_BUILDS, 'building-'));
  try {
    // Vitest sets NODE_ENV=test, with which Vite would bundle React's development build: build what users get.
    buildOnce(building, { ...clean, NODE_ENV: 'production' });
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(dir, BUILD_INFO))) throw error;
  }
  // Builds of other inputs go once nothing has used them for a while: another test run still serving one (its
  // inputs changed under it, or it pinned it) must not lose its files mid-run.
  for (const name of readdirSync(SHARED_BUILDS)) {
    const other = join(SHARED_BUILDS, name);
    if (name !== fingerprint && Date.now() - statSync(other).mtimeMs > UNUSED_BUILD_KEPT_MS)
      rmSync(other, { recursive: true, force: true });
  }
  return used(dir);
}

/** How long a shared build (or an abandoned half-made one) of other inputs is kept after its last use: longer
 * than the whole test suite runs. */
const UNUSED_BUILD_KEPT_MS = 2 * 3_600_000;

/** Marks a shared build used now (its folder's time), so no other run removes it while it is served. */
function used(dir: string): string {
  const now = new Date();
  utimesSync(dir, now, now);
  return dir;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(webRoot, 'server', 'build-once.ts')) {
  if (process.argv[2] === '--shared') {
    console.log(buildShared());
    process.exit(0);
  }
  const outDir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const started = Date.now();
  const built = buildOnce(outDir);
  console.log(
    built
      ? `web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'web app unchanged since the last build: serving it as it is',
  );
}
