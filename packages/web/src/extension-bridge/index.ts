// The web app's side of the extension handshake: when the extension's content script announces itself,
// set the installed flag (read by the dashboard banner) and tell the extension the current access token,
// again whenever it changes (refresh, sign-in, sign-out). The extension opens its own device session with
// it, so the two never share a rotating refresh token; a null token signs the extension out.
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

export function isExtensionInstalled(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(EXTENSION_INSTALLED_FLAG) === 'true';
}

/** Starts listening for the extension; answers a function that stops. */
export function startExtensionBridge(win: Window = window): () => void {
  const origin = win.location.origin;
  let handedOver: string | null = null;
  let watch: ReturnType<typeof setInterval> | undefined;

  const post = (message: PageToExtension) => win.postMessage(message, origin);

  function handOver(force = false): void {
    const accessToken = localStorage.getItem(STORAGE_KEYS.token);
    if (!force && accessToken === handedOver) return;
    handedOver = accessToken;
    post({ source: FROM_WEB_APP, type: 'session', accessToken });
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
