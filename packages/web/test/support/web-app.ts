// The web app as browser tests and benchmarks use it: the production build (`vite build`), served by the
// production server (server/server.ts: compression, cache headers, the content security policy, the SPA
// fallback, the addresses it is given), so every browser test runs the app as users get it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildShared } from '../../server/build-once.ts';
import type { BuildSettings } from '../../server/headers.ts';
import { webRoot } from '../../server/inputs.ts';
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

/**
 * Serves the browser tests' one build (server/build-once.ts buildShared, made when its inputs changed) on an
 * ephemeral port, so the origin is known (for the API's WEB_ORIGIN) before the app is given the API's address.
 * Unknown paths answer index.html (client-side routes).
 */
export async function serveWebApp(hostname = '127.0.0.1'): Promise<WebSite> {
  const root = buildShared();
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
