// Runs on the web app's pages only (its origin is fixed at build time): announces the extension and passes
// the one-time sign-in code the signed-in web app obtained (null: signed out) to the service worker, which
// trades it for the extension's own session.
import { type ExtensionToPage, FROM_EXTENSION, isFromWebApp } from '@posture-vision/core/extension-bridge';
import { WEB_ORIGIN } from '../config';
import { send } from '../messaging/runtime';

function announce(): void {
  const message: ExtensionToPage = {
    source: FROM_EXTENSION,
    type: 'announce',
    version: chrome.runtime.getManifest().version,
  };
  window.postMessage(message, WEB_ORIGIN);
}

// Match patterns cannot name a port: act only on the exact origin.
if (location.origin === WEB_ORIGIN) {
  window.addEventListener('message', (event) => {
    if (event.source !== window || event.origin !== WEB_ORIGIN || !isFromWebApp(event.data)) return;
    const data = event.data;
    if (data.type === 'hello') announce();
    else if (data.type === 'session')
      void send('background', 'auth/handover', { handoffCode: data.handoffCode });
  });
  announce();
}
