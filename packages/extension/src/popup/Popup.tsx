<<<<<<< HEAD
import type { PostureStatus } from '@posture-vision/core';
import { useEffect, useState } from 'react';
import { DASHBOARD_URL, LOGIN_URL } from '../config';
import type { Result } from '../messaging/commands';
import { send } from '../messaging/runtime';
import {
  PROCESSING_KEY,
  type Processing,
  type ProcessingChoice,
  processingChoice,
} from '../offscreen/processing';
import { isSnoozed } from '../rules/alert-timing';
import { formatMonitoredTime, goodPostureShare } from '../rules/daily-stats';
=======
// The popup: separate sections (account, posture, today, alerts, actions) so more (profile, sensitivity)
// can slot in between them.
import { Button } from '@posture-vision/ui';
import { useState } from 'react';
import { DASHBOARD_URL, LOGIN_URL } from '../config';
import type { Result } from '../messaging/commands';
import { send } from '../messaging/runtime';
>>>>>>> main
import type { Phase } from '../state/monitor-state';
import { AccountSection } from './sections/AccountSection';
import { PopupHeader } from './sections/PopupHeader';
import { PostureSection } from './sections/PostureSection';
import { SnoozeSection } from './sections/SnoozeSection';
import { TodaySection } from './sections/TodaySection';
import { useExtensionState } from './use-extension-state';
import { useNow } from './use-now';

<<<<<<< HEAD
export const PROCESSING_LABELS: Record<Processing, string> = {
  server: 'Vision service',
  device: 'This computer',
  fallback: 'This computer (vision service unreachable)',
};

/** The remembered choice "Process video on this computer" (chrome.storage.local; read at each start). */
function useProcessingChoice(): [ProcessingChoice, (c: ProcessingChoice) => void] {
  const [choice, setChoice] = useState<ProcessingChoice>('server');
  useEffect(() => {
    void chrome.storage.local
      .get(PROCESSING_KEY)
      .then((v) =>
        setChoice(processingChoice(typeof v[PROCESSING_KEY] === 'string' ? v[PROCESSING_KEY] : null)),
      );
  }, []);
  return [
    choice,
    (next) => {
      setChoice(next);
      void chrome.storage.local.set({ [PROCESSING_KEY]: next });
    },
  ];
}

export const PHASE_LABELS: Record<Phase, string> = {
  stopped: 'Not monitoring',
  starting: 'Starting…',
  calibrating: 'Calibrating',
  monitoring: 'Monitoring',
  paused: 'Paused',
  error: 'Stopped',
};

export const POSTURE_LABELS: Record<PostureStatus, string> = {
  good: 'Good posture',
  poor: 'Poor posture',
  neutral: 'No one in view',
};
=======
export { PHASE_LABELS } from './sections/PopupHeader';
export { POSTURE_LABELS } from './sections/PostureSection';
>>>>>>> main

const RUNNING: Phase[] = ['starting', 'calibrating', 'monitoring', 'paused'];

export function Popup() {
  const state = useExtensionState();
  const now = useNow();
  const [answer, setAnswer] = useState<Result | null>(null);
  const [choice, setChoice] = useProcessingChoice();
  if (!state) return null;
  const { monitor, stats, alerts, camera, signedIn, account } = state;
  const running = RUNNING.includes(monitor.phase);

  async function run(command: 'monitor/start' | 'monitor/stop' | 'monitor/snooze' | 'monitor/recalibrate') {
    setAnswer(null);
    try {
      setAnswer(await send('background', command, undefined));
    } catch (error) {
      setAnswer({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  }

  const openTab = (url: string) => void chrome.tabs.create({ url });

  return (
    <main className="popup">
<<<<<<< HEAD
      <h1>Posture Vision</h1>
      <dl>
        <div className="row">
          <dt>Account</dt>
          <dd data-testid="sign-in">{signedIn ? 'Signed in' : 'Not signed in'}</dd>
        </div>
        <div className="row">
          <dt>Monitoring</dt>
          <dd data-testid="phase">{PHASE_LABELS[monitor.phase]}</dd>
        </div>
        <div className="row">
          <dt>Connection</dt>
          <dd data-testid="connection">{monitor.connection}</dd>
        </div>
        {running && (
          <div className="row">
            <dt>Video processed on</dt>
            <dd data-testid="processing">{PROCESSING_LABELS[monitor.processing ?? 'server']}</dd>
          </div>
        )}
        <div className="row">
          <dt>Posture</dt>
          <dd data-testid="posture" className={`posture-${monitor.posture}`}>
            {monitor.phase === 'monitoring' ? POSTURE_LABELS[monitor.posture] : '–'}
          </dd>
        </div>
        <div className="row">
          <dt>Monitored today</dt>
          <dd data-testid="monitored-today">{formatMonitoredTime(stats.monitoredMs)}</dd>
        </div>
        <div className="row">
          <dt>Good posture today</dt>
          <dd data-testid="good-share">{share === null ? '–' : `${share}%`}</dd>
        </div>
        {running && monitor.captureFps > 0 && (
          <div className="row">
            <dt>Capture rate</dt>
            <dd>{monitor.captureFps} frame/s</dd>
          </div>
        )}
      </dl>
=======
      <PopupHeader phase={monitor.phase} />
      <AccountSection signedIn={signedIn} account={account} onSignIn={() => openTab(LOGIN_URL)} />
      {signedIn && (
        <>
          <PostureSection monitor={monitor} />
          <TodaySection stats={stats} />
          <SnoozeSection alerts={alerts} now={now} running={running} onSnooze={() => run('monitor/snooze')} />
        </>
      )}
>>>>>>> main
      {monitor.message && (
        <p className={`message ${monitor.phase === 'error' ? 'error' : ''}`} data-testid="message">
          {monitor.message}
        </p>
      )}
      {answer && !answer.ok && answer.message && answer.message !== monitor.message && (
        <p className="message error">{answer.message}</p>
      )}
<<<<<<< HEAD
      {isSnoozed(alerts, now) && alerts.snoozedUntil !== null && (
        <p className="message">Alerts snoozed until {time(alerts.snoozedUntil)}.</p>
      )}
      <label className="choice">
        <input
          type="checkbox"
          data-testid="process-on-device"
          checked={choice === 'device'}
          onChange={(e) => setChoice(e.target.checked ? 'device' : 'server')}
        />{' '}
        Process video on this computer{running ? ' (from the next start)' : ''}
      </label>
=======
>>>>>>> main
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
