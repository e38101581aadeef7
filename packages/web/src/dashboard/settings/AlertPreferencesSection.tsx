// Sensitivity and warning delay in User Settings. The API owns them (GET/PUT
// /profile/alert-preferences), so this page and the extension's popup change one value that follows the user
// to another browser; each change is saved as it is made.
import { type AlertPreferences, normalizeAlertPreferences } from '@posture-vision/core';
import { AlertPreferenceFields } from '@posture-vision/ui';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../services/api';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function AlertPreferencesSection() {
  const [prefs, setPrefs] = useState<AlertPreferences | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Saves go out one after another, so the last change typed is the one stored.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
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
  const save = (next: AlertPreferences) => {
    setPrefs(next);
    setError(null);
    saving.current = saving.current.then(() =>
      api.profile.saveAlertPreferences(next).catch((e) => setError(errorText(e))),
    );
  };
  return (
    <section className="pv-card" data-testid="alert-preferences" aria-busy={!prefs && !error}>
      <h2>Posture Alerts</h2>
      {prefs && <AlertPreferenceFields preferences={prefs} onChange={save} />}
      {error && (
        <p className="pv-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
