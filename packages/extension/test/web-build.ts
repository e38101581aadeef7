// The web app as users get it (its production build, with no built-in addresses: each file's server gives it the
// API's; the extension's browser tests use it only to sign the extension in and to offer its download). It is the
// build the web app's own browser tests serve, made by the web app's command (`build-once.ts --shared`) when its
// inputs changed, else found. The browser tier makes sure of it once before its files run (web-build.setup.ts),
// since two files run at a time; each file's stack then finds it, as a file run alone builds it.
import { spawnSync } from 'node:child_process';
import { repoRoot } from '@posture-vision/testkit/services';

/** The web app's shared test build, made when there is none of the current inputs; returns its folder. */
export function webBuild(): string {
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/web/server/build-once.ts', '--shared'],
    { cwd: repoRoot, env: process.env, encoding: 'utf8' },
  );
  const folder = built.stdout.trim().split('\n').at(-1);
  if (built.status !== 0 || !folder)
    throw new Error(`the web app's build failed:\n${built.stdout}${built.stderr}`);
  return folder;
}
