// User settings live in the browser; load and save keep the specification's 500 ms delay. (The
// recalibration frequency is also sent to the API: recalibrationFrequency.ts.)
import { parseUserSettings, SETTINGS_LATENCY_MS, type UserSettings } from '@posture-vision/core/settings';

/** The local storage key; the real-time session page reads defaultSessionMode from it. */
export const USER_SETTINGS_KEY = 'postureVisionUserSettings';

function delay(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SETTINGS_LATENCY_MS));
}

export function readStored(storage: Storage): unknown {
  try {
    return JSON.parse(storage.getItem(USER_SETTINGS_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export async function loadUserSettings(storage: Storage = localStorage): Promise<UserSettings> {
  await delay();
  return parseUserSettings(readStored(storage));
}

export async function saveUserSettings(
  settings: UserSettings,
  storage: Storage = localStorage,
): Promise<void> {
  await delay();
  storage.setItem(USER_SETTINGS_KEY, JSON.stringify(settings));
}
