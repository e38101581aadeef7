// Builds the extension and packs it as a zip.
// - `npm start` runs this with no argument (the `prepare-start` script): a development build for the local
//   web app (localhost), packed as the zip the web app's /chrome-extension-download page offers.
// - `npm run package:extension` runs it with `--store`: the production build for the web app's real origin
//   (VITE_WEB_ORIGIN, required, not localhost; VITE_API_URL and VITE_VISION_URL when they are not that host's
//   defaults), packed as the zip to upload to the Chrome Web Store: `release/posture-vision-<version>.zip`.
// Either zip holds the built files only (manifest, scripts, pages, icons, models): no source maps, no tests.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Zippable, zipSync } from 'fflate';
import { build } from 'vite';
import { hostOrigins } from '../manifest.config.ts';
import pkg from '../package.json' with { type: 'json' };

const extensionRoot = fileURLToPath(new URL('..', import.meta.url));
export const ZIP_NAME = 'posture-vision-extension.zip';
export const WEB_PUBLIC = join(extensionRoot, '..', 'web', 'public');
export const RELEASE_DIR = join(extensionRoot, 'release');

/** Build by-products that are not the extension: Vite's manifest folder and source maps. */
const NOT_SHIPPED = /(^|\/)\.vite\/|\.map$/;
/** Every entry's date in the zip: the same files give the same zip, byte for byte, so the web app's build
 * (which copies the zip) is made again only when the extension changed. */
const ZIP_DATE = new Date('2026-01-01T00:00:00Z');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** What the extension is built from (its sources and those of the packages it bundles, the lockfile) and the
 * build settings: equal fingerprints give the same zip, so `npm start` builds again only when one changed. */
const INPUTS = [
  'extension/src',
  'extension/public',
  'extension/manifest.config.ts',
  'extension/vite.config.ts',
  'extension/package.json',
  'core/src',
  'ui/src',
  'detector/src',
  'detector/browser',
  '../pnpm-lock.yaml',
];
export function extensionInputs(settings: Record<string, string>): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort())
        if (name !== 'node_modules' && !name.includes('.test.')) add(join(path, name));
      return;
    }
    hash.update(`${relative(extensionRoot, path)}\0`);
    hash.update(readFileSync(path));
  };
  for (const input of INPUTS) add(join(extensionRoot, '..', input));
  hash.update(JSON.stringify(Object.entries(settings).sort()));
  return hash.digest('hex');
}

/** Builds the unpacked extension into `outDir`: always Vite's production mode (minified, React's production
 * build); what makes a development build is only its localhost origin. */
export async function buildExtension(outDir: string, env: Record<string, string> = {}): Promise<string> {
  Object.assign(process.env, env);
  await build({ root: extensionRoot, mode: 'production', logLevel: 'warn', build: { outDir } });
  return outDir;
}

/** Zips a built extension folder (manifest.json at the zip's root, ready for "Load unpacked" and the store). */
export function zipExtension(outDir: string, zipFile: string): string {
  const entries: Zippable = {};
  const names = filesUnder(outDir)
    .map((file) => [relative(outDir, file).split('\\').join('/'), file] as const)
    .filter(([name]) => !NOT_SHIPPED.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [name, file] of names) entries[name] = [readFileSync(file), { mtime: ZIP_DATE }];
  mkdirSync(join(zipFile, '..'), { recursive: true });
  writeFileSync(zipFile, zipSync(entries, { level: 9 }));
  return zipFile;
}

/** Why a web origin cannot be published, or null when it can. */
export function storeOriginProblem(origin: string | undefined): string | null {
  if (!origin) return 'set VITE_WEB_ORIGIN to the web app’s public origin, e.g. https://app.example.com';
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `VITE_WEB_ORIGIN is not a URL: ${origin}`;
  }
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    return `VITE_WEB_ORIGIN is ${url.origin}: a store build must name the web app's public origin, not this machine`;
  if (url.protocol !== 'https:')
    return `VITE_WEB_ORIGIN must be https (the store's users sign in through it): ${origin}`;
  return null;
}

/** The store build: production mode, for the configured origin, zipped under release/ (or `releaseDir`). */
export async function packageForStore(
  env: Record<string, string | undefined>,
  releaseDir = RELEASE_DIR,
): Promise<{ zip: string; unpacked: string }> {
  const problem = storeOriginProblem(env.VITE_WEB_ORIGIN);
  if (problem) throw new Error(problem);
  // The browser tests' own "call apps" (src/rules/call-apps.ts) would replace the real ones.
  if (env.VITE_CALL_APPS)
    throw new Error('VITE_CALL_APPS is a test build’s setting: a store build sees the real call apps');
  // The API and vision addresses the extension would call (core's rule when unset: the web app's host on
  // ports 8000 and 8001, over http): a published extension sends tokens and video to them, so https only.
  const [, api, vision] = await hostOrigins(env);
  for (const [name, url] of [
    ['VITE_API_URL', api],
    ['VITE_VISION_URL', vision],
  ] as const)
    if (!url?.startsWith('https://'))
      throw new Error(`${name} must be the service's https address (it would be ${url})`);
  const settings = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('VITE_') && !!e[1]),
  );
  const unpacked = await buildExtension(join(releaseDir, 'unpacked'), settings);
  const zip = zipExtension(unpacked, join(releaseDir, `posture-vision-${pkg.version}.zip`));
  return { zip, unpacked };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const env = process.env;
  if (process.argv.includes('--store')) {
    try {
      const { zip, unpacked } = await packageForStore(env);
      const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
      console.log(
        `extension ${manifest.version} for ${env.VITE_WEB_ORIGIN} packed: ${relative(process.cwd(), zip)}`,
      );
      console.log(`  permissions: ${manifest.permissions.join(', ')}`);
      console.log(`  host permissions: ${manifest.host_permissions.join(', ')}`);
      console.log(`  optional host permissions: ${manifest.optional_host_permissions.join(', ')}`);
    } catch (error) {
      console.error(`package:extension: ${(error as Error).message}`);
      process.exit(1);
    }
  } else {
    const outDir = join(extensionRoot, 'dist');
    // `npm start` moves the servers with WEB_PORT, API_PORT and VISION_PORT: the extension follows them.
    const settings: Record<string, string> = {
      VITE_WEB_ORIGIN: env.VITE_WEB_ORIGIN ?? `http://localhost:${env.WEB_PORT ?? 5173}`,
      VITE_API_URL: env.VITE_API_URL ?? `http://localhost:${env.API_PORT ?? 8000}`,
      VITE_VISION_URL: env.VITE_VISION_URL ?? `http://localhost:${env.VISION_PORT ?? 8001}`,
    };
    for (const [name, value] of Object.entries(env))
      if (name.startsWith('VITE_') && value && !(name in settings)) settings[name] = value;
    const zip = join(WEB_PUBLIC, ZIP_NAME);
    const inputs = extensionInputs(settings);
    const stamp = join(outDir, '..', '.dist-inputs');
    if (existsSync(zip) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
      console.log('extension unchanged since the last build: its zip stays');
    } else {
      await buildExtension(outDir, settings);
      zipExtension(outDir, zip);
      writeFileSync(stamp, inputs);
      console.log(`extension packed: ${relative(process.cwd(), zip)}`);
    }
  }
}
