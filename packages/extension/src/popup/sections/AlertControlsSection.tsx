// Sensitivity and warning delay (issue 13), kept in chrome.storage under core's ALERT_PREFERENCES_KEY: the
// offscreen monitor applies the sensitivity to each frame, the service worker the delay to the alerts.
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
import { useEffect, useState } from 'react';

export function AlertControlsSection() {
  const [prefs, setPrefs] = useState<AlertPreferences | null>(null);
  useEffect(() => {
    const read = () =>
      void chrome.storage.local
        .get(ALERT_PREFERENCES_KEY)
        .then((v) => setPrefs(parseAlertPreferences(v[ALERT_PREFERENCES_KEY] as string | undefined)));
    read();
    chrome.storage.local.onChanged.addListener(read);
    return () => chrome.storage.local.onChanged.removeListener(read);
  }, []);
  if (!prefs) return null;
  const save = (change: Partial<AlertPreferences>) => {
    const next = normalizeAlertPreferences({ ...prefs, ...change });
    setPrefs(next);
    void chrome.storage.local.set({ [ALERT_PREFERENCES_KEY]: JSON.stringify(next) });
  };
  return (
    <fieldset className="alert-controls">
      <legend>Alerts</legend>
      <label>
        Sensitivity
        <select
          data-testid="sensitivity"
          value={prefs.sensitivity}
          onChange={(e) => save({ sensitivity: e.target.value as Sensitivity })}
        >
          {SENSITIVITIES.map((s) => (
            <option key={s} value={s}>
              {SENSITIVITY_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Warning delay (seconds)
        <input
          data-testid="warning-delay"
          type="number"
          min={WARNING_DELAY_S.min}
          max={WARNING_DELAY_S.max}
          step={1}
          value={prefs.warningDelaySeconds}
          onChange={(e) => save({ warningDelaySeconds: Number(e.target.value) })}
        />
      </label>
    </fieldset>
  );
}
