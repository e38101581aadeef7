// The popup: separate sections (account, posture, today, alerts, actions) so more (profile, sensitivity)
// can slot in between them.
import { Button } from '@posture-vision/ui';
import { useState } from 'react';
import { DASHBOARD_URL, LOGIN_URL } from '../config';
import type { Result } from '../messaging/commands';
import { send } from '../messaging/runtime';
import type { Phase } from '../state/monitor-state';
import { AccountSection } from './sections/AccountSection';
import { AlertControlsSection } from './sections/AlertControlsSection';
import { BatterySection } from './sections/BatterySection';
import { CameraSection } from './sections/CameraSection';
import { PopupHeader } from './sections/PopupHeader';
import { PostureSection } from './sections/PostureSection';
import { ProcessingSection } from './sections/ProcessingSection';
import { ProfileSection } from './sections/ProfileSection';
import { SittingSection } from './sections/SittingSection';
import { SnoozeSection } from './sections/SnoozeSection';
import { StaleCalibrationSection } from './sections/StaleCalibrationSection';
import { TodaySection } from './sections/TodaySection';
import { WeekSection } from './sections/WeekSection';
import { useExtensionState } from './use-extension-state';
import { useNow } from './use-now';

export { PHASE_LABELS } from './sections/PopupHeader';
export { POSTURE_LABELS } from './sections/PostureSection';

const RUNNING: Phase[] = ['starting', 'calibrating', 'monitoring', 'paused'];

export function Popup() {
  const state = useExtensionState();
  const now = useNow(15_000, state?.alerts);
  // A command's answer is about the phase it was given in: once the phase moves on (the camera was allowed and
  // monitoring started), "Allow camera access…" is no longer true and is not shown.
  const [sent, setSent] = useState<{ answer: Result; phase: Phase } | null>(null);
  if (!state) return null;
  const { monitor, stats, alerts, camera, signedIn, account } = state;
  const running = RUNNING.includes(monitor.phase);

  const answer = sent && sent.phase === monitor.phase ? sent.answer : null;

  async function run(
    command: 'monitor/start' | 'monitor/stop' | 'monitor/snooze' | 'monitor/unsnooze' | 'monitor/recalibrate',
  ) {
    const phase = monitor.phase;
    setSent(null);
    try {
      setSent({ answer: await send('background', command, undefined), phase });
    } catch (error) {
      setSent({
        answer: { ok: false, message: error instanceof Error ? error.message : String(error) },
        phase,
      });
    }
  }

  const openTab = (url: string) => void chrome.tabs.create({ url });

  // Two parts: the sections, which scroll, and the actions under them. The actions are not laid over the
  // sections (a sticky footer hid the card scrolled into view under it, and a click on its button hit theirs).
  return (
    <main className="popup-frame">
      <div className="popup">
        <PopupHeader phase={monitor.phase} />
        <AccountSection signedIn={signedIn} account={account} onSignIn={() => openTab(LOGIN_URL)} />
        {signedIn && <PostureSection monitor={monitor} />}
        {/* What to do now, next to the state it is about and in view when the popup opens (below the day's figures
            'Sit up straight…' while calibrating was under the fold, and the popup seemed to hang). */}
        {monitor.message && (
          <p className={`message ${monitor.phase === 'error' ? 'error' : ''}`} data-testid="message">
            {monitor.message}
          </p>
        )}
        {answer && !answer.ok && answer.message && answer.message !== monitor.message && (
          <p className="message error">{answer.message}</p>
        )}
        {signedIn && (
          <>
            <StaleCalibrationSection monitor={monitor} onRecalibrate={() => run('monitor/recalibrate')} />
            <ProcessingSection monitor={monitor} running={running} />
            <TodaySection stats={stats} />
            <SittingSection sitting={state.sitting} now={Math.max(now, state.readAt)} />
            <WeekSection signedIn={signedIn} />
            <SnoozeSection
              alerts={alerts}
              now={now}
              running={running}
              onSnooze={() => run('monitor/snooze')}
              onEndSnooze={() => run('monitor/unsnooze')}
            />
          </>
        )}
        <ProfileSection signedIn={signedIn} />
        {signedIn && <CameraSection monitor={monitor} />}
        {signedIn && <BatterySection monitor={monitor} />}
        <AlertControlsSection signedIn={signedIn} />
      </div>
      <div className="actions">
        {running ? (
          <Button variant="primary" onClick={() => run('monitor/stop')}>
            Stop monitoring
          </Button>
        ) : (
          <Button variant="primary" onClick={() => run('monitor/start')} disabled={!signedIn}>
            Start monitoring
          </Button>
        )}
        {monitor.phase === 'monitoring' && (
          <Button onClick={() => run('monitor/recalibrate')}>Recalibrate</Button>
        )}
        {(camera === 'denied' || camera === 'missing') && (
          <Button onClick={() => openTab(chrome.runtime.getURL('src/permission/permission.html'))}>
            Allow camera
          </Button>
        )}
        <Button variant="ghost" onClick={() => openTab(DASHBOARD_URL)}>
          Open dashboard
        </Button>
      </div>
    </main>
  );
}
