// The service worker orchestrates: it creates and closes the offscreen document, keeps the state in
// chrome.storage (it is stopped after ~30 s idle, so nothing lives in globals), shows the badge, raises
// the poor-posture notification and pauses the camera while the machine is idle or locked.
import { REFRESH_TOKEN_KEY, STORAGE_KEYS } from '@posture-vision/core';
import { WEB_ORIGIN } from '../config';
import type { Handlers, Result, TokenPair } from '../messaging/commands';
import { listen, send, sendToTab } from '../messaging/runtime';
import { chromeNotifier } from '../platform/notifier';
import { chromeOffscreenHost } from '../platform/offscreen-host';
import { chromeStorage, readValue, writeValue } from '../platform/storage';
import { chromeToolbar } from '../platform/toolbar';
import { INITIAL_ALERT_STATE, onPostureUpdate, resetStretch, snooze } from '../rules/alert-timing';
import { badgeFor } from '../rules/badge';
import { addPostureTime } from '../rules/daily-stats';
import { IDLE_DETECTION_SECONDS, onIdleChange } from '../rules/idle';
import { INITIAL_MONITOR_STATE, KEYS, type MonitorState } from '../state/monitor-state';

export const MESSAGES = {
  signIn: 'Sign in on the Posture Vision web app first.',
  allowCamera: 'Allow camera access in the tab that just opened; monitoring starts after that.',
  cameraDenied: 'Camera access was denied. Click "Allow camera" to grant it.',
  cameraMissing: 'No camera was found. Connect a camera and try again.',
  paused: 'Paused while the computer is idle or locked.',
  signedOut: 'Signed out in the web app.',
} as const;

const offscreen = chromeOffscreenHost();
const notifier = chromeNotifier();
const toolbar = chromeToolbar();
const storage = chromeStorage();
/** Pending-rotation marker: the pair the extension refreshed to, until the web app has taken it. */
const ROTATED_KEY = 'rotatedTokens';

// Not state: a queue that keeps read-modify-write updates of the stored monitor state in order.
let updates: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = updates.then(task, task);
  updates = run.catch(() => undefined);
  return run;
}

async function monitorState(): Promise<MonitorState> {
  return (await readValue(KEYS.monitor)) ?? INITIAL_MONITOR_STATE;
}

function updateMonitor(change: (state: MonitorState) => Partial<MonitorState>): Promise<MonitorState> {
  return serial(async () => {
    const current = await monitorState();
    const next = { ...current, ...change(current) };
    await writeValue(KEYS.monitor, next);
    await toolbar.show(badgeFor(next));
    return next;
  });
}

async function startOffscreen(sessionId: string | null): Promise<Result> {
  await offscreen.ensure();
  return send('offscreen', 'offscreen/start', { sessionId });
}

async function stopOffscreen(endSession: boolean): Promise<void> {
  // A session paused while idle has no offscreen document: open one just to end the session.
  const { sessionId } = await monitorState();
  if (endSession && sessionId) await offscreen.ensure();
  if (await offscreen.exists()) {
    await send('offscreen', 'offscreen/stop', { endSession, sessionId }).catch(() => undefined);
    await offscreen.close();
  }
}

