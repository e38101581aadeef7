// The offscreen document: holds the camera and the live link while no extension page is open and while
// the service worker sleeps. It has only chrome.runtime, so storage and reports go to the service worker.
import {
  ALERT_PREFERENCES_KEY,
  BATTERY_MESSAGES,
  CAMERA_MESSAGES,
  createApiClient,
  normalizeAlertPreferences,
  parseAlertPreferences,
  STORAGE_KEYS,
  storageRefreshTokenStore,
} from '@posture-vision/core';
import { API_URL, VISION_URLS } from '../config';
import { listen, send } from '../messaging/runtime';
import { browserPowerSource } from '../platform/battery';
import { runtimeStorage } from '../platform/storage';
import { type PowerState, pausedForBattery } from '../rules/battery';
import { CAMERA_CHOICE_KEY, cameraProblem, parseCameraChoice } from '../rules/camera-choice';
import { cameraConstraints } from '../rules/capture-rate';
import { browserCameraDevices, type CameraWait, createCameraWatch, openCamera } from './camera';
import { playChime } from './chime';
import { connectDevice } from './device-connection';
import { connectLive } from './live-connection';
import { createPassiveMonitor } from './passive-monitor';
import { connectProcessing, PROCESSING_KEY, type ProcessingChoice, processingChoice } from './processing';

const storage = runtimeStorage();
/** Where video is processed (the popup's choice, read at each start). */
let choice: ProcessingChoice = 'server';
/** The vision service answers its health check within this time, or monitoring runs on this computer. */
const HEALTH_TIMEOUT_MS = 3000;

