// The user's alert controls: how far from the reference counts as poor posture (sensitivity) and
// how long poor posture must last before a warning (delay). Shared by the extension's alerts and the web
// app's User Settings; stored as JSON under ALERT_PREFERENCES_KEY.
import type { DeviationLevel } from '../detection/frame';
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

export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  sensitivity: 'high',
  warningDelaySeconds: WARNING_DELAY_S.default,
};

export const ALERT_PREFERENCES_KEY = 'alertPreferences';

/** Stored or typed preferences made valid: unknown sensitivity → default, delay rounded into 0–60 s. */
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
  return { sensitivity, warningDelaySeconds };
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
