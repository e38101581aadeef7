// The web app's side of the extension handshake: when the extension's content script announces itself,
// set the installed flag (read by the dashboard banner) and hand the extension the current tokens, again
// whenever they change (refresh, sign-in, sign-out). Tokens the extension rotated are kept here.
import { REFRESH_TOKEN_KEY, readCookie, STORAGE_KEYS } from '@posture-vision/core';
import { api } from '../services/api';
import {
  EXTENSION_INSTALLED_FLAG,
  FROM_WEB_APP,
  isFromExtension,
  type PageToExtension,
  type TokenPair,
} from './protocol';

export { EXTENSION_INSTALLED_FLAG } from './protocol';

/** Dispatched on window when the flag has just been set, so open pages can show "installed". */
export const EXTENSION_INSTALLED_EVENT = 'posture-vision-extension-installed';

/** How often the tokens are compared while the extension is present (sign-out in this tab has no event). */
const WATCH_INTERVAL_MS = 1000;

export function isExtensionInstalled(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(EXTENSION_INSTALLED_FLAG) === 'true';
}

function currentTokens(): TokenPair {
  return {
    accessToken: localStorage.getItem(STORAGE_KEYS.token),
    refreshToken: readCookie(document.cookie, REFRESH_TOKEN_KEY),
  };
}

/** Starts listening for the extension; answers a function that stops. */
export function startExtensionBridge(win: Window = window): () => void {
  const origin = win.location.origin;
  let handedOver: string | null = null;
  let watch: ReturnType<typeof setInterval> | undefined;

  const post = (message: PageToExtension) => win.postMessage(message, origin);

  function handOver(force = false): void {
    const tokens = currentTokens();
    const key = JSON.stringify(tokens);
    if (!force && key === handedOver) return;
    handedOver = key;
    post({ source: FROM_WEB_APP, type: 'tokens', ...tokens });
  }

  async function keepRotated({ accessToken, refreshToken }: TokenPair): Promise<void> {
    if (!accessToken) return;
    await api.auth.storeTokens(accessToken, refreshToken ?? undefined);
    handedOver = JSON.stringify(currentTokens());
  }

  function onMessage(event: MessageEvent): void {
    if (event.source !== win || event.origin !== origin || !isFromExtension(event.data)) return;
    const data = event.data;
    if (data.type === 'announce') {
      if (!isExtensionInstalled()) {
        localStorage.setItem(EXTENSION_INSTALLED_FLAG, 'true');
        win.dispatchEvent(new Event(EXTENSION_INSTALLED_EVENT));
      }
      handOver(true);
      watch ??= setInterval(() => handOver(), WATCH_INTERVAL_MS);
    } else if (data.type === 'tokens-rotated') {
      void keepRotated(data);
    }
  }

  win.addEventListener('message', onMessage);
  // The content script may have announced before this code ran: ask again.
  post({ source: FROM_WEB_APP, type: 'hello' });
  return () => {
    win.removeEventListener('message', onMessage);
    clearInterval(watch);
  };
}
