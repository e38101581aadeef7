// What the download page needs: where the packaged extension is, whether the server has it, the install
// steps, and a subscription to the installed flag (set by the extension bridge on the extension's announce).
import { EXTENSION_INSTALLED_EVENT, EXTENSION_REMOVED_EVENT } from '../extension-bridge';

/** Written into the web app's public folder by the extension's `prepare-start` script. */
export const EXTENSION_ZIP_URL = '/posture-vision-extension.zip';

export const INSTALL_STEPS = [
  'Download the extension and unzip it into a folder you keep (Chrome loads it from there).',
  'Open chrome://extensions in a new tab.',
  'Turn on Developer mode (the switch at the top right).',
  'Click "Load unpacked" and choose the unzipped folder (the one that contains manifest.json).',
  'Pin Posture Vision from the puzzle-piece menu, then reload this page: it shows "Installed".',
  'Sign in to this web app: the extension signs in with you. Signing out here signs it out too.',
  'Click the Posture Vision icon, then Start monitoring, and allow the camera once on the page that opens.',
] as const;

/** True when the server has the zip (a missing file answers the app's HTML page instead). */
export async function packageState(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(EXTENSION_ZIP_URL, { method: 'HEAD' });
    return response.ok && (response.headers.get('content-type') ?? '').includes('zip');
  } catch {
    return false;
  }
}

export function subscribeInstalled(onChange: () => void): () => void {
  window.addEventListener(EXTENSION_INSTALLED_EVENT, onChange);
  window.addEventListener(EXTENSION_REMOVED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EXTENSION_INSTALLED_EVENT, onChange);
    window.removeEventListener(EXTENSION_REMOVED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
