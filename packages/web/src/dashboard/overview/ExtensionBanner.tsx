import { buttonClass } from '@posture-vision/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { EXTENSION_INSTALLED_EVENT, EXTENSION_REMOVED_EVENT } from '../../extension-bridge';

/** Local storage keys: the dismissal (hide-CTA) and the flag the extension's content script sets. */
export const HIDE_EXTENSION_CTA_KEY = 'postureVisionHideExtensionCTA';
export const EXTENSION_INSTALLED_KEY = 'postureVisionExtensionInstalled';

function initiallyVisible(): boolean {
  return (
    localStorage.getItem(HIDE_EXTENSION_CTA_KEY) !== 'true' &&
    localStorage.getItem(EXTENSION_INSTALLED_KEY) !== 'true'
  );
}

/** The promotional banner for the browser extension. */
export function ExtensionBanner() {
  const [visible, setVisible] = useState(initiallyVisible);
  // The bridge sets or clears the installed flag after this page rendered (extension-bridge/index.ts).
  useEffect(() => {
    const update = () => setVisible(initiallyVisible());
    const events = [EXTENSION_INSTALLED_EVENT, EXTENSION_REMOVED_EVENT];
    for (const e of events) window.addEventListener(e, update);
    return () => {
      for (const e of events) window.removeEventListener(e, update);
    };
  }, []);
  if (!visible) return null;
  function dismiss() {
    localStorage.setItem(HIDE_EXTENSION_CTA_KEY, 'true');
    setVisible(false);
  }
  return (
    <div className="pv-banner" data-testid="extension-banner">
      <div>
        <strong>Monitor your posture while you work.</strong> Get the Posture Vision Chrome extension for
        reminders in every tab.
      </div>
      <Link to="/chrome-extension-download" className={buttonClass('primary')}>
        Get the Extension
      </Link>
      <button type="button" className="pv-banner-close" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