async function stopMonitoring(message: string | null): Promise<Result> {
  await stopOffscreen(true);
  await serial(async () =>
    writeValue(KEYS.alerts, resetStretch((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE)),
  );
  await updateMonitor(() => ({ ...INITIAL_MONITOR_STATE, message }));
  return { ok: true };
}

async function openCameraPermissionPage(): Promise<void> {
  await chrome.tabs.create({ url: chrome.runtime.getURL('src/permission/permission.html?start=1') });
}

const handlers: Handlers<'background'> = {
  async 'monitor/start'() {
    if (!(await storage.get(STORAGE_KEYS.token))) {
      await updateMonitor(() => ({ phase: 'error', message: MESSAGES.signIn }));
      return { ok: false, message: MESSAGES.signIn };
    }
    if ((await readValue(KEYS.camera)) !== 'granted') {
      await openCameraPermissionPage();
      return { ok: false, message: MESSAGES.allowCamera };
    }
    const state = await updateMonitor(() => ({ ...INITIAL_MONITOR_STATE, phase: 'starting' }));
    return startOffscreen(state.sessionId);
  },
  'monitor/stop': () => stopMonitoring(null),
  async 'monitor/snooze'() {
    await serial(async () =>
      writeValue(KEYS.alerts, snooze((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE, Date.now())),
    );
    return { ok: true };
  },
  async 'monitor/recalibrate'() {
    if (!(await offscreen.exists())) return { ok: false, message: 'Monitoring is not running.' };
    return send('offscreen', 'offscreen/recalibrate', undefined);
  },
  async 'camera/result'({ granted, reason }) {
    await writeValue(KEYS.camera, granted ? 'granted' : (reason ?? 'denied'));
    if (!granted) {
      await stopOffscreen(true);
      await updateMonitor(() => ({
        ...INITIAL_MONITOR_STATE,
        phase: 'error',
        message: reason === 'missing' ? MESSAGES.cameraMissing : MESSAGES.cameraDenied,
      }));
    }
    return { ok: true };
  },
  async 'auth/handover'({ accessToken, refreshToken }) {
    await chrome.storage.local.remove(ROTATED_KEY);
    if (!accessToken) {
      // Signing out in the web app signs the extension out: end the session while the token still works.
      if ((await storage.get(STORAGE_KEYS.token)) === null) return { ok: true };
      const { phase } = await monitorState();
      if (phase !== 'stopped') await stopMonitoring(MESSAGES.signedOut);
      await storage.remove(STORAGE_KEYS.token);
      await storage.remove(REFRESH_TOKEN_KEY);
      return { ok: true };
    }
    await storage.set(STORAGE_KEYS.token, accessToken);
    if (refreshToken) await storage.set(REFRESH_TOKEN_KEY, refreshToken);
    const state = await monitorState();
    if (state.phase === 'error' && state.message === MESSAGES.signIn)
      await updateMonitor(() => INITIAL_MONITOR_STATE);
    return { ok: true };
  },
  async 'auth/pending'() {
    return ((await chrome.storage.local.get(ROTATED_KEY))[ROTATED_KEY] as TokenPair | undefined) ?? null;
  },
  async 'offscreen/phase'({ phase, message, sessionId }) {
    await updateMonitor((s) => ({
      phase,
      message: message ?? null,
      ...(sessionId !== undefined ? { sessionId } : {}),
      ...(phase === 'error' || phase === 'stopped'
        ? { connection: 'Not connected', captureFps: 0, sessionId: null }
        : {}),
      ...(phase === 'monitoring' && s.phase !== 'monitoring' ? { posture: 'neutral' } : {}),
    }));
    if (phase === 'error') await offscreen.close();
    return { ok: true };
  },
  async 'offscreen/connection'({ connection }) {
    await updateMonitor(() => ({ connection }));
    return { ok: true };
  },
  async 'offscreen/posture'({ posture, at, captureFps }) {
    const previous = await monitorState();
    await updateMonitor(() => ({ posture, postureAt: at, captureFps }));
    const alert = await serial(async () => {
      const stats = await readValue(KEYS.stats);
      const last = previous.postureAt !== null ? { status: previous.posture, at: previous.postureAt } : null;
      await writeValue(KEYS.stats, addPostureTime(stats, last, at));
      if (previous.phase !== 'monitoring') return false;
      const next = onPostureUpdate((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE, posture, at);
      await writeValue(KEYS.alerts, next.state);
      return next.alert;
    });
    if (alert) await notifier.poorPosture();
    return { ok: true };
  },
  'storage/get': ({ key }) => storage.get(key),
  async 'storage/set'({ key, value }) {
    await storage.set(key, value);
    // The offscreen document refreshed the tokens: the web app shares the refresh token and must follow.
    if (key === REFRESH_TOKEN_KEY) await handBackRotatedTokens();
    return { ok: true };
  },
  async 'storage/remove'({ key }) {
    await storage.remove(key);
    return { ok: true };
  },
};

async function handBackRotatedTokens(): Promise<void> {
  const pair: TokenPair = {
    accessToken: await storage.get(STORAGE_KEYS.token),
    refreshToken: await storage.get(REFRESH_TOKEN_KEY),
  };
  await chrome.storage.local.set({ [ROTATED_KEY]: pair });
  const tabs = await chrome.tabs.query({ url: `${WEB_ORIGIN}/*` });
  for (const tab of tabs) {
    if (tab.id !== undefined) await sendToTab(tab.id, 'auth/rotated', pair).catch(() => undefined);
  }
}

listen('background', handlers);

chrome.idle.setDetectionInterval(IDLE_DETECTION_SECONDS);
chrome.idle.onStateChanged.addListener(async (idle) => {
  const state = await monitorState();
  const change = onIdleChange(idle, state.phase);
  if (change === 'pause') {
    await stopOffscreen(false);
    await serial(async () =>
      writeValue(KEYS.alerts, resetStretch((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE)),
    );
    await updateMonitor(() => ({
      phase: 'paused',
      connection: 'Not connected',
      captureFps: 0,
      message: MESSAGES.paused,
    }));
  } else if (change === 'resume') {
    await updateMonitor(() => ({ phase: 'starting', message: null }));
    await startOffscreen(state.sessionId);
  }
});

notifier.onSnooze(() => void handlers['monitor/snooze'](undefined, {}));

// After a browser restart the offscreen document is gone: resume monitoring if it was on.
chrome.runtime.onStartup.addListener(async () => {
  const state = await monitorState();
  if (state.phase === 'stopped' || state.phase === 'error') return;
  await updateMonitor(() => ({ phase: 'starting', message: null }));
  await startOffscreen(state.sessionId);
});
