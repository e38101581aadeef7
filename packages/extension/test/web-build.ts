// The web app as users get it (its production build, with its built-in addresses: the extension's browser tests
// use it only to sign the extension in and to offer its download), built by the web app's own build-once command.
// The browser tier builds it once before its files run (web-build.setup.ts), since two files run at a time and one
// must not empty the folder another serves; each file's stack then finds it built, as a file run alone builds it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '@posture-vision/testkit/services';

/** Where the web app's build for these tests is kept between files and runs. */
const WEB_BUILD = fileURLToPath(new URL('../node_modules/.cache/pv-web-build', import.meta.url));

/** Builds the web app into WEB_BUILD unless it holds a build of the same inputs; returns the folder. */
export function webBuild(): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/web/server/build-once.ts', WEB_BUILD],
    { cwd: repoRoot, env: { ...env, NODE_ENV: 'production' }, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`the web app's build failed:\n${built.stdout}${built.stderr}`);
  return WEB_BUILD;
}
