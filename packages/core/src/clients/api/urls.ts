// Base-URL rules: where a page finds the API and the vision service.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** The API's local development address: used when the page host is localhost. */
export const LOCAL_API_URL = 'http://localhost:8000';
/** The vision service's local address (HTTP and WebSocket). */
export const LOCAL_VISION_HTTP_URL = 'http://localhost:8001';
export const LOCAL_VISION_WS_URL = 'ws://localhost:8001';

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The API base URL. A build-time override (e.g. `VITE_API_URL`) always wins; otherwise a localhost page
 * talks to `http://localhost:8000`. The production host is not named by the specification, so any other
 * page host is assumed to run the API on the same host at port 8000.
 */
export function resolveApiBaseUrl(hostname: string, override?: string | null): string {
  if (override?.trim()) return trimSlash(override.trim());
  if (isLocalHost(hostname)) return LOCAL_API_URL;
  return `http://${hostname}:8000`;
}

export interface VisionUrls {
  /** Base for the HTTP calls (model status, calibrate, photo analysis). */
  http: string;
  /** Base for the live sockets. */
  ws: string;
}

/** The WebSocket base matching an HTTP base: http → ws, https → wss. */
export function toWebSocketUrl(httpUrl: string): string {
  return httpUrl.replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}

/**
 * The vision service bases. Overrides (e.g. `VITE_VISION_URL`) win; a WebSocket base is derived from the
 * HTTP override when only that one is given.
 */
export function resolveVisionUrls(
  hostname: string,
  overrides?: { http?: string | null; ws?: string | null },
): VisionUrls {
  const httpOverride = overrides?.http?.trim();
  const wsOverride = overrides?.ws?.trim();
  const http = httpOverride
    ? trimSlash(httpOverride)
    : isLocalHost(hostname)
      ? LOCAL_VISION_HTTP_URL
      : `http://${hostname}:8001`;
  const ws = wsOverride ? trimSlash(wsOverride) : toWebSocketUrl(http);
  return { http, ws };
}
