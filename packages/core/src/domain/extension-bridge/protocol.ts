// The handshake between the web app's pages and the extension's content script, over window.postMessage
// on the web app's own origin. The web app (web/src/extension-bridge) and the extension's content script
// (extension/src/content/web-app-bridge.ts) both import it from here: one definition for both sides.

/** localStorage key read by the dashboard banner; value 'true' once the extension has announced itself. */
export const EXTENSION_INSTALLED_FLAG = 'postureVisionExtensionInstalled';

export const FROM_EXTENSION = 'posture-vision-extension';
export const FROM_WEB_APP = 'posture-vision-web';

/** Content script → page. */
export type ExtensionToPage = { source: typeof FROM_EXTENSION; type: 'announce'; version: string };

/** Page → content script. */
export type PageToExtension =
  | { source: typeof FROM_WEB_APP; type: 'hello' }
  /**
   * A one-time code the signed-in web app obtained for the extension (POST /auth/sessions/extension/handoff);
   * null means signed out. The extension trades it once, within a minute, for its own device session (POST
   * /auth/sessions/extension). Neither the web app's access token nor its refresh token crosses the bridge.
   */
  | { source: typeof FROM_WEB_APP; type: 'session'; handoffCode: string | null };

function isFrom<T extends { source: string }>(source: T['source'], data: unknown): data is T {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === source;
}

export const isFromExtension = (data: unknown): data is ExtensionToPage =>
  isFrom<ExtensionToPage>(FROM_EXTENSION, data);
export const isFromWebApp = (data: unknown): data is PageToExtension =>
  isFrom<PageToExtension>(FROM_WEB_APP, data);
