// The calibration profile chooser of the real-time session: the user's setups as stored on the API, the active
// one chosen here (the same choice the extension's popup makes, so the popup and the live tool share it), and a
// new one named here. The page judges the live posture against the active
// profile's reference (core's posture monitor) and is told of every change of it.
import { type CalibrationProfile, failureText } from '@posture-vision/core';
import { ProfilePicker } from '@posture-vision/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../services/api';

export interface ProfileChooserProps {
  /** The active profile, on load and after every change (null: the user has none). */
  onActiveChange(profile: CalibrationProfile | null): void;
  disabled?: boolean;
}

export function ProfileChooser({ onActiveChange, disabled }: ProfileChooserProps) {
  const [profiles, setProfiles] = useState<CalibrationProfile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const notify = useRef(onActiveChange);
  notify.current = onActiveChange;
  const activeId = useRef<string | null | undefined>(undefined);

  const load = useCallback(async () => {
    const list = (await api.calibration.profiles.list()).data ?? [];
    setProfiles(list);
    const active = list.find((p) => p.active) ?? null;
    if (active?.id !== activeId.current) {
      activeId.current = active?.id ?? null;
      notify.current(active);
    }
  }, []);

  useEffect(() => {
    load().catch((e) => setError(failureText(e)));
  }, [load]);

  /** Runs a change and reloads the list; false (with the reason shown) when it failed. */
  const act = async (work: () => Promise<unknown>): Promise<boolean> => {
    setError(null);
    try {
      await work();
      await load();
      return true;
    } catch (e) {
      setError(failureText(e));
      return false;
    }
  };

  return (
    <ProfilePicker
      className="rts-profiles"
      testId="profile-chooser"
      profiles={profiles}
      onActivate={(id) => void act(() => api.calibration.profiles.activate(id))}
      onCreate={(name, setup) => act(() => api.calibration.profiles.create({ name, setup }))}
      error={error}
      disabled={disabled}
    />
  );
}
