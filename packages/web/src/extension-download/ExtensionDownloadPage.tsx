import { buttonClass } from '@posture-vision/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isExtensionInstalled } from '../extension-bridge';
import { InfoPage } from '../public/InfoPage';
import { EXTENSION_ZIP_URL, INSTALL_STEPS, packageState, subscribeInstalled } from './extension-package';

/** /chrome-extension-download: the packaged extension built from this repository, with install steps. */
export default function ExtensionDownloadPage() {
  const installed = useSyncExternalStore(subscribeInstalled, () => isExtensionInstalled());
  const [available, setAvailable] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    void packageState().then((state) => live && setAvailable(state));
    return () => {
      live = false;
    };
  }, []);

  return (
    <InfoPage
      title="Posture Vision for Chrome"
      lead="Monitor your posture passively while you browse, with a reminder when poor posture persists."
    >
      {installed ? (
        <p className="form-message tone-success" role="status" data-testid="extension-installed">
          Installed: the Posture Vision extension is active in this browser. Click its toolbar icon to start
          monitoring.
        </p>
      ) : (
        <p data-testid="extension-not-installed">The extension is not installed in this browser yet.</p>
      )}
      <p>
        <a
          className={buttonClass('primary')}
          href={EXTENSION_ZIP_URL}
          download
          data-testid="extension-download"
        >
          Download the extension (.zip)
        </a>
      </p>
      {available === false && (
        <p className="form-message tone-error" role="alert">
          The extension package has not been built on this server yet. Run <code>npm start</code> (it builds
          the package) and reload this page.
        </p>
      )}
      <h2>Install it in Chrome</h2>
      <ol data-testid="install-steps">
        {INSTALL_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </InfoPage>
  );
}
