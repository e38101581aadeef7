import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };
import { callAppsFrom, callPatterns } from './src/rules/call-apps.ts';

/** What the extension asks Chrome for, each for one reason (the README's "Publishing" section says them to
 * users and to the store's review). */
export const PERMISSIONS = ['offscreen', 'storage', 'notifications', 'idle'] as const;

/** The web app's origin (content script, host permission), fixed at build time; `localhost` only when none
 * is configured, which is the development build `npm start` makes. */
export function webOrigin(env: Record<string, string | undefined>): string {
  return new URL(env.VITE_WEB_ORIGIN || 'http://localhost:5173').origin;
}

/** Match pattern for an origin's pages: Chrome match patterns carry no port, the content script checks it. */
function pagesOf(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/**
 * The origins the extension calls: the web app, the API and the vision service, by the same rule the
 * extension's code follows (src/config.ts, core's base-URL rules: a configured address wins, else they follow
 * the web app's host). Loaded when the build runs, not when the config is read: Vite leaves workspace packages
 * to Node, which reads TypeScript only once the detector's Vite plugin has registered tsx.
 */
export async function hostOrigins(env: Record<string, string | undefined>): Promise<string[]> {
  const { resolveApiBaseUrl, resolveVisionUrls } = await import('@posture-vision/core/api');
  const web = webOrigin(env);
  const host = new URL(web).hostname;
  return [
    web,
    resolveApiBaseUrl(host, env.VITE_API_URL),
    resolveVisionUrls(host, { http: env.VITE_VISION_URL }).http,
  ];
}

export async function manifest(env: Record<string, string | undefined>) {
  const web = webOrigin(env);
  const hosts = new Set((await hostOrigins(env)).map(pagesOf));
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
    permissions: [...PERMISSIONS],
    host_permissions: [...hosts],
    // Asked for only when the user turns Quiet in calls on (popup): to see which tabs are in a meeting.
    optional_host_permissions: callPatterns(callAppsFrom(env.VITE_CALL_APPS)),
    content_scripts: [
      { matches: [pagesOf(web)], js: ['src/content/web-app-bridge.ts'], run_at: 'document_start' },
    ],
  });
}
