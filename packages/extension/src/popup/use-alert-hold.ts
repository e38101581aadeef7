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
    chrome.storage.local.onChanged.addListener(onStorage);
    chrome.tabs.onCreated.addListener(changed);
    chrome.tabs.onUpdated.addListener(changed);
    chrome.tabs.onRemoved.addListener(changed);
    chrome.permissions.onAdded.addListener(changed);
    chrome.permissions.onRemoved.addListener(changed);
    return () => {
      chrome.storage.local.onChanged.removeListener(onStorage);
      chrome.tabs.onCreated.removeListener(changed);
      chrome.tabs.onUpdated.removeListener(changed);
      chrome.tabs.onRemoved.removeListener(changed);
      chrome.permissions.onAdded.removeListener(changed);
      chrome.permissions.onRemoved.removeListener(changed);
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
