// The offscreen document: holds the camera and the live link while no extension page is open and while
// the service worker sleeps. It has only chrome.runtime, so storage and reports go to the service worker.
import { createApiClient, STORAGE_KEYS, storageRefreshTokenStore } from '@posture-vision/core';
import { API_URL, VISION_URLS } from '../config';
import { listen, send } from '../messaging/runtime';
import { runtimeStorage } from '../platform/storage';
import { connectDevice } from './device-connection';
import { connectLive } from './live-connection';
import { createPassiveMonitor } from './passive-monitor';

const storage = runtimeStorage();
/** Where video is processed: the vision service (default) or this computer (popup choice, remembered). */
export const PROCESSING_KEY = 'pv.processing';
let processing: 'server' | 'device' = 'server';
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
  getCamera: () => navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: false }),
  async cameraFailed(error) {
    const name = error instanceof DOMException ? error.name : '';
    const missing = name === 'NotFoundError' || name === 'OverconstrainedError';
    await send('background', 'camera/result', { granted: false, reason: missing ? 'missing' : 'denied' });
  },
  connectLive: (stream, events) =>
    processing === 'device'
      ? connectDevice(stream, events)
      : connectLive(stream, () => storage.get(STORAGE_KEYS.token), events),
  reportPhase: (phase, message, sessionId) =>
    send('background', 'offscreen/phase', {
      phase,
      message: message ?? null,
      ...(sessionId !== undefined ? { sessionId } : {}),
    }),
  reportConnection: (connection) => send('background', 'offscreen/connection', { connection }),
  reportPosture: (posture, at, captureFps) =>
    send('background', 'offscreen/posture', { posture, at, captureFps }),
  now: () => Date.now(),
});

listen('offscreen', {
  'offscreen/start': async ({ sessionId }) => {
    processing = (await storage.get(PROCESSING_KEY)) === 'device' ? 'device' : 'server';
    return monitor.start(sessionId);
  },
  'offscreen/stop': ({ endSession, sessionId }) => monitor.stop(endSession, sessionId),
  'offscreen/recalibrate': () => monitor.recalibrate(),
});
