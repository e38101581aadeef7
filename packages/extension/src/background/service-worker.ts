// The service worker orchestrates: it creates and closes the offscreen document, keeps the state in
// chrome.storage (it is stopped after ~30 s idle, so nothing lives in globals), shows the badge, raises
// the poor-posture notification and pauses the camera while the machine is idle or locked.
import {
  ALERT_PREFERENCES_KEY,
  type AlertPreferences,
  addPresence,
  createApiClient,
  parseAlertPreferences,
  reminded,
  STORAGE_KEYS,
  sittingFigures,
  snoozeStandUp,
  standUpDue,
  stopWatching,
  storageRefreshTokenStore,
} from '@posture-vision/core';
import { API_URL } from '../config';
import type { Handlers, Result } from '../messaging/commands';
import { listen, send } from '../messaging/runtime';
import { currentCallSite } from '../platform/calls';
import { openExtensionSession } from '../platform/extension-session';
import { chromeNotifier } from '../platform/notifier';
import { chromeOffscreenHost } from '../platform/offscreen-host';
import { chromeStorage, readValue, writeValue } from '../platform/storage';
import { chromeToolbar } from '../platform/toolbar';
import { type AlertAction, alertAction, type StandUpAction, standUpAction } from '../rules/alert-style';
import {
  ALERT_TIMINGS,
  endSnooze,
  INITIAL_ALERT_STATE,
  onPostureUpdate,
  resetStretch,
  snooze,
} from '../rules/alert-timing';
import { badgeFor } from '../rules/badge';
import { addPostureTime } from '../rules/daily-stats';
import { IDLE_DETECTION_SECONDS, onIdleChange } from '../rules/idle';
import { type AlertHold, alertHold, localMinutes } from '../rules/quiet';
import { accountOf } from '../state/account';
import { INITIAL_MONITOR_STATE, KEYS, type MonitorState, type Phase } from '../state/monitor-state';

export const MESSAGES = {
  signIn: 'Sign in on the Posture Vision web app first.',
  allowCamera: 'Allow camera access in the tab that just opened; monitoring starts after that.',
  cameraDenied: 'Camera access was denied. Click "Allow camera" to grant it.',
  cameraMissing: 'No camera was found. Connect a camera and try again.',
  paused: 'Paused while the computer is idle or locked.',
  signedOut: 'Signed out in the web app.',
  notResumed: 'Monitoring stopped when the browser closed and could not start again. Click Start monitoring.',
} as const;

const offscreen = chromeOffscreenHost();
const notifier = chromeNotifier();
const toolbar = chromeToolbar();
const storage = chromeStorage();
// For the extension's own session only (sign-out); the offscreen document makes the monitoring calls.
const api = createApiClient({
  baseUrl: API_URL,
  storage,
  refreshTokenStore: storageRefreshTokenStore(storage),
  navigate: () => undefined,
  currentPath: () => '/background',
  offlineFallback: false,
});

// Not state: queues that keep read-modify-write updates in order.
function queue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
/** Updates of the stored monitor state. */
const serial = queue();
/** Sign-in and sign-out, so handovers arriving together open one session, not several. */
const signInOut = queue();

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

/** Phases with an offscreen document running the camera (a paused session has none). */
const CAPTURING: Phase[] = ['starting', 'calibrating', 'monitoring'];

/**
 * Ends a session at its last feedback (its start without any): the time since was not judged — the monitor
 * was still starting or taking the reference, paused while idle, or gone with a closed browser — and must count
 * neither as posture time nor as time of an N/A session. Unreachable, the API ends it so itself once nobody has
 * reported on it for a while.
 */
async function endAtLastFeedback(sessionId: string): Promise<void> {
  await api.sessions.end(sessionId, { at: 'lastFeedback' }).catch(() => undefined);
}

async function stopOffscreen(endSession: boolean): Promise<void> {
  const { sessionId, phase } = await monitorState();
  // While verdicts are being sent the monitor ends its session itself, after its feedback still on the way.
  const judging = phase === 'monitoring';
  if (await offscreen.exists()) {
    await send('offscreen', 'offscreen/stop', { endSession: endSession && judging, sessionId }).catch(
      () => undefined,
    );
    await offscreen.close();
  }
  if (endSession && !judging && sessionId) await endAtLastFeedback(sessionId);
}

