// The web app's side of the extension handshake: when the extension's content script announces itself,
// set the installed flag (read by the dashboard banner) and sign the extension in or out, again whenever the
// signed-in account changes (sign-in, sign-out, another account). Signing in hands over a one-time code the
// web app obtains with its access token and its refresh cookie: the extension trades it for its own
// device session, so the two never share a rotating refresh token, and neither token crosses the bridge.
// Signing out hands over null.
import {
  EXTENSION_INSTALLED_FLAG,
  FROM_WEB_APP,
  isFromExtension,
  type PageToExtension,
  STORAGE_KEYS,
} from '@posture-vision/core';

/** Dispatched on window when the flag has just been set, so open pages can show "installed". */
export const EXTENSION_INSTALLED_EVENT = 'posture-vision-extension-installed';

/** Dispatched on window when the flag has just been cleared (the extension did not answer: removed). */
export const EXTENSION_REMOVED_EVENT = 'posture-vision-extension-removed';

/**
 * How long the page waits for the content script to answer its hello before it concludes the extension is gone
 * and clears the installed flag. The content script answers at once; 3 s leaves room for a busy machine.
 */
export const EXTENSION_ANSWER_MS = 3000;

/** How often the token is compared while the extension is present (sign-out in this tab has no event). */
const WATCH_INTERVAL_MS = 1000;

/** Asks the API for a one-time extension sign-in code; null when signed out or refused. */
export type RequestHandoffCode = () => Promise<string | null>;

/** The account an access token belongs to (its `sub`), or null; only compared, never trusted. */
function accountOf(accessToken: string | null): string | null {
  if (!accessToken) return null;
  try {
    const payload = JSON.parse(atob((accessToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload?.sub === 'string' ? payload.sub : accessToken;
  } catch {
    return accessToken;
  }
}

export function isExtensionInstalled(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(EXTENSION_INSTALLED_FLAG) === 'true';
}

/** Starts listening for the extension; answers a function that stops. */
export function startExtensionBridge(requestCode: RequestHandoffCode, win: Window = window): () => void {
  const origin = win.location.origin;
  // The account last handed over (undefined: nothing yet). A refreshed token of the same account changes
  // nothing for the extension, which refreshes its own session.
  let handedOver: string | null | undefined;
  let watch: ReturnType<typeof setInterval> | undefined;
  let round = 0;

  const post = (message: PageToExtension) => win.postMessage(message, origin);

  // The token a code was refused for: asked again only once the token changes (a refresh), not every second.
  let refusedFor: string | null = null;

  function handOver(force = false): void {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const account = accountOf(token);
    if (!force && (account === handedOver || (account && token === refusedFor))) return;
    handedOver = account;
    const mine = ++round;
    if (!account) {
      post({ source: FROM_WEB_APP, type: 'session', handoffCode: null });
      return;
    }
    void requestCode().then(
      (handoffCode) => {
        // A newer hand-over (sign-out, another account) started meanwhile: this code is stale.
        if (mine !== round) return;
        // Refused (an expired session about to be refreshed or ended): try again on the next change.
        if (!handoffCode) {
          handedOver = undefined;
          refusedFor = token;
        } else post({ source: FROM_WEB_APP, type: 'session', handoffCode });
      },
      () => {
        if (mine !== round) return;
        handedOver = undefined;
        refusedFor = token;
      },
    );
  }

  // The flag is set when the extension announces itself; nothing tells the page when it is removed, so each
  // start checks presence: no answer within EXTENSION_ANSWER_MS clears the flag (and the banner shows again).
  const presence = setTimeout(() => {
    if (!isExtensionInstalled()) return;
    localStorage.removeItem(EXTENSION_INSTALLED_FLAG);
    win.dispatchEvent(new Event(EXTENSION_REMOVED_EVENT));
  }, EXTENSION_ANSWER_MS);

  function onMessage(event: MessageEvent): void {
    if (event.source !== win || event.origin !== origin || !isFromExtension(event.data)) return;
    if (event.data.type !== 'announce') return;
    clearTimeout(presence);
    if (!isExtensionInstalled()) {
      localStorage.setItem(EXTENSION_INSTALLED_FLAG, 'true');
      win.dispatchEvent(new Event(EXTENSION_INSTALLED_EVENT));
    }
    handOver(true);
    watch ??= setInterval(() => handOver(), WATCH_INTERVAL_MS);
  }

  win.addEventListener('message', onMessage);
  // The content script may have announced before this code ran: ask again.
  post({ source: FROM_WEB_APP, type: 'hello' });
  return () => {
    win.removeEventListener('message', onMessage);
    clearInterval(watch);
    clearTimeout(presence);
  };
}
