// The offscreen document: holds the camera and the live link while no extension page is open and while
// the service worker sleeps. It has only chrome.runtime, so storage and reports go to the service worker.
import {
  ALERT_PREFERENCES_KEY,
  createApiClient,
  normalizeAlertPreferences,
  parseAlertPreferences,
  STORAGE_KEYS,
  storageRefreshTokenStore,
} from '@posture-vision/core';
import { API_URL, VISION_URLS } from '../config';
import { listen, send } from '../messaging/runtime';
import { runtimeStorage } from '../platform/storage';
import { cameraConstraints } from '../rules/capture-rate';
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

const monitor = createPassiveMonitor({
  api,
  getCamera: () => navigator.mediaDevices.getUserMedia({ video: cameraConstraints(), audio: false }),
  async cameraFailed(error) {
    const name = error instanceof DOMException ? error.name : '';
    const missing = name === 'NotFoundError' || name === 'OverconstrainedError';
    await send('background', 'camera/result', { granted: false, reason: missing ? 'missing' : 'denied' });
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
  reportPosture: (posture, issue, at, captureFps) =>
    send('background', 'offscreen/posture', { posture, issue, at, captureFps }),
  preferences: async () => parseAlertPreferences(await storage.get(ALERT_PREFERENCES_KEY)),
  reportStale: (stale) => send('background', 'offscreen/stale', { stale }),
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
    choice = processingChoice(await storage.get(PROCESSING_KEY));
    await syncPreferences();
    return monitor.start(sessionId);
  },
  'offscreen/stop': ({ endSession, sessionId }) => monitor.stop(endSession, sessionId),
  'offscreen/recalibrate': () => monitor.recalibrate(),
  'offscreen/profile': () => monitor.profileChanged(),
  'offscreen/chime': async () =>
    (await playChime()) ? { ok: true } : { ok: false, message: 'The browser gave no audio output.' },
});
