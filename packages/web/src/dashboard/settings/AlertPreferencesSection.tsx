// Sensitivity and warning delay (issue 13) in User Settings, kept in this browser under core's
// ALERT_PREFERENCES_KEY (settings stay in the browser, as the specification has them; the extension keeps
// its own copy, set in its popup).
import {
  ALERT_PREFERENCES_KEY,
  type AlertPreferences,
  normalizeAlertPreferences,
  parseAlertPreferences,
  SENSITIVITIES,
  SENSITIVITY_LABELS,
  type Sensitivity,
  WARNING_DELAY_S,
} from '@posture-vision/core';
import { useState } from 'react';

export function AlertPreferencesSection() {
  const [prefs, setPrefs] = useState<AlertPreferences>(() =>
    parseAlertPreferences(localStorage.getItem(ALERT_PREFERENCES_KEY)),
  );
  const save = (change: Partial<AlertPreferences>) => {
    const next = normalizeAlertPreferences({ ...prefs, ...change });
    setPrefs(next);
    localStorage.setItem(ALERT_PREFERENCES_KEY, JSON.stringify(next));
  };
  return (
    <section className="pv-card">
      <h2>Posture Alerts</h2>
      <label>
        Sensitivity
        <select
          value={prefs.sensitivity}
          onChange={(e) => save({ sensitivity: e.target.value as Sensitivity })}
          data-testid="alert-sensitivity"
        >
          {SENSITIVITIES.map((s) => (
            <option key={s} value={s}>
              {SENSITIVITY_LABELS[s]}
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
          value={prefs.warningDelaySeconds}
          onChange={(e) => save({ warningDelaySeconds: Number(e.target.value) })}
          data-testid="alert-warning-delay"
        />
      </label>
    </section>
  );
}
