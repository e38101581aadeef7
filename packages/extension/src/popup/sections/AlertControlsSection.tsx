// Sensitivity, warning delay, alert style and the rest of the alert preferences. The API owns them (GET/PUT /profile/alert-preferences), so the web
// app's User Settings and this popup show and change one value that follows the user. chrome.storage keeps a
// copy under core's ALERT_PREFERENCES_KEY, written only from the API's answers, for the parts that read it
// while monitoring: the offscreen monitor (sensitivity) and the service worker (the delay and style of the alerts).
// A choice is saved as it is made, a typed delay once completed (the shared fields report nothing sooner).
import {
  ALERT_PREFERENCES_KEY,
  type AlertPreferences,
  failureText,
  normalizeAlertPreferences,
  parseAlertPreferences,
  QUIET_MESSAGES,
} from '@posture-vision/core';
import { AlertPreferenceFields } from '@posture-vision/ui';
import { useEffect, useRef, useState } from 'react';
import { send } from '../../messaging/runtime';
import { requestCallAccess } from '../../platform/calls';
import { popupApi as api } from '../popup-api';

/** Keeps the API's answer as the monitoring parts' copy. */
function cache(preferences: AlertPreferences): Promise<void> {
  return chrome.storage.local.set({ [ALERT_PREFERENCES_KEY]: JSON.stringify(preferences) });
}

/** Two preference values (or whole preferences) alike: the quiet hours are an object. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function AlertControlsSection({ signedIn }: { signedIn: boolean }) {
  const [prefs, setPrefs] = useState<AlertPreferences | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Saves go out one after another, so the last change typed is the one stored.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  // The fields the user changed in this popup, and what is shown. The answer to the popup's first read, asked
  // before a change, is older than it: its values are taken for the other fields only (the shown ones came from the
  // copy, perhaps stale), and the whole is saved again, so neither the user's change nor another device's is lost.
  const edited = useRef(new Set<keyof AlertPreferences>());
  const shown = useRef<AlertPreferences | null>(null);
  shown.current = prefs;
  const saveRef = useRef<((next: AlertPreferences) => void) | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    // The copy first (no flicker), then the API's value, which wins.
    void chrome.storage.local.get(ALERT_PREFERENCES_KEY).then((v) => {
      if (live) setPrefs((p) => p ?? parseAlertPreferences(v[ALERT_PREFERENCES_KEY] as string | undefined));
    });
    void api.profile
      .alertPreferences()
      .then(async (answer) => {
        if (!answer.data || !live) return;
        const stored = normalizeAlertPreferences(answer.data);
        const current = shown.current;
        if (current && edited.current.size > 0) {
          const merged = { ...stored };
          for (const key of edited.current) Object.assign(merged, { [key]: current[key] });
          if (!same(merged, stored)) {
            saveRef.current?.(merged);
            return;
          }
        }
        setPrefs(stored);
        await cache(stored);
      })
      .catch((e) => live && setError(failureText(e)));
    return () => {
      live = false;
    };
  }, [signedIn]);
  if (!signedIn || !prefs) return null;
  const save = (next: AlertPreferences) => {
    for (const key of Object.keys(next) as (keyof AlertPreferences)[])
      if (!same(next[key], prefs[key])) edited.current.add(key);
    setPrefs(next);
    setError(null);
    saving.current = saving.current.then(async () => {
      try {
        const answer = await api.profile.saveAlertPreferences(next);
        if (answer.data) {
          await cache(normalizeAlertPreferences(answer.data));
          // A running monitor applies the battery choice at once (the other preferences it re-reads itself).
          await send('background', 'monitor/preferences', undefined).catch(() => undefined);
        } else setError(answer.message ?? 'Alert preferences were not saved.');
      } catch (e) {
        setError(failureText(e));
      }
    });
  };
  saveRef.current = save;
  const change = (next: AlertPreferences) => {
    if (!next.quietInCalls || prefs.quietInCalls) return save(next);
    // Quiet in calls turned on: the browser is asked, on this click, to let the extension see the call apps' tabs
    // (the optional host permissions); refused, it stays off.
    setError(null);
    void requestCallAccess()
      .catch(() => false)
      .then((granted) => {
        if (!granted) return setError(QUIET_MESSAGES.accessRefused);
        // On what is shown by then (the account's read may have come back meanwhile), the switch turned on.
        const latest = shown.current ?? next;
        saveRef.current?.({ ...latest, quietInCalls: true });
      });
  };
  return (
    <fieldset className="alert-controls" data-testid="alert-controls">
      <legend>Alerts</legend>
      <AlertPreferenceFields preferences={prefs} onChange={change} />
      {error && <p className="message error">{error}</p>}
    </fieldset>
  );
}
