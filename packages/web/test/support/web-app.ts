// The web app as browser tests and benchmarks use it: the production build (`vite build`), served by the
// production server (server/server.ts: compression, cache headers, the content security policy, the SPA
// fallback, the addresses it is given), so every browser test runs the app as users get it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildSettings } from '../../server/headers.ts';
import { buildInputs, webRoot } from '../../server/inputs.ts';
import { BUILD_INFO } from '../../server/production-build.ts';
import { createWebServer } from '../../server/server.ts';

/**
 * `vite build` of the whole app into outDir. URLs left out keep whatever the environment says (else core's
 * base-URL rule). A separate process, so the build-time variables never leak into the caller's environment.
 */
export async function buildWeb(
  outDir: string,
  env: { apiUrl?: string; visionUrl?: string } = {},
  options: { manifest?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  const vite = join(webRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  if (options.manifest) args.push('--manifest');
  // Vitest sets NODE_ENV=test, with which Vite would bundle React's development build: build what users get.
  const childEnv: NodeJS.ProcessEnv = { ...(options.env ?? process.env), NODE_ENV: 'production' };
  if (env.apiUrl) childEnv.VITE_API_URL = env.apiUrl;
  if (env.visionUrl) childEnv.VITE_VISION_URL = env.visionUrl;
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: webRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
}

export interface WebSite {
  /** The app's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Gives the served app its addresses, once the API's URL is known. */
  configure(addresses: { apiUrl?: string; visionUrl?: string }): void;
  /** Stops the server. */
  close(): Promise<void>;
}

/** Where the tests' one build lives: one folder per fingerprint of its inputs (server/inputs.ts). */
const TEST_BUILDS = join(webRoot, 'node_modules', '.cache', 'pv-test-build');

/**
 * The production build every browser test serves, made once for as long as its inputs do not change (the
 * first test file of a run builds it; the others, and the next runs, find it). It carries no addresses: each
 * test's server gives the app its own. Two files building at once each build into a folder of their own and
 * the first to finish names it; the other's is thrown away.
 */
export async function sharedBuild(): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
  const fingerprint = buildInputs(env).slice(0, 16);
  const dir = join(TEST_BUILDS, fingerprint);
  if (existsSync(join(dir, BUILD_INFO))) return dir;
  mkdirSync(TEST_BUILDS, { recursive: true });
  const building = mkdtempSync(join(TEST_BUILDS, 'building-'));
  try {
    await buildWeb(building, {}, { env });
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(dir, BUILD_INFO))) throw error;
  }
  // Builds of older inputs are of no further use.
  for (const name of readdirSync(TEST_BUILDS))
    if (name !== fingerprint && !name.startsWith('building-'))
      rmSync(join(TEST_BUILDS, name), { recursive: true, force: true });
  return dir;
}

/**
 * Serves the tests' shared build (sharedBuild) on an ephemeral port, so the origin is known (for the API's
 * WEB_ORIGIN) before the app is given the API's address. Unknown paths answer index.html (client-side routes).
 */
export async function serveWebApp(hostname = '127.0.0.1'): Promise<WebSite> {
  const root = await sharedBuild();
  let settings: BuildSettings = {};
  const server = await createWebServer({ root, settings: () => settings });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${hostname}:${port}`,
    configure({ apiUrl, visionUrl }) {
      settings = {
        ...(apiUrl ? { VITE_API_URL: apiUrl } : {}),
        ...(visionUrl ? { VITE_VISION_URL: visionUrl } : {}),
      };
    },
    close: () => server.close(),
  };
}
