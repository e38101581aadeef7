import '@posture-vision/ui/tokens.css';
import '@posture-vision/ui/components.css';
import '../ui/extension.css';
import { Button, Card, Logo } from '@posture-vision/ui';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { send } from '../messaging/runtime';
import { followSystemTheme } from '../ui/theme';
import { type CameraOutcome, requestCamera } from './camera-access';

export const TEXTS = {
  title: 'Allow Posture Vision to use your camera',
  explanation:
    'Posture Vision watches your sitting posture while you browse and tells you when it stays poor. ' +
    'It needs your camera for that. Video goes only to the Posture Vision service for pose detection; ' +
    'nothing is recorded. The camera turns off when you stop monitoring or your computer is idle or locked.',
  button: 'Allow camera',
  granted: 'Camera access granted. You can close this tab.',
  grantedStarting: 'Camera access granted. Monitoring is starting; you can close this tab.',
  denied:
    'Camera access was denied. Click the camera icon in the address bar, allow the camera, then try again.',
  missing: 'No camera was found. Connect a camera, then try again.',
} as const;

const startAfterGrant = new URLSearchParams(location.search).get('start') === '1';

function PermissionPage() {
  const [outcome, setOutcome] = useState<CameraOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function allow() {
    setBusy(true);
    const result = await requestCamera();
    await send('background', 'camera/result', result);
    if (result.granted && startAfterGrant) await send('background', 'monitor/start', undefined);
    setOutcome(result);
    setBusy(false);
  }

  return (
    <main className="permission">
      <Logo size={32} />
      <Card>
        <h1>{TEXTS.title}</h1>
        <p>{TEXTS.explanation}</p>
      </Card>
      <ul>
        <li>Chrome asks once; your choice is kept for the extension.</li>
        <li>You can stop monitoring from the toolbar popup at any time.</li>
      </ul>
      <div>
        <Button variant="primary" size="lg" onClick={allow} disabled={busy}>
          {busy ? 'Waiting for your answer…' : TEXTS.button}
        </Button>
      </div>
      {outcome && (
        <p role="status" className={outcome.granted ? 'ok' : 'error'}>
          {outcome.granted
            ? startAfterGrant
              ? TEXTS.grantedStarting
              : TEXTS.granted
            : outcome.reason === 'missing'
              ? TEXTS.missing
              : TEXTS.denied}
        </p>
      )}
    </main>
  );
}

followSystemTheme();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <PermissionPage />
    </StrictMode>,
  );
