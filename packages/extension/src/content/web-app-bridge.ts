// Runs on the web app's pages only (its origin is fixed at build time): announces the extension, passes
// the web app's tokens to the service worker, and gives back tokens the extension rotated.
import {
  type ExtensionToPage,
  FROM_EXTENSION,
  isFromWebApp,
  type TokenPair,
} from '../../../web/src/extension-bridge/protocol';
import { WEB_ORIGIN } from '../config';
import { listen, send } from '../messaging/runtime';

function post(message: ExtensionToPage): void {
  window.postMessage(message, WEB_ORIGIN);
}

function giveBack(tokens: TokenPair): void {
  post({ source: FROM_EXTENSION, type: 'tokens-rotated', ...tokens });
}

async function announce(): Promise<void> {
  // A pair refreshed while no web app tab was open goes to the page before it hands over its stale one.
  const pending = await send('background', 'auth/pending', undefined).catch(() => null);
  if (pending) giveBack(pending);
  post({ source: FROM_EXTENSION, type: 'announce', version: chrome.runtime.getManifest().version });
}

// Match patterns cannot name a port: act only on the exact origin.
if (location.origin === WEB_ORIGIN) {
  window.addEventListener('message', (event) => {
    if (event.source !== window || event.origin !== WEB_ORIGIN || !isFromWebApp(event.data)) return;
    const data = event.data;
    if (data.type === 'hello') void announce();
    else if (data.type === 'tokens')
      void send('background', 'auth/handover', {
        accessToken: data.accessToken,
        refreshToken: data.refreshToken,
      });
  });
  listen('content', {
    async 'auth/rotated'(tokens) {
      giveBack(tokens);
      return { ok: true };
    },
  });
  void announce();
}
