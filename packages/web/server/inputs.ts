// The fingerprint of everything a production build of the web app is made from: the sources of the web app
// and of the workspace packages it bundles, the lockfile (dependency versions), the files copied as they are
// (public/, with the extension zip) and the build-time settings. Equal fingerprints give the same build, so
// `npm start` builds again only when one of them changed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const webRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(webRoot, '..', '..');

/** Folders whose files go into the build. Tests, build outputs and installed packages do not. */
const SOURCES = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/server',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/core/src',
  'packages/core/package.json',
  'packages/ui/src',
  'packages/ui/package.json',
  'packages/detector/src',
  'packages/detector/browser',
  'packages/detector/package.json',
  'pnpm-lock.yaml',
];
const SKIP = new Set(['node_modules', 'dist', 'test', '.vite']);

function files(path: string): string[] {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !SKIP.has(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** Hex SHA-256 over the inputs' paths and contents and every `VITE_*` variable of `env`. */
export function buildInputs(env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const source of SOURCES)
    for (const file of files(join(repoRoot, source))) {
      hash.update(relative(repoRoot, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  for (const name of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}
