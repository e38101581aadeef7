import { describe, expect, it } from 'vitest';
import {
  BATTERY_MESSAGES,
  BATTERY_MODE_LABELS,
  clampTwoFactorCode,
  DEFAULT_USER_SETTINGS,
  deleteAccountFailed,
  disable2faFailed,
  disableCodeFromPrompt,
  enable2faFailed,
  initialTheme,
  logoutAllFailed,
  logoutAllFailedStatus,
  parseUserSettings,
  poorPostureText,
  QUIET_MESSAGES,
  SETTINGS_MESSAGES,
  setup2faFailed,
  toggleTheme,
  uploadAvatarFailed,
  validateEnableCode,
} from '../../src/settings';

describe('the battery choice', () => {
  it('names each choice and says which is in force on battery', () => {
    expect(BATTERY_MODE_LABELS).toEqual({
      usual: 'Monitor as usual',
      slower: 'Watch more slowly',
      pause: 'Pause monitoring',
    });
    expect(BATTERY_MESSAGES).toEqual({
      setting: 'On battery',
      usual: 'On battery: monitoring as usual.',
      slower: 'On battery: watching more slowly to save power; back to the usual rate on mains.',
      pause: 'On battery: monitoring paused. It resumes when the computer is plugged in.',
    });
  });
});

describe('quiet in calls and quiet hours', () => {
  it('says why alerts are held, and that calls in desktop apps are not seen', () => {
    expect(QUIET_MESSAGES.heldInCall('meet.google.com')).toBe('Alerts held: in a call (meet.google.com)');
    expect(QUIET_MESSAGES.heldQuietHours('09:00')).toBe('Alerts held: quiet hours until 09:00');
    expect(QUIET_MESSAGES.quietInCallsHelp).toMatch(/Calls in desktop apps are not seen: set quiet hours/);
  });
});

describe('settings alerts', () => {
  it.each([
    [deleteAccountFailed('x'), 'Failed to delete account: x'],
    [logoutAllFailed('x'), 'Failed to logout from all devices: x'],
    [uploadAvatarFailed('x'), 'Failed to upload avatar: x'],
    [setup2faFailed('x'), 'Failed to setup 2FA: x'],
    [enable2faFailed('x'), 'Failed to enable 2FA: x'],
    [disable2faFailed('x'), 'Failed to disable 2FA: x'],
    [logoutAllFailedStatus(500), 'Logout from all devices failed: 500'],
    [SETTINGS_MESSAGES.enabled, '2FA has been successfully enabled!'],
    [SETTINGS_MESSAGES.disabled, '2FA has been disabled'],
    [SETTINGS_MESSAGES.loading, 'Loading settings...'],
    [SETTINGS_MESSAGES.disablePrompt, 'Enter your 6-digit 2FA code to disable 2FA:'],
    [
      SETTINGS_MESSAGES.deleteConfirm,
      'Are you sure? This will permanently delete your account and all data.',
    ],
    [SETTINGS_MESSAGES.deleteButton, 'Yes, Delete My Account'],
    [SETTINGS_MESSAGES.uploading, 'Uploading...'],
    [SETTINGS_MESSAGES.saving, 'Saving...'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('two-factor code', () => {
  it.each([
    ['1234567', '123456'],
    ['123', '123'],
    ['', ''],
  ])('%j keeps %j', (input, kept) => {
    expect(clampTwoFactorCode(input)).toBe(kept);
  });

  it('enabling needs a code', () => {
    expect(validateEnableCode('')).toBe('Please enter the 6-digit code from your authenticator app');
    expect(validateEnableCode('123456')).toBeNull();
  });

  it('an empty or cancelled disable prompt does nothing', () => {
    expect(disableCodeFromPrompt(null)).toBeNull();
    expect(disableCodeFromPrompt('  ')).toBeNull();
    expect(disableCodeFromPrompt(' 654321 ')).toBe('654321');
  });
});

describe('user settings', () => {
  it('with nothing stored: active sessions, notifications off, monthly recalibration', () => {
    expect(parseUserSettings(null)).toEqual({
      defaultSessionMode: 'active',
      enableNotifications: false,
      recalibrationFrequency: 'monthly',
    });
  });

  it('keeps stored values inside the enumerations', () => {
    expect(
      parseUserSettings({
        defaultSessionMode: 'passive',
        enableNotifications: true,
        recalibrationFrequency: 'weekly',
      }),
    ).toEqual({ defaultSessionMode: 'passive', enableNotifications: true, recalibrationFrequency: 'weekly' });
    expect(
      parseUserSettings({
        defaultSessionMode: 'turbo',
        enableNotifications: 'yes',
        recalibrationFrequency: 'hourly',
      }),
    ).toEqual(DEFAULT_USER_SETTINGS);
    expect(parseUserSettings(null)).toEqual(DEFAULT_USER_SETTINGS);
  });
});

describe('theme', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['Light', 'dark'],
    [null, 'dark'],
    ['blue', 'dark'],
  ])('stored %j starts %s', (stored, theme) => {
    expect(initialTheme(stored)).toBe(theme);
  });

  it('toggles', () => {
    expect(toggleTheme('dark')).toBe('light');
    expect(toggleTheme('light')).toBe('dark');
  });
});

describe('posture alert texts', () => {
  it('names the issue of a poor posture in the popup, when the verdict has one', () => {
    expect(poorPostureText('forward head')).toBe('Poor posture: forward head');
    expect(poorPostureText(null)).toBe('Poor posture');
  });
});
