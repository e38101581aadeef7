// The popup's API client, on the extension's own device session (profiles, alert preferences).
import { createApiClient, storageRefreshTokenStore } from '@posture-vision/core';
import { API_URL } from '../config';
import { chromeStorage } from '../platform/storage';

const storage = chromeStorage();

export const popupApi = createApiClient({
  baseUrl: API_URL,
  storage,
  refreshTokenStore: storageRefreshTokenStore(storage),
  navigate: () => undefined,
  currentPath: () => '/popup',
  offlineFallback: false,
});
