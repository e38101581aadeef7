// The two alert controls shown by the web app's User Settings and the extension's popup: how far from
// the reference counts as a deviation, and how long poor posture lasts before the alert. The choices, labels,
// limits and the rule that makes a typed value valid are core's (settings/alert-preferences), so both hosts show
// and send the same thing; each host loads and saves the preferences through the API.
import {
  type AlertPreferences,
  normalizeAlertPreferences,
  SENSITIVITY_CHOICES,
  type Sensitivity,
  WARNING_DELAY_S,
} from '@posture-vision/core/settings';

export interface AlertPreferenceFieldsProps {
  preferences: AlertPreferences;
  /** The preferences with the user's change, already made valid (a delay typed out of range is clamped). */
  onChange(next: AlertPreferences): void;
}

export function AlertPreferenceFields({ preferences, onChange }: AlertPreferenceFieldsProps) {
  const change = (part: Partial<AlertPreferences>) =>
    onChange(normalizeAlertPreferences({ ...preferences, ...part }));
  return (
    <>
      <label>
        Sensitivity
        <select
          value={preferences.sensitivity}
          onChange={(e) => change({ sensitivity: e.target.value as Sensitivity })}
          data-testid="alert-sensitivity"
        >
          {SENSITIVITY_CHOICES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Warning delay (seconds, {WARNING_DELAY_S.min}–{WARNING_DELAY_S.max})
        <input
          type="number"
          min={WARNING_DELAY_S.min}
          max={WARNING_DELAY_S.max}
          step={1}
          value={preferences.warningDelaySeconds}
          onChange={(e) => change({ warningDelaySeconds: Number(e.target.value) })}
          data-testid="alert-warning-delay"
        />
      </label>
    </>
  );
}
