// Section 3.7: user settings live in the browser only; load and save are simulated with a 500 ms delay.
export const USER_SETTINGS_KEY = 'postureVisionUserSettings';
export const SIMULATED_LATENCY_MS = 500;

export const SESSION_MODES = ['active', 'passive'] as const;
export const RECALIBRATION_FREQUENCIES = ['never', 'daily', 'weekly', 'monthly', 'quarterly'] as const;

export interface UserSettings {
  defaultSessionMode: (typeof SESSION_MODES)[number];
  enableNotifications: boolean;
  recalibrationFrequency: (typeof RECALIBRATION_FREQUENCIES)[number];
}

export const DEFAULT_USER_SETTINGS: UserSettings = {
  defaultSessionMode: 'active',
  enableNotifications: false,
  recalibrationFrequency: 'monthly',
};

/** Stored values outside the enumerations fall back to the defaults. */
export function parseUserSettings(raw: string | null): UserSettings {
  let stored: Partial<Record<keyof UserSettings, unknown>> = {};
  try {
    stored = raw ? (JSON.parse(raw) ?? {}) : {};
  } catch {
    stored = {};
  }
  const mode = SESSION_MODES.find((m) => m === stored.defaultSessionMode);
  const frequency = RECALIBRATION_FREQUENCIES.find((f) => f === stored.recalibrationFrequency);
  return {
    defaultSessionMode: mode ?? DEFAULT_USER_SETTINGS.defaultSessionMode,
    enableNotifications:
      typeof stored.enableNotifications === 'boolean'
        ? stored.enableNotifications
        : DEFAULT_USER_SETTINGS.enableNotifications,
    recalibrationFrequency: frequency ?? DEFAULT_USER_SETTINGS.recalibrationFrequency,
  };
}

function delay(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SIMULATED_LATENCY_MS));
}

export async function loadUserSettings(storage: Storage = localStorage): Promise<UserSettings> {
  await delay();
  return parseUserSettings(storage.getItem(USER_SETTINGS_KEY));
}

export async function saveUserSettings(
  settings: UserSettings,
  storage: Storage = localStorage,
): Promise<void> {
  await delay();
  storage.setItem(USER_SETTINGS_KEY, JSON.stringify(settings));
}
