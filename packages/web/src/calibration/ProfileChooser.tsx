// The calibration profile chooser of the real-time session (issue 13: "the active one chosen in the popup and
// the live tool"): the user's setups as stored on the API, the active one chosen here (the same choice the
// extension's popup makes), and a new one named here. The page judges the live posture against the active
// profile's reference (core's posture monitor) and is told of every change of it.
import {
  type CalibrationProfile,
  PROFILE_NAME_MAX,
  PROFILE_SETUP_LABELS,
  PROFILE_SETUPS,
  type ProfileSetup,
} from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../services/api';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface ProfileChooserProps {
  /** The active profile, on load and after every change (null: the user has none). */
  onActiveChange(profile: CalibrationProfile | null): void;
  disabled?: boolean;
}

export function ProfileChooser({ onActiveChange, disabled }: ProfileChooserProps) {
  const [profiles, setProfiles] = useState<CalibrationProfile[] | null>(null);
  const [name, setName] = useState('');
  const [setup, setSetup] = useState<ProfileSetup>('laptop');
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
    load().catch((e) => setError(errorText(e)));
  }, [load]);

  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const active = profiles?.find((p) => p.active);

  return (
    <fieldset className="rts-profiles" data-testid="profile-chooser" disabled={disabled}>
      <legend>Calibration profile</legend>
      {profiles && profiles.length > 0 && (
        <select
          aria-label="Active calibration profile"
          data-testid="active-profile"
          value={active?.id ?? ''}
          onChange={(e) => void act(() => api.calibration.profiles.activate(e.target.value))}
        >
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({PROFILE_SETUP_LABELS[p.setup]})
            </option>
          ))}
        </select>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            await api.calibration.profiles.create({ name: name.trim(), setup });
            setName('');
          });
        }}
      >
        <input
          aria-label="New profile name"
          data-testid="new-profile-name"
          placeholder="New profile name"
          maxLength={PROFILE_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <select
          aria-label="Setup"
          data-testid="new-profile-setup"
          value={setup}
          onChange={(e) => setSetup(e.target.value as ProfileSetup)}
        >
          {PROFILE_SETUPS.map((s) => (
            <option key={s} value={s}>
              {PROFILE_SETUP_LABELS[s]}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={!name.trim()}>
          Add profile
        </Button>
      </form>
      {error && (
        <p className="pv-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
