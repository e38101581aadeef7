// The web app's configured API client: every screen calls the API through this one instance.
import {
  cookieRefreshTokenStore,
  createApiClient,
  type KeyValueStorage,
  localStorageAdapter,
  resolveApiBaseUrl,
  resolveVisionUrls,
} from '@posture-vision/core/api';
import { PUBLIC_STUN_SERVER, resolveIceServers } from '@posture-vision/core/live';
import { useAuthStore } from '../auth/auth-store';
import { appSetting } from './settings';

const local = localStorageAdapter(window.localStorage);

// Token writes go through here, so the auth status (token/adminToken present) follows at once in this tab;
// other tabs follow through the storage event.
const storage: KeyValueStorage = {
  get: (key) => local.get(key),
  async set(key, value) {
    await local.set(key, value);
    useAuthStore.getState().sync();
  },
  async remove(key) {
    await local.remove(key);
    // One task later: when a failed refresh clears the session, the client first checks which page the user is
    // on (to say so and leave it); re-reading at once would let the guards redirect before that check.
    setTimeout(() => useAuthStore.getState().sync(), 0);
  },
};

let navigateInApp: (path: string) => void = (path) => window.location.assign(path);

/** The router registers its navigate function so an expired session leaves without a page reload. */
export function setApiNavigator(navigate: (path: string) => void): void {
  navigateInApp = navigate;
}

const vision = resolveVisionUrls(window.location.hostname, {
  http: appSetting('VITE_VISION_URL'),
  ws: appSetting('VITE_VISION_WS_URL'),
});

/** The live tool's STUN/TURN servers: VITE_ICE_SERVERS, else the public STUN server the spec asks for. */
export const iceServers = resolveIceServers(import.meta.env.VITE_ICE_SERVERS, [PUBLIC_STUN_SERVER]);

export const api = createApiClient({
  baseUrl: resolveApiBaseUrl(window.location.hostname, appSetting('VITE_API_URL')),
  visionUrl: vision.http,
  storage,
  refreshTokenStore: cookieRefreshTokenStore(document),
  // Said by the sign-in page the client goes to next.
  onSessionExpired: (message) => useAuthStore.getState().setExpiredNotice(message),
  navigate: (path) => {
    useAuthStore.getState().sync();
    navigateInApp(path);
  },
  currentPath: () => window.location.pathname,
});

/** The vision service bases for the live tool (HTTP and WebSocket). */
export const visionUrls = vision;
