import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/** The web app's origin (content script, host permission), fixed at build time. */
export function webOrigin(env: Record<string, string | undefined>): string {
  return new URL(env.VITE_WEB_ORIGIN || 'http://localhost:5173').origin;
}

/** Match pattern for an origin's pages: Chrome match patterns carry no port, the content script checks it. */
function pagesOf(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

export function manifest(env: Record<string, string | undefined>) {
  const web = webOrigin(env);
  const hosts = new Set(
    [web, env.VITE_API_URL, env.VITE_VISION_URL, 'http://localhost:8000', 'http://localhost:8001']
      .filter((u): u is string => !!u)
      .map(pagesOf),
  );
  return defineManifest({
    manifest_version: 3,
    name: 'Posture Vision',
    description: 'Passive posture monitoring while you browse, with alerts when poor posture persists.',
    version: pkg.version,
    icons: { 16: 'icons/icon16.png', 48: 'icons/icon48.png', 128: 'icons/icon128.png' },
    action: { default_popup: 'src/popup/popup.html', default_title: 'Posture Vision' },
    background: { service_worker: 'src/background/service-worker.ts', type: 'module' },
    // WebAssembly for on-device detection; scripts only from the extension itself.
    content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'" },
    permissions: ['offscreen', 'storage', 'notifications', 'idle'],
    host_permissions: [...hosts],
    content_scripts: [
      { matches: [pagesOf(web)], js: ['src/content/web-app-bridge.ts'], run_at: 'document_start' },
    ],
  });
}
