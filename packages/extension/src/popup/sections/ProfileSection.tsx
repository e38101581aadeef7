// Calibration profiles in the popup (issue 13): the user's setups as stored on the API, the active one
// chosen here, and a new one named here. The popup has its own API client on the extension's session.
// A change of the active profile is told to the running monitor, which then judges against that profile's
// reference (or takes one for it).
import {
  type CalibrationProfile,
  PROFILE_NAME_MAX,
  PROFILE_SETUP_LABELS,
  PROFILE_SETUPS,
  type ProfileSetup,
} from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
import { useCallback, useEffect, useState } from 'react';
import { send } from '../../messaging/runtime';
import { popupApi as api } from '../popup-api';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ProfileSection({ signedIn }: { signedIn: boolean }) {
  const [profiles, setProfiles] = useState<CalibrationProfile[] | null>(null);
  const [name, setName] = useState('');
  const [setup, setSetup] = useState<ProfileSetup>('laptop');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = (await api.calibration.profiles.list()).data ?? [];
      setProfiles(list);
      return list;
    } catch (e) {
      setError(errorText(e));
      return null;
    }
  }, []);
  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);
  if (!signedIn) return null;

  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      const before = profiles?.find((p) => p.active)?.id;
      await work();
      const after = (await load())?.find((p) => p.active)?.id;
      if (after !== before) await send('background', 'monitor/profile', undefined);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const active = profiles?.find((p) => p.active);

  return (
    <fieldset className="profiles">
      <legend>Calibration profile</legend>
      {profiles && profiles.length > 0 && (
        <select
          data-testid="profile"
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
            await api.calibration.profiles.create({ name, setup });
            setName('');
          });
        }}
      >
        <input
          data-testid="profile-name"
          placeholder="New profile name"
          maxLength={PROFILE_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <select
          data-testid="profile-setup"
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
          Add
        </Button>
      </form>
      {error && <p className="message error">{error}</p>}
    </fieldset>
  );
}
