// The response headers of the production web app: how long each file may be cached, and the security
// headers with a content security policy that allows exactly what the app does and nothing else.
import { resolveApiBaseUrl, resolveVisionUrls } from '@posture-vision/core/api';
import type { AppSettings } from '../src/services/settings.ts';

/** The settings the built app carries (Vite's `VITE_*`, written next to it by the build) or is given by the
 * server: the app's own list (src/services/settings.ts). */
export type BuildSettings = AppSettings;

/** A year: Vite names every file under assets/ by a hash of its content, so a changed file has a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the device-mode models and .wasm, the extension zip, the favicon) keeps its
 * name across releases: the browser must ask again every time (answered 304 when unchanged), and the page
 * itself is never stored, so a release reaches every visitor on their next load. */
const REVALIDATE = 'no-cache';
const NEVER = 'no-store';

/** Cache-Control of a served file, by its path relative to the build folder (`assets/index-D4x.js`). */
export function cacheControl(relativePath: string): string {
  const path = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
  if (path === 'index.html') return NEVER;
  if (path.startsWith('assets/')) return IMMUTABLE;
  return REVALIDATE;
}

const originOf = (url: string): string => new URL(url).origin;

/**
 * The content security policy for a page served under `pageHost`. The app's API and vision addresses come
 * from the same rule the app itself follows (core's base-URL rules: a build-time address wins, else they
 * follow the page's host), so the policy allows exactly the origins the app calls.
 */
export function contentSecurityPolicy(settings: BuildSettings, pageHost: string): string {
  const api = originOf(resolveApiBaseUrl(pageHost, settings.VITE_API_URL));
  const vision = resolveVisionUrls(pageHost, {
    http: settings.VITE_VISION_URL,
    ws: settings.VITE_VISION_WS_URL,
  });
  const video = settings.VITE_PROMO_VIDEO_URL?.trim() ? originOf(settings.VITE_PROMO_VIDEO_URL) : null;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Only the app's own scripts; 'wasm-unsafe-eval' lets device mode compile tfjs's WebAssembly (it allows
    // WebAssembly compilation only, not eval of strings).
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    // Device mode's web worker is a file of the build; tfjs may start its helpers from blob: URLs.
    ['worker-src', "'self'", 'blob:'],
    // The API (accounts, sessions), the vision service's calls and its live socket. WebRTC's own traffic is
    // not subject to CSP.
    ['connect-src', "'self'", api, originOf(vision.http), originOf(vision.ws)],
    // Avatars and calibration photos come from the API; QR codes and previews are data: or blob: URLs.
    ['img-src', "'self'", 'data:', 'blob:', api],
    // The camera's stream and recorded previews.
    ['media-src', "'self'", 'blob:'],
    // Inline styles, not scripts: the shared Dialog (Radix) locks page scrolling with a <style> element it writes
    // at run time, with values that vary (the scrollbar's width), so no hash can name it; with 'self' alone the
    // browser refused it on every dialog (seen in Chromium on the landing page's video dialog and the findings
    // report). Script injection stays closed by script-src.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['font-src', "'self'"],
    ['frame-src', ...(video ? [video] : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'", api],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Every response's security headers. */
export function securityHeaders(settings: BuildSettings, pageHost: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(settings, pageHost),
    // The live tool uses the camera on this origin only; nothing else of the kind.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}
