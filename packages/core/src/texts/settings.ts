// User settings and security texts and rules.

export const SETTINGS_MESSAGES = {
  loading: 'Loading settings...',
  enterCode: 'Please enter the 6-digit code from your authenticator app',
  disablePrompt: 'Enter your 6-digit 2FA code to disable 2FA:',
  enabled: '2FA has been successfully enabled!',
  disabled: '2FA has been disabled',
  deleteConfirm: 'Are you sure? This will permanently delete your account and all data.',
  deleteButton: 'Yes, Delete My Account',
  uploading: 'Uploading...',
  saving: 'Saving...',
} as const;

export const deleteAccountFailed = (reason: string) => `Failed to delete account: ${reason}`;
export const logoutAllFailed = (reason: string) => `Failed to logout from all devices: ${reason}`;
export const uploadAvatarFailed = (reason: string) => `Failed to upload avatar: ${reason}`;
export const setup2faFailed = (reason: string) => `Failed to setup 2FA: ${reason}`;
export const enable2faFailed = (reason: string) => `Failed to enable 2FA: ${reason}`;
export const disable2faFailed = (reason: string) => `Failed to disable 2FA: ${reason}`;
export const logoutAllFailedStatus = (status: number) => `Logout from all devices failed: ${status}`;

export const TWO_FACTOR_CODE_LENGTH = 6;

/** The 2FA code input keeps at most 6 characters. */
export function clampTwoFactorCode(input: string): string {
  return input.slice(0, TWO_FACTOR_CODE_LENGTH);
}

/** Enabling needs a code. */
export function validateEnableCode(code: string): string | null {
  return code.trim() ? null : SETTINGS_MESSAGES.enterCode;
}

/** The disable prompt's answer: null (do nothing) when empty or cancelled. */
export function disableCodeFromPrompt(answer: string | null): string | null {
  const code = answer?.trim();
  return code ? code : null;
}

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

/** Stored settings restricted to the enumerations; anything else takes the default. */
export function parseUserSettings(raw: unknown): UserSettings {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    defaultSessionMode: SESSION_MODES.includes(r.defaultSessionMode as UserSettings['defaultSessionMode'])
      ? (r.defaultSessionMode as UserSettings['defaultSessionMode'])
      : DEFAULT_USER_SETTINGS.defaultSessionMode,
    enableNotifications:
      typeof r.enableNotifications === 'boolean'
        ? r.enableNotifications
        : DEFAULT_USER_SETTINGS.enableNotifications,
    recalibrationFrequency: RECALIBRATION_FREQUENCIES.includes(
      r.recalibrationFrequency as UserSettings['recalibrationFrequency'],
    )
      ? (r.recalibrationFrequency as UserSettings['recalibrationFrequency'])
      : DEFAULT_USER_SETTINGS.recalibrationFrequency,
  };
}

/** Simulated settings latency. */
export const SETTINGS_LATENCY_MS = 500;
export const LOGIN_HISTORY_LIMIT = 10;
export const LOGIN_STATS_DAYS = 30;

export type Theme = 'light' | 'dark';

/** The theme starts from the stored value when exactly light or dark, else dark. */
export function initialTheme(stored: string | null | undefined): Theme {
  return stored === 'light' || stored === 'dark' ? stored : 'dark';
}

export function toggleTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}
