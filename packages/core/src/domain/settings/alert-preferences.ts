// The user's alert controls: how far from the reference counts as poor posture (sensitivity), how long
// poor posture must last before a warning (delay), how the warning comes (style) and after how long a sitting
// stretch the stand-up reminder comes (sessions/sitting.ts), and when alerts are held (in a call, in quiet hours).
// Shared by the extension's
// alerts and the web app's User Settings; stored as JSON under ALERT_PREFERENCES_KEY.
import {
  ALERT_PREFERENCE_MESSAGES,
  ALERT_STYLE_LABELS,
  BATTERY_MODE_LABELS,
  POOR_POSTURE_ALERT_TEXT,
  POSTURE_ALERT_TEXTS,
  POSTURE_ISSUE_NAMES,
} from '../../texts/settings';
import type { DeviationLevel } from '../detection/frame';
import type { PostureIssue } from '../sessions/feedback';
import { normalizeStandUpMinutes, STAND_UP_MINUTES } from '../sessions/sitting';
import type { AlertPreferences } from './contract';

export const SENSITIVITIES = ['high', 'medium', 'low'] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

export const SENSITIVITY_LABELS: Record<Sensitivity, string> = {
  high: 'High — any deviation',
  medium: 'Medium — clear deviations',
  low: 'Low — strong deviations only',
};

/** The choices in the order the controls list them, with their labels. */
export const SENSITIVITY_CHOICES = SENSITIVITIES.map((value) => ({
  value,
  label: SENSITIVITY_LABELS[value],
}));

/**
 * The smallest deviation level of the live analysis that counts as poor posture. Each rule has its own three
 * levels (core analysis/rules/*.ts and analysis/tilt.ts). Mild starts at a head 0.12 shoulder widths lower
 * (slouch), a head 12% bigger against the neck (forward head) or against the reference with the shoulders out of
 * the picture (leaning in), a head 0.30 shoulder widths to one side (leaning sideways) or a 15° head tilt;
 * moderate at 0.20 / 20% / 20% / 0.40 / 20°; severe at 0.30 / 35% / 30% / 0.50 / 25°. High is the behaviour
 * before this setting existed (every reported deviation is poor posture), so it is the default.
 */
export const SENSITIVITY_MIN_LEVEL: Record<Sensitivity, DeviationLevel> = {
  high: 'mild',
  medium: 'moderate',
  low: 'severe',
};

const LEVEL_RANK: Record<DeviationLevel, number> = { mild: 0, moderate: 1, severe: 2 };

/** Whether a reported deviation of this level is poor posture at this sensitivity. */
export function countsAsPoor(level: DeviationLevel, sensitivity: Sensitivity): boolean {
  return LEVEL_RANK[level] >= LEVEL_RANK[SENSITIVITY_MIN_LEVEL[sensitivity]];
}

/** Warning delay bounds (0–60 s); 30 s was the extension's fixed onset before this setting. */
export const WARNING_DELAY_S = { min: 0, max: 60, default: 30 } as const;

/**
 * How an alert reaches the user: a notification with the extension's own short sound, a notification without
 * sound, the toolbar badge only, or nothing (today's statistics only). Some people find a sound breaks their
 * concentration, others miss a silent notification, others want no interruption at all.
 */
export const ALERT_STYLES = ['sound', 'silent', 'badge', 'none'] as const;
export type AlertStyle = (typeof ALERT_STYLES)[number];

/** The choices in the order the controls list them, with their labels. */
export const ALERT_STYLE_CHOICES = ALERT_STYLES.map((value) => ({ value, label: ALERT_STYLE_LABELS[value] }));

/**
 * A silent notification is the default: it is what the extension did before the style could be chosen (a
 * notification, no sound of its own).
 */
export const DEFAULT_ALERT_STYLE: AlertStyle = 'silent';

/**
 * What monitoring does while the computer runs on battery: as usual, a slower watch (the monitor's rates divided by
 * BATTERY_RATE_DIVISOR, live/monitoring/monitor-rate.ts), or a pause until it is plugged in. Some people want every
 * slouch caught, others a laptop that lasts the afternoon, others no camera at all away from the desk.
 */
export const BATTERY_MODES = ['usual', 'slower', 'pause'] as const;
export type BatteryMode = (typeof BATTERY_MODES)[number];

/** The choices in the order the controls list them, with their labels. */
export const BATTERY_MODE_CHOICES = BATTERY_MODES.map((value) => ({
  value,
  label: BATTERY_MODE_LABELS[value],
}));

/** As usual is the default: what monitoring did before the choice (it never looked at the power source). */
export const DEFAULT_BATTERY_MODE: BatteryMode = 'usual';

/** What an alert of this style does: a desktop notification, the extension's sound, the badge's alert mark. */
export interface AlertChannels {
  notification: boolean;
  sound: boolean;
  badge: boolean;
}

/** The channels of each style. Every style but none marks the badge, so the toolbar tells an alert in every one. */
export const ALERT_STYLE_CHANNELS: Record<AlertStyle, AlertChannels> = {
  sound: { notification: true, sound: true, badge: true },
  silent: { notification: true, sound: false, badge: true },
  badge: { notification: false, sound: false, badge: true },
  none: { notification: false, sound: false, badge: false },
};

