// The web app as browser tests and benchmarks use it: `vite build` into a temp folder with the API and vision
// URLs baked in, served by the production server (server/server.ts: compression, cache headers, the content
// security policy, the SPA fallback), so every browser test runs the app as users get it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebServer } from '../../server/server.ts';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `vite build` of the whole app into outDir. URLs left out keep whatever the environment says (else core's
 * base-URL rule). A separate process, so the build-time variables never leak into the caller's environment.
 */
export async function buildWeb(
  outDir: string,
  env: { apiUrl?: string; visionUrl?: string } = {},
  options: { manifest?: boolean } = {},
): Promise<void> {
  const vite = join(webRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  if (options.manifest) args.push('--manifest');
  // Vitest sets NODE_ENV=test, with which Vite would bundle React's development build: build what users get.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
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
  /** The folder served; build into it once the API's URL is known. */
  dir: string;
  build(env: { apiUrl?: string; visionUrl?: string }): Promise<void>;
  /** Stops the server and removes the folder. */
  close(): Promise<void>;
}

/**
 * Serves a fresh temp folder on an ephemeral port, so the origin is known (for the API's WEB_ORIGIN) before
 * the app is built into it. Unknown paths and folders answer index.html (client-side routes).
 */
export async function serveWebApp(prefix: string, hostname = '127.0.0.1'): Promise<WebSite> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const server = await createWebServer({ root: dir });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${hostname}:${port}`,
    dir,
    build: (env) => buildWeb(dir, env),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
