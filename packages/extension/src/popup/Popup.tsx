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
import type { Phase } from '../state/monitor-state';
import { useExtensionState } from './use-extension-state';

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

const RUNNING: Phase[] = ['starting', 'calibrating', 'monitoring', 'paused'];

function time(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function Popup() {
  const state = useExtensionState();
  const [answer, setAnswer] = useState<Result | null>(null);
  const [choice, setChoice] = useProcessingChoice();
  if (!state) return null;
  const { monitor, stats, alerts, camera, signedIn } = state;
  const running = RUNNING.includes(monitor.phase);
  const share = goodPostureShare(stats);
  const now = Date.now();

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
      {monitor.message && (
        <p className={`message ${monitor.phase === 'error' ? 'error' : ''}`} data-testid="message">
          {monitor.message}
        </p>
      )}
      {answer && !answer.ok && answer.message && answer.message !== monitor.message && (
        <p className="message error">{answer.message}</p>
      )}
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
      <div className="actions">
        {running ? (
          <button type="button" className="primary" onClick={() => run('monitor/stop')}>
            Stop monitoring
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => run('monitor/start')} disabled={!signedIn}>
            Start monitoring
          </button>
        )}
        <button type="button" onClick={() => run('monitor/snooze')} disabled={!running}>
          Snooze alerts 30 min
        </button>
        {monitor.phase === 'monitoring' && (
          <button type="button" onClick={() => run('monitor/recalibrate')}>
            Recalibrate
          </button>
        )}
        {(camera === 'denied' || camera === 'missing') && (
          <button
            type="button"
            onClick={() => openTab(chrome.runtime.getURL('src/permission/permission.html'))}
          >
            Allow camera
          </button>
        )}
        <button type="button" onClick={() => openTab(DASHBOARD_URL)}>
          Open dashboard
        </button>
        {!signedIn && (
          <button type="button" onClick={() => openTab(LOGIN_URL)}>
            Sign in
          </button>
        )}
      </div>
    </main>
  );
}