/** What each issue is called (a verdict's issue, core's POSTURE_ISSUES). */
export function postureIssueName(issue: PostureIssue): string {
  return (POSTURE_ISSUE_NAMES satisfies Record<PostureIssue, string>)[issue];
}

/** The alert's text: what to do about the issue seen, or the general advice when the verdict names none. */
export function postureAlertText(issue: PostureIssue | null): string {
  return issue
    ? (POSTURE_ALERT_TEXTS satisfies Record<PostureIssue, string>)[issue]
    : POOR_POSTURE_ALERT_TEXT;
}

/**
 * A time of day as the user sets it and the API keeps it: 24-hour "HH:MM", local to the computer that reads it
 * (quiet hours mean the clock on the wall where the person sits, wherever the account was edited).
 */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of a time of day ("09:30" → 570); NaN when it is not one. */
export function minutesOfDay(time: string): number {
  if (!TIME_OF_DAY.test(time)) return Number.NaN;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * Quiet hours: alerts held from `start` until `end` every day, across midnight when `end` comes first
 * ("22:00"-"07:00"). A window of no length (start = end) is not one: refused in a save, off when stored.
 */
export interface QuietHours {
  start: string;
  end: string;
}

/** The window the fields offer when quiet hours are turned on: a morning meeting's hour, for the user to move. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '09:00', end: '10:00' };

/** Stored quiet hours made valid: two times of day that differ, else off (null). */
export function normalizeQuietHours(value: unknown): QuietHours | null {
  if (!value || typeof value !== 'object') return null;
  const { start, end } = value as Partial<Record<keyof QuietHours, unknown>>;
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  if (!TIME_OF_DAY.test(start) || !TIME_OF_DAY.test(end) || start === end) return null;
  return { start, end };
}

export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  sensitivity: 'high',
  warningDelaySeconds: WARNING_DELAY_S.default,
  alertStyle: DEFAULT_ALERT_STYLE,
  standUpMinutes: STAND_UP_MINUTES.default,
  batteryMode: DEFAULT_BATTERY_MODE,
  // Off until the user turns them on: holding alerts is a choice, and the call detection needs a permission.
  quietInCalls: false,
  quietHours: null,
};

export const ALERT_PREFERENCES_KEY = 'alertPreferences';

/**
 * Stored or typed preferences made valid: unknown sensitivity or style → default, delay rounded into 0–60 s, the
 * stand-up reminder off (null) or a choice of 20–120 min (absent: the default, as stored before it existed), quiet
 * in calls on only when said so, quiet hours two different times of day or off.
 */
export function normalizeAlertPreferences(value: unknown): AlertPreferences {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<
    Record<keyof AlertPreferences, unknown>
  >;
  const sensitivity = SENSITIVITIES.includes(v.sensitivity as Sensitivity)
    ? (v.sensitivity as Sensitivity)
    : DEFAULT_ALERT_PREFERENCES.sensitivity;
  const delay = Number(v.warningDelaySeconds);
  const warningDelaySeconds = Number.isFinite(delay)
    ? Math.min(WARNING_DELAY_S.max, Math.max(WARNING_DELAY_S.min, Math.round(delay)))
    : WARNING_DELAY_S.default;
  const alertStyle = ALERT_STYLES.includes(v.alertStyle as AlertStyle)
    ? (v.alertStyle as AlertStyle)
    : DEFAULT_ALERT_STYLE;
  return {
    sensitivity,
    warningDelaySeconds,
    alertStyle,
    standUpMinutes: normalizeStandUpMinutes(v.standUpMinutes),
    batteryMode: BATTERY_MODES.includes(v.batteryMode as BatteryMode)
      ? (v.batteryMode as BatteryMode)
      : DEFAULT_BATTERY_MODE,
    quietInCalls: v.quietInCalls === true,
    quietHours: normalizeQuietHours(v.quietHours),
  };
}

/** A typed warning delay, read: whole seconds within the limits, or why not (the limit, said). */
export type WarningDelayInput = { ok: true; seconds: number } | { ok: false; message: string };

/**
 * Reads what the user typed in the warning delay's field. Unlike normalizeAlertPreferences (which repairs a
 * stored value), nothing is guessed: an empty field, a fraction or a number out of 0–60 s is refused with the
 * limit, so a field being typed in (cleared before 45 is typed, 9 on the way to 99) is never taken for a value.
 */
export function readWarningDelay(input: string): WarningDelayInput {
  const text = input.trim();
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < WARNING_DELAY_S.min || seconds > WARNING_DELAY_S.max)
    return {
      ok: false,
      message: ALERT_PREFERENCE_MESSAGES.warningDelayLimit(WARNING_DELAY_S.min, WARNING_DELAY_S.max),
    };
  return { ok: true, seconds };
}

/** Reads preferences stored as JSON (null, garbage or an old shape give the defaults). */
export function parseAlertPreferences(json: string | null | undefined): AlertPreferences {
  if (!json) return DEFAULT_ALERT_PREFERENCES;
  try {
    return normalizeAlertPreferences(JSON.parse(json));
  } catch {
    return DEFAULT_ALERT_PREFERENCES;
  }
}
