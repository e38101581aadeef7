// The web app and the extension share one rotating refresh token, and the API revokes the whole device
// session when a used refresh token is presented again. The web app hands over every pair it refreshes to;
// so before the extension refreshes itself, it waits briefly for such a pair and uses it instead.
import { type KeyValueStorage, REFRESH_TOKEN_KEY, STORAGE_KEYS } from '@posture-vision/core';

/** How long a refresh waits for a pair the web app may have just refreshed to (its bridge hands over within 1 s). */
export const HANDOVER_WAIT_MS = 2000;
const POLL_MS = 200;

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fetch for core's API client whose POST /auth/refresh first takes a pair handed over meanwhile. */
export function sharedRefreshFetch(
  apiUrl: string,
  storage: KeyValueStorage,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
  waitMs = HANDOVER_WAIT_MS,
): typeof fetch {
  return async (input, init) => {
    if (urlOf(input) !== `${apiUrl}/auth/refresh`) return doFetch(input, init);
    const presented = (JSON.parse(String(init?.body ?? '{}')) as { refresh_token?: string }).refresh_token;
    for (let waited = 0; waited < waitMs; waited += POLL_MS) {
      const current = await storage.get(REFRESH_TOKEN_KEY);
      const accessToken = await storage.get(STORAGE_KEYS.token);
      if (current && current !== presented && accessToken)
        return Response.json({ success: true, data: { access_token: accessToken, refresh_token: current } });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return doFetch(input, init);
  };
}
