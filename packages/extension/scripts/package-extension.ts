// Builds the extension and packs it as the zip the web app's /chrome-extension-download page offers.
// `npm start` runs this (the `prepare-start` script), so the page always serves the current build.
// Build-time settings come from the environment: VITE_WEB_ORIGIN, VITE_API_URL, VITE_VISION_URL.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { build } from 'vite';

const extensionRoot = fileURLToPath(new URL('..', import.meta.url));
export const ZIP_NAME = 'posture-vision-extension.zip';
export const WEB_PUBLIC = join(extensionRoot, '..', 'web', 'public');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Builds the unpacked extension into `outDir`. */
export async function buildExtension(outDir: string, env: Record<string, string> = {}): Promise<string> {
  Object.assign(process.env, env);
  await build({ root: extensionRoot, logLevel: 'warn', build: { outDir } });
  return outDir;
}

/** Zips a built extension folder (manifest.json at the zip's root, ready for "Load unpacked"). */
export function zipExtension(outDir: string, zipFile: string): string {
  const entries = Object.fromEntries(
    filesUnder(outDir).map((file) => [relative(outDir, file).split('\\').join('/'), readFileSync(file)]),
  );
  mkdirSync(join(zipFile, '..'), { recursive: true });
  writeFileSync(zipFile, zipSync(entries, { level: 9 }));
  return zipFile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outDir = join(extensionRoot, 'dist');
  // `npm start` moves the servers with WEB_PORT, API_PORT and VISION_PORT: the extension follows them.
  const env = process.env;
  await buildExtension(outDir, {
    VITE_WEB_ORIGIN: env.VITE_WEB_ORIGIN ?? `http://localhost:${env.WEB_PORT ?? 5173}`,
    VITE_API_URL: env.VITE_API_URL ?? `http://localhost:${env.API_PORT ?? 8000}`,
    VITE_VISION_URL: env.VITE_VISION_URL ?? `http://localhost:${env.VISION_PORT ?? 8001}`,
  });
  const zip = zipExtension(outDir, join(WEB_PUBLIC, ZIP_NAME));
  console.log(`extension packed: ${relative(process.cwd(), zip)}`);
}
