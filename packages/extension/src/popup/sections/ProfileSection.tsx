// Calibration profiles in the popup: the user's setups as stored on the API, the active one
// chosen here, and a new one named here. The popup has its own API client on the extension's session.
// A change of the active profile is told to the running monitor, which then judges against that profile's
// reference (or takes one for it).
import { type CalibrationProfile, failureText } from '@posture-vision/core';
import { ProfilePicker } from '@posture-vision/ui';
import { useCallback, useEffect, useState } from 'react';
import { send } from '../../messaging/runtime';
import { popupApi as api } from '../popup-api';

export function ProfileSection({ signedIn }: { signedIn: boolean }) {
  const [profiles, setProfiles] = useState<CalibrationProfile[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = (await api.calibration.profiles.list()).data ?? [];
      setProfiles(list);
      return list;
    } catch (e) {
      setError(failureText(e));
      return null;
    }
  }, []);
  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);
  if (!signedIn) return null;

  /** Runs a change and reloads the list; false (with the reason shown) when it failed. */
  const act = async (work: () => Promise<unknown>): Promise<boolean> => {
    setError(null);
    try {
      const before = profiles?.find((p) => p.active)?.id;
      await work();
      const after = (await load())?.find((p) => p.active)?.id;
      if (after !== before) await send('background', 'monitor/profile', undefined);
      return true;
    } catch (e) {
      setError(failureText(e));
      return false;
    }
  };

  return (
    <ProfilePicker
      className="profiles"
      profiles={profiles}
      onActivate={(id) => void act(() => api.calibration.profiles.activate(id))}
      onCreate={(name, setup) => act(() => api.calibration.profiles.create({ name, setup }))}
      error={error}
    />
  );
}
