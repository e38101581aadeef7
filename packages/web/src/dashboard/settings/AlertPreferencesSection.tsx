// Sensitivity, warning delay and alert style in User Settings. The API owns them (GET/PUT
// /profile/alert-preferences), so this page and the extension's popup change one value that follows the user
// to another browser. They are saved with the page's form (Save Settings), as its other fields are: a delay
// being typed is never saved, and one out of 0-60 s holds the form back with the limit said.
import {
  type AlertPreferences,
  DEFAULT_ALERT_PREFERENCES,
  normalizeAlertPreferences,
  type WarningDelayInput,
} from '@posture-vision/core';
import { AlertPreferenceFields } from '@posture-vision/ui';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { api } from '../../services/api';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the page's Save Settings asks of this section. */
export interface AlertPreferencesForm {
  /** Why the section cannot be saved as it is (the delay's limit), or null. */
  problem(): string | null;
  /** Saves what is shown; false (with the reason shown in the section) when it was not saved. */
  save(): Promise<boolean>;
}

export function AlertPreferencesSection({ ref }: { ref?: Ref<AlertPreferencesForm> }) {
  const [prefs, setPrefs] = useState<AlertPreferences | null>(null);
  /** The delay's field as typed, when it differs from `prefs` (not yet left). */
  const [delay, setDelay] = useState<WarningDelayInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.profile
      .alertPreferences()
      .then((answer) => live && answer.data && setPrefs(normalizeAlertPreferences(answer.data)))
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      problem: () => (delay && !delay.ok ? delay.message : null),
      async save() {
        // Not loaded (the API unreachable): nothing of this section to save, its error is already shown.
        if (!prefs) return true;
        if (delay && !delay.ok) return false;
        const next = delay?.ok ? { ...prefs, warningDelaySeconds: delay.seconds } : prefs;
        setError(null);
        try {
          const answer = await api.profile.saveAlertPreferences(next);
          if (!answer.data) {
            setError(answer.message ?? 'Alert preferences were not saved.');
            return false;
          }
          setPrefs(normalizeAlertPreferences(answer.data));
          setDelay(null);
          return true;
        } catch (e) {
          setError(errorText(e));
          return false;
        }
      },
    }),
    [prefs, delay],
  );

  return (
    <section className="pv-card" data-testid="alert-preferences" aria-busy={!prefs && !error}>
      <h2>Posture Alerts</h2>
      {prefs && (
        <AlertPreferenceFields
          preferences={prefs}
          onChange={(next) => {
            // A completed delay replaces the typed one; a choice leaves a delay still being typed (or refused) as is.
            if (next.warningDelaySeconds !== prefs.warningDelaySeconds) setDelay(null);
            setPrefs(next);
          }}
          onDelayInput={setDelay}
        />
      )}
      {!prefs && !error && (
        // While the preferences load, the fields hold their place (disabled, the defaults shown), so the sections
        // below do not move under a click aimed at them when the answer comes.
        <fieldset disabled className="pv-placeholder-fields" aria-hidden="true">
          <AlertPreferenceFields preferences={DEFAULT_ALERT_PREFERENCES} onChange={() => {}} />
        </fieldset>
      )}
      {error && (
        <p className="pv-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
