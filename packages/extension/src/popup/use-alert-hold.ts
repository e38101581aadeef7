// Whether alerts are held now and why, as the popup says it: the service worker's rule (rules/quiet.ts) over the
// same signals, read here afresh — the alert preferences' copy, the tabs in a meeting, this computer's clock — on
// every change of them (a tab opened, moved or closed; the access given or taken back) and every 15 s.
import { ALERT_PREFERENCES_KEY, type AlertPreferences, parseAlertPreferences } from '@posture-vision/core';
import { useEffect, useState } from 'react';
import { currentCallSite, hasCallAccess } from '../platform/calls';
import { type AlertHold, alertHold, localMinutes } from '../rules/quiet';
import { useNow } from './use-now';

export interface AlertHoldView {
  hold: AlertHold | null;
  /** Quiet in calls is on but this browser has not let the extension see the call apps' tabs. */
  needsAccess: boolean;
}

export function useAlertHold(): AlertHoldView {
  const [preferences, setPreferences] = useState<AlertPreferences | null>(null);
  const [view, setView] = useState<AlertHoldView>({ hold: null, needsAccess: false });
  const [changes, setChanges] = useState(0);
  const now = useNow(15_000, changes);

  useEffect(() => {
    const read = () =>
      void chrome.storage.local
        .get(ALERT_PREFERENCES_KEY)
        .then((v) => setPreferences(parseAlertPreferences(v[ALERT_PREFERENCES_KEY] as string | undefined)));
    const changed = () => setChanges((n) => n + 1);
    const onStorage = (change: Record<string, unknown>) => {
      if (ALERT_PREFERENCES_KEY in change) read();
    };
    read();
    // Whatever may start or end a call, or give or take the access to see one.
    const events = [
      chrome.tabs.onCreated,
      chrome.tabs.onUpdated,
      chrome.tabs.onRemoved,
      chrome.permissions.onAdded,
      chrome.permissions.onRemoved,
    ] as { addListener(f: () => void): void; removeListener(f: () => void): void }[];
    chrome.storage.local.onChanged.addListener(onStorage);
    for (const e of events) e.addListener(changed);
    return () => {
      chrome.storage.local.onChanged.removeListener(onStorage);
      for (const e of events) e.removeListener(changed);
    };
  }, []);

  useEffect(() => {
    if (!preferences) return;
    let live = true;
    void (async () => {
      const access = preferences.quietInCalls ? await hasCallAccess().catch(() => false) : true;
      const site = preferences.quietInCalls && access ? await currentCallSite() : null;
      if (live)
        setView({
          hold: alertHold(preferences, site, localMinutes(new Date(now))),
          needsAccess: !access,
        });
    })();
    return () => {
      live = false;
    };
  }, [preferences, now]);
  return view;
}