async function stopMonitoring(message: string | null): Promise<Result> {
  await stopOffscreen(true);
  await serial(async () =>
    writeValue(KEYS.alerts, resetStretch((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE)),
  );
  // Not watched from here: a long stop starts a new sitting stretch but is no break (an idle pause is one).
  await serial(async () => writeValue(KEYS.sitting, stopWatching(await readValue(KEYS.sitting), Date.now())));
  await updateMonitor(() => ({ ...INITIAL_MONITOR_STATE, message }));
  return { ok: true };
}

/**
 * Stores who is signed in for the popup, with their picture; without an answer the popup says only "Signed in"
 * (or keeps what it knew).
 */
async function rememberAccount(): Promise<void> {
  const answer = await api.profile.get().catch(() => null);
  const profile = answer?.success ? answer.data : null;
  if (!profile?.email) return;
  await writeValue(KEYS.account, accountOf(profile));
}

/**
 * One alert, as the user's style has it: the badge turns to it, the notification shows its text, the sound plays
 * (made by the offscreen document, which is open while monitoring). A sound that could not play is not recorded.
 */
async function raiseAlert(action: AlertAction, at: number): Promise<void> {
  if (action.badge) await updateMonitor(() => ({ alert: action.text }));
  if (action.notification) await notifier.poorPosture(action.text);
  if (!action.sound) return;
  const played = await send('offscreen', 'offscreen/chime', undefined).catch(() => ({ ok: false }));
  if (played.ok)
    await serial(async () =>
      writeValue(KEYS.alerts, {
        ...((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE),
        lastSoundAt: at,
      }),
    );
}

/** The stand-up reminder, as the user's style has it (the sound made by the offscreen document). */
async function raiseStandUp(action: StandUpAction): Promise<void> {
  if (action.badge) await updateMonitor(() => ({ standUp: action.text }));
  if (action.notification) await notifier.standUp(action.text);
  if (action.sound) await send('offscreen', 'offscreen/chime', undefined).catch(() => undefined);
}

/**
 * Whether an alert due now is held (rules/quiet.ts): a tab in a meeting with Quiet in calls on, or the user's quiet
 * hours on this computer's clock. Asked only when an alert is due, so the tabs are looked at no more than that.
 */
async function alertHoldNow(preferences: AlertPreferences): Promise<AlertHold | null> {
  const site = preferences.quietInCalls ? await currentCallSite() : null;
  return alertHold(preferences, site, localMinutes(new Date()));
}

async function openCameraPermissionPage(): Promise<void> {
  await chrome.tabs.create({ url: chrome.runtime.getURL('src/permission/permission.html?start=1') });
}

const handlers: Handlers<'background'> = {
  async 'monitor/start'() {
    await interrupted;
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
  // The popup opens: by the time it reads the state, a run the browser's restart interrupted is resumed.
  async 'monitor/sync'() {
    await interrupted;
    return { ok: true };
  },
  async 'monitor/snooze'() {
    await serial(async () =>
      writeValue(KEYS.alerts, snooze((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE, Date.now())),
    );
    return { ok: true };
  },
  async 'monitor/unsnooze'() {
    await serial(async () =>
      writeValue(KEYS.alerts, endSnooze((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE)),
    );
    return { ok: true };
  },
  async 'monitor/recalibrate'() {
    if (!(await offscreen.exists())) return { ok: false, message: 'Monitoring is not running.' };
    return send('offscreen', 'offscreen/recalibrate', undefined);
  },
  async 'monitor/profile'() {
    if (!(await offscreen.exists())) return { ok: true };
    return send('offscreen', 'offscreen/profile', undefined);
  },
  async 'monitor/preferences'() {
    if (!(await offscreen.exists())) return { ok: true };
    return send('offscreen', 'offscreen/preferences', undefined);
  },
  async 'monitor/camera'() {
    if (!(await offscreen.exists())) return { ok: true };
    return send('offscreen', 'offscreen/camera', undefined);
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
  'auth/handover': ({ handoffCode }) =>
    signInOut(async (): Promise<Result> => {
      const signedIn = (await storage.get(STORAGE_KEYS.token)) !== null;
      if (!handoffCode) {
        // Signing out in the web app signs the extension out: end the monitoring session while the token
        // still works, then log the extension's own device session out.
        if (!signedIn) return { ok: true };
        const { phase } = await monitorState();
        if (phase !== 'stopped') await stopMonitoring(MESSAGES.signedOut);
        // Nothing of the signed-out account stays in the popup: not who it was, not today's figures.
        await chrome.storage.local.remove([KEYS.account, KEYS.stats, KEYS.sitting]);
        // Its access token may have expired while idle: refresh first so the logout reaches the session.
        await api.auth.refresh().catch(() => undefined);
        await api.auth.logout();
        return { ok: true };
      }
      // Signed in already: the extension refreshes its own session and needs nothing of the web app's.
      if (signedIn) return { ok: true };
      const own = await openExtensionSession(API_URL, handoffCode).catch(() => null);
      if (!own) return { ok: false, message: MESSAGES.signIn };
      await api.auth.storeTokens(own.accessToken, own.refreshToken);
      await rememberAccount();
      const state = await monitorState();
      if (state.phase === 'error' && state.message === MESSAGES.signIn)
        await updateMonitor(() => INITIAL_MONITOR_STATE);
      return { ok: true };
    }),
  async 'offscreen/phase'({ phase, message, sessionId }) {
    await updateMonitor((s) => ({
      phase,
      message: message ?? null,
      ...(sessionId !== undefined ? { sessionId } : {}),
      ...(phase === 'error' || phase === 'stopped'
        ? { connection: 'Not connected', captureFps: 0, sessionId: null, camera: null, power: null }
        : {}),
      ...(phase === 'paused' ? { connection: 'Not connected', captureFps: 0, camera: null } : {}),
      ...(phase !== 'monitoring' ? { stale: false, alert: null } : {}),
      ...(phase === 'monitoring' && s.phase !== 'monitoring'
        ? { posture: 'neutral', issue: null, unjudged: null }
        : {}),
    }));
    if (phase === 'error') {
      await offscreen.close();
      // Monitoring stopped on an error: not watched from here, as after Stop.
      await serial(async () =>
        writeValue(KEYS.sitting, stopWatching(await readValue(KEYS.sitting), Date.now())),
      );
    }
    return { ok: true };
  },
  async 'offscreen/connection'({ connection }) {
    await updateMonitor(() => ({ connection }));
    return { ok: true };
  },
  async 'offscreen/power'({ onBattery, mode }) {
    await updateMonitor(() => ({ power: { onBattery, mode } }));
    return { ok: true };
  },
  async 'offscreen/camera'({ label, fallback }) {
    await updateMonitor(() => ({ camera: { label, fallback } }));
    return { ok: true };
  },
  async 'offscreen/stale'({ stale }) {
    await updateMonitor(() => ({ stale }));
    return { ok: true };
  },
  async 'offscreen/processing'({ processing }) {
    await updateMonitor(() => ({ processing }));
    return { ok: true };
  },
  async 'offscreen/posture'({ posture, issue, unjudged, at, captureFps }) {
    const previous = await monitorState();
    // An alert stands until posture is no longer poor.
    await updateMonitor((s) => ({
      posture,
      issue,
      unjudged: unjudged ?? null,
      postureAt: at,
      captureFps,
      alert: posture === 'poor' ? (s.alert ?? null) : null,
    }));
    const alert = await serial(async () => {
      const stats = await readValue(KEYS.stats);
      const last = previous.postureAt !== null ? { status: previous.posture, at: previous.postureAt } : null;
      await writeValue(KEYS.stats, addPostureTime(stats, last, at));
      if (previous.phase !== 'monitoring') return null;
      // The user's warning delay (0-60 s, popup or User Settings; the API's value, copied into storage by the
      // popup and the offscreen document) is the onset of the first alert.
      const preferences = parseAlertPreferences(
        (await chrome.storage.local.get(ALERT_PREFERENCES_KEY))[ALERT_PREFERENCES_KEY] as string | undefined,
      );
      const { warningDelaySeconds, alertStyle } = preferences;
      const timings = { ...ALERT_TIMINGS, onsetMs: warningDelaySeconds * 1000 };
      const current = (await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE;
      let next = onPostureUpdate(current, posture, at, timings);
      // Due, but in a call or in quiet hours: neither raised nor spent (it comes after the hold if still poor).
      if (next.alert && (await alertHoldNow(preferences)))
        next = onPostureUpdate(current, posture, at, timings, true);
      await writeValue(KEYS.alerts, next.state);
      return next.alert ? alertAction(alertStyle, issue) : null;
    });
    if (alert) await raiseAlert(alert, at);
    return { ok: true };
  },
  async 'offscreen/presence'(sample) {
    // Sitting and breaks (core sessions/sitting.ts) on the monitor's clock; the reminder once the stretch reaches
    // the user's minutes (User Settings or the popup; off: never).
    const reminder = await serial(async () => {
      const preferences = parseAlertPreferences(
        (await chrome.storage.local.get(ALERT_PREFERENCES_KEY))[ALERT_PREFERENCES_KEY] as string | undefined,
      );
      const { standUpMinutes, alertStyle } = preferences;
      let sitting = addPresence(await readValue(KEYS.sitting), sample);
      let due = standUpDue(sitting, standUpMinutes, sample.at);
      // Held in a call or in quiet hours: not reminded, so it comes after the hold unless a break was taken.
      if (due && (await alertHoldNow(preferences))) {
        due = false;
        await writeValue(KEYS.alerts, {
          ...((await readValue(KEYS.alerts)) ?? INITIAL_ALERT_STATE),
          standUpHeldAt: sample.at,
        });
      }
      if (due) sitting = reminded(sitting, sample.at);
      await writeValue(KEYS.sitting, sitting);
      return {
        action: due ? standUpAction(alertStyle, sittingFigures(sitting, sample.at).sittingNowMs ?? 0) : null,
        // A break taken (or a new stretch) ends the reminder standing on the badge.
        over: sitting.remindedAt === null,
      };
    });
    if (reminder.action) await raiseStandUp(reminder.action);
    else if (reminder.over && (await monitorState()).standUp) await updateMonitor(() => ({ standUp: null }));
    return { ok: true };
  },
  'storage/get': ({ key }) => storage.get(key),
  async 'storage/set'({ key, value }) {
    await storage.set(key, value);
    return { ok: true };
  },
  async 'storage/remove'({ key }) {
    await storage.remove(key);
    return { ok: true };
  },
};

listen('background', handlers);

chrome.idle.setDetectionInterval(IDLE_DETECTION_SECONDS);
chrome.idle.onStateChanged.addListener(async (idle) => {
  await interrupted;
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
      camera: null,
      message: MESSAGES.paused,
    }));
  } else if (change === 'resume') {
    await updateMonitor(() => ({ phase: 'starting', message: null }));
    await startOffscreen(state.sessionId);
  }
});

notifier.onSnooze(() => void handlers['monitor/snooze'](undefined, {}));
notifier.onStandUpSnooze(
  () =>
    void serial(async () => {
      const sitting = await readValue(KEYS.sitting);
      // On the clock the reminder is timed by, the monitor's, which stamps each look: never before the last one
      // (counted from an earlier clock, the snooze could be over at the next look).
      const at = Math.max(Date.now(), sitting?.lastSeenAt ?? 0);
      if (sitting) await writeValue(KEYS.sitting, snoozeStandUp(sitting, at));
    }).then(() => updateMonitor(() => ({ standUp: null }))),
);

/**
 * chrome.storage outlives the browser, the camera and the offscreen document do not: after the browser was
 * closed while monitoring (or the extension was reloaded or updated), the stored state still says Calibrating
 * or Monitoring with nothing running. Nothing else notices — chrome.runtime.onStartup does not fire for every
 * installation (an extension loaded with --load-extension gets onInstalled instead), and the popup only reads
 * the storage — so every start of this worker checks. The interrupted run's session ends at its last feedback
 * (the time the browser was closed is no posture time) and monitoring starts again, as the user left it on.
 * A session paused while idle resumes once the user is back, as on chrome.idle's change: it reports only
 * changes, and the user may have come back while the browser was closed.
 */
async function resumeInterrupted(): Promise<void> {
  const state = await monitorState();
  const paused = state.phase === 'paused';
  if (!CAPTURING.includes(state.phase) && !paused) return;
  if (await offscreen.exists()) return;
  if (paused && (await chrome.idle.queryState(IDLE_DETECTION_SECONDS)) !== 'active') return;
  // A paused session is continued as after an idle pause (while the API still runs it); a run the browser's
  // closing cut off is ended where it was last judged, and a new one starts.
  let resume: string | null = state.sessionId;
  if (!paused && state.sessionId) {
    await endAtLastFeedback(state.sessionId);
    resume = null;
  }
  await updateMonitor(() => ({ ...INITIAL_MONITOR_STATE, processing: state.processing, phase: 'starting' }));
  if (!(await storage.get(STORAGE_KEYS.token))) {
    await updateMonitor(() => ({ ...INITIAL_MONITOR_STATE, phase: 'error', message: MESSAGES.signIn }));
    return;
  }
  try {
    const started = await startOffscreen(resume);
    if (!started.ok && (await monitorState()).phase === 'starting')
      await updateMonitor(() => ({ ...INITIAL_MONITOR_STATE, phase: 'error', message: MESSAGES.notResumed }));
  } catch {
    await offscreen.close().catch(() => undefined);
    await updateMonitor(() => ({ ...INITIAL_MONITOR_STATE, phase: 'error', message: MESSAGES.notResumed }));
  }
}

/** Settled once an interrupted run is resumed (or there was none); starts and the popup wait for it. */
const interrupted: Promise<void> = resumeInterrupted().catch(() => undefined);
// Registered so that Chrome starts this worker when the browser starts or the extension is (re)loaded.
chrome.runtime.onStartup.addListener(() => interrupted);
chrome.runtime.onInstalled.addListener(() => interrupted);
