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

// Posture alerts (the extension's popup, its notification and its toolbar badge). Not in the specification (the
// extension is not in it), so worded here once.

/** What each posture issue (core's POSTURE_ISSUES) is called where a poor posture is named. */
export const POSTURE_ISSUE_NAMES = {
  forward_head: 'forward head',
  slouch: 'slouch',
  tilt: 'head tilt',
  leaning_in: 'leaning in',
  leaning_sideways: 'leaning sideways',
  leaning_back: 'leaning back',
  shoulder_asymmetry: 'uneven shoulders',
} as const;

/** The popup's posture line: poor posture names its issue when the verdict has one. */
export function poorPostureText(issueName: string | null): string {
  return issueName ? `Poor posture: ${issueName}` : 'Poor posture';
}

/** The notification's text for each issue: what to do first, then what was seen. */
export const POSTURE_ALERT_TEXTS = {
  forward_head: 'Chin back: your head is forward.',
  slouch: 'Sit up tall: you are slouching.',
  tilt: 'Level your head: it is tilted to one side.',
  leaning_in: 'Sit back: you are leaning in towards the screen.',
  leaning_sideways: 'Centre yourself: you are leaning to one side.',
  leaning_back: 'Sit up: you are leaning back.',
  shoulder_asymmetry: 'Level your shoulders: one is higher than the other.',
} as const;

/** The notification's text for a poor posture without a named issue. */
export const POOR_POSTURE_ALERT_TEXT =
  'Sit up straight and relax your shoulders: your posture has been poor for a while.';

/** How the extension alerts (the alert style, core's settings/alert-preferences.ts ALERT_STYLES). */
export const ALERT_STYLE_LABELS = {
  sound: 'Notification with a short sound',
  silent: 'Notification without sound',
  badge: 'Toolbar badge only',
  none: 'None (statistics only)',
} as const;

/** What monitoring does while the computer runs on battery (core's settings/alert-preferences.ts BATTERY_MODES). */
export const BATTERY_MODE_LABELS = {
  usual: 'Monitor as usual',
  slower: 'Watch more slowly',
  pause: 'Pause monitoring',
} as const;

/** The battery choice's field, and what the popup says is in force while on battery. */
export const BATTERY_MESSAGES = {
  setting: 'On battery',
  usual: 'On battery: monitoring as usual.',
  slower: 'On battery: watching more slowly to save power; back to the usual rate on mains.',
  pause: 'On battery: monitoring paused. It resumes when the computer is plugged in.',
} as const;

/**
 * Quiet in calls and quiet hours: the fields, what they cover (and what they cannot see), and what the popup says
 * while alerts are held.
 */
export const QUIET_MESSAGES = {
  quietInCalls: 'Quiet in calls',
  quietInCallsHelp:
    'No posture or stand-up alert while a browser tab is in a meeting on Google Meet, Zoom, Microsoft Teams, Webex, Whereby or Jitsi. The extension needs to see those sites’ tabs: its popup asks for that when this is turned on. Calls in desktop apps are not seen: set quiet hours for them.',
  quietHours: 'Quiet hours',
  quietHoursStart: 'From',
  quietHoursEnd: 'Until',
  quietHoursProblem: 'Quiet hours must end at another time than they start.',
  /** The popup while an alert would be held: which call, by the site it runs on. */
  heldInCall: (site: string) => `Alerts held: in a call (${site})`,
  heldQuietHours: (end: string) => `Alerts held: quiet hours until ${end}`,
  /** Monitoring and counting go on while held; said under the reason. */
  heldGoesOn: 'Monitoring and today’s figures go on.',
  /** Quiet in calls is on (perhaps from another device) but this browser has not let the extension see the tabs. */
  needsAccess: 'Quiet in calls needs access to your call apps’ tabs in this browser.',
  allowAccess: 'Allow',
  accessRefused: 'Quiet in calls is off: the browser did not give access to the call apps’ tabs.',
} as const;

/** The alert preferences' own texts: the delay's field and its limit, the snooze. */
export const ALERT_PREFERENCE_MESSAGES = {
  alertStyle: 'Alert style',
  warningDelayLimit: (min: number, max: number) =>
    `The warning delay must be a whole number of seconds from ${min} to ${max}.`,
  endSnooze: 'End snooze',
} as const;