async function visionReachable(): Promise<boolean> {
  try {
    const r = await fetch(`${VISION_URLS.http}/model/realtime/health-check`, {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    return r.ok;
  } catch {
    return false;
  }
}
const api = createApiClient({
  baseUrl: API_URL,
  visionUrl: VISION_URLS.http,
  storage,
  refreshTokenStore: storageRefreshTokenStore(storage),
  // No page to navigate here: an expired session stops monitoring and the popup asks to sign in.
  navigate: () => undefined,
  currentPath: () => '/offscreen',
  onSessionExpired: (message) =>
    void monitor.stop(false).then(() => send('background', 'offscreen/phase', { phase: 'error', message })),
  offlineFallback: false,
});

const devices = browserCameraDevices();
const camera = createCameraWatch(devices);
/** While the default camera stands in for the chosen one (not connected at the start): waits for it to be plugged
 * in, then monitoring switches to it. */
const chosenBack = createCameraWatch(devices);
/** While the camera is away (unplugged or taken): the session kept for its return, and the camera that went
 * (null: any camera will do). */
let away: { sessionId: string | null; deviceId: string | null } | null = null;

const chosenCamera = async () => parseCameraChoice(await storage.get(CAMERA_CHOICE_KEY));

/** Says what is wrong with the camera in the popup and waits for it; monitoring then starts again by itself. */
function waitForCamera(what: CameraWait): void {
  camera.wait(what, () => void startAgain());
  void send('background', 'offscreen/phase', {
    phase: 'paused',
    message: what.problem === 'busy' ? CAMERA_MESSAGES.busy : CAMERA_MESSAGES.unplugged,
    sessionId: away?.sessionId ?? null,
  });
}

const power = browserPowerSource();
/** On battery or mains, with the user's battery choice, as last read (at each start and each change). */
let powerState: PowerState | null = null;
/** Monitoring is paused until the computer is plugged in (the battery choice pause); the session is kept (away). */
let batteryPaused = false;

/** Reads the power source and the battery choice, and tells the popup which is in force. */
async function readPower(): Promise<PowerState> {
  const [onBattery, preferences] = await Promise.all([
    power.onBattery(),
    storage.get(ALERT_PREFERENCES_KEY).then(parseAlertPreferences),
  ]);
  powerState = { onBattery, mode: preferences.batteryMode };
  await send('background', 'offscreen/power', powerState);
  return powerState;
}

/** Pauses for the battery: camera off, session kept for mains, the popup says so. */
function pauseForBattery(sessionId: string | null): void {
  camera.cancel();
  chosenBack.cancel();
  away = { sessionId, deviceId: null };
  batteryPaused = true;
  void send('background', 'offscreen/phase', { phase: 'paused', message: BATTERY_MESSAGES.pause, sessionId });
}

/** Plugged in or out, or the battery choice changed: pause, resume or carry on (the rates follow by themselves). */
async function powerChanged(): Promise<void> {
  const state = await readPower();
  if (pausedForBattery(state)) {
    if (batteryPaused) return;
    const sessionId = monitor.running ? monitor.sessionId : (away?.sessionId ?? null);
    if (!monitor.running && !camera.waiting) return;
    await monitor.stop(false);
    pauseForBattery(sessionId);
  } else if (batteryPaused) {
    batteryPaused = false;
    void startAgain();
  }
}
power.onChange(() => void powerChanged());

/** Another camera chosen, or the chosen one plugged in again: a running monitor switches to it (the session goes
 * on); one waiting for its camera tries at once. */
async function switchCamera(): Promise<void> {
  if (camera.waiting) {
    camera.cancel();
    void startAgain();
  } else if (monitor.running) {
    away = { sessionId: monitor.sessionId, deviceId: null };
    await monitor.stop(false);
    void startAgain();
  }
}

/** Starts monitoring again with the camera now chosen, continuing the session kept while it was away. */
async function startAgain(): Promise<void> {
  const sessionId = away?.sessionId ?? null;
  await send('background', 'offscreen/phase', { phase: 'starting', message: null, sessionId });
  const started = await monitor.start(sessionId);
  if (started.ok) away = null;
}

const monitor = createPassiveMonitor({
  api,
  async getCamera() {
    const choice = await chosenCamera();
    const opened = await openCamera(devices, choice, cameraConstraints());
    chosenBack.cancel();
    if (opened.fallback && choice)
      chosenBack.wait({ problem: 'unplugged', deviceId: choice.deviceId }, () => void switchCamera());
    await send('background', 'offscreen/camera', {
      label: opened.label,
      fallback: opened.fallback && choice ? choice.label : null,
    });
    return opened.stream;
  },
  async cameraFailed(error) {
    const problem = cameraProblem(error);
    const choice = await chosenCamera();
    if (problem === 'busy') return waitForCamera({ problem: 'busy' });
    // No camera at all: when one was chosen, or the one in use went, it is waited for ("plug it back in").
    if (problem === 'missing' && (away || choice))
      return waitForCamera({ problem: 'unplugged', deviceId: null });
    await send('background', 'camera/result', {
      granted: false,
      reason: problem === 'missing' ? 'missing' : 'denied',
    });
  },
  cameraLost(sessionId, deviceId) {
    away = { sessionId, deviceId };
    waitForCamera({ problem: 'unplugged', deviceId });
  },
  connectLive: (stream, events, attach) =>
    connectProcessing(
      {
        choice,
        reachable: visionReachable,
        connectLive: (e) =>
          connectLive(
            stream,
            {
              getAccessToken: () => storage.get(STORAGE_KEYS.token),
              refreshAccessToken: () => api.auth.refresh(),
            },
            e,
          ),
        connectDevice: (e) => connectDevice(stream, e),
        report: (processing) => void send('background', 'offscreen/processing', { processing }),
      },
      events,
      attach,
    ),
  reportPhase: (phase, message, sessionId) =>
    send('background', 'offscreen/phase', {
      phase,
      message: message ?? null,
      ...(sessionId !== undefined ? { sessionId } : {}),
    }),
  reportConnection: (connection) => send('background', 'offscreen/connection', { connection }),
  reportPosture: (posture, issue, at, captureFps, unjudged) =>
    send('background', 'offscreen/posture', { posture, issue, at, captureFps, unjudged }),
  reportPresence: (present, at) => send('background', 'offscreen/presence', { present, at }),
  preferences: async () => parseAlertPreferences(await storage.get(ALERT_PREFERENCES_KEY)),
  reportStale: (stale) => send('background', 'offscreen/stale', { stale }),
  onBattery: () => powerState?.onBattery ?? false,
  now: () => Date.now(),
});

/** The alert preferences are the API's (GET /profile/alert-preferences): each start takes the newest into the
 * copy the monitor and the service worker read; unreachable, the last copy stays. */
async function syncPreferences(): Promise<void> {
  try {
    const answer = await api.profile.alertPreferences();
    if (answer.data)
      await storage.set(ALERT_PREFERENCES_KEY, JSON.stringify(normalizeAlertPreferences(answer.data)));
  } catch {
    // Keep the copy.
  }
}

listen('offscreen', {
  'offscreen/start': async ({ sessionId }) => {
    camera.cancel();
    away = away ? { ...away, sessionId } : null;
    choice = processingChoice(await storage.get(PROCESSING_KEY));
    await syncPreferences();
    batteryPaused = false;
    if (pausedForBattery(await readPower())) {
      pauseForBattery(sessionId);
      return { ok: true };
    }
    return monitor.start(sessionId);
  },
  'offscreen/stop': ({ endSession, sessionId }) => {
    camera.cancel();
    chosenBack.cancel();
    away = null;
    batteryPaused = false;
    return monitor.stop(endSession, sessionId);
  },
  // The alert preferences changed (popup): the battery choice applies at once.
  'offscreen/preferences': async () => {
    await powerChanged();
    return { ok: true };
  },
  // Another camera chosen in the popup: a running monitor switches to it (the session goes on); one waiting for
  // its camera tries the new one at once.
  'offscreen/camera': async () => {
    await switchCamera();
    return { ok: true };
  },
  'offscreen/recalibrate': () => monitor.recalibrate(),
  'offscreen/profile': () => monitor.profileChanged(),
  'offscreen/chime': async () =>
    (await playChime()) ? { ok: true } : { ok: false, message: 'The browser gave no audio output.' },
});
