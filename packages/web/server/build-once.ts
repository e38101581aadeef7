// `vite build` of the web app into dist/, skipped when dist/ was built from the same inputs (inputs.ts):
// `npm start` runs this before serving, so a start after no change serves the previous build at once.
//   node --import tsx server/build-once.ts [outDir]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

if (process.argv[1] && resolve(process.argv[1]) === resolve(webRoot, 'server', 'build-once.ts')) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const started = Date.now();
  const built = buildOnce(outDir);
  console.log(
    built
      ? `web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'web app unchanged since the last build: serving it as it is',
  );
}
