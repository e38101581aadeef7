import {
  PROFILE_NAME_MAX,
  PROFILE_SETUP_CHOICES,
  PROFILE_SETUPS,
  type ProfileSetup,
} from '@posture-vision/core/calibration';
import { useState } from 'react';
import { Button } from './Button';

export interface NewProfileFormProps {
  /** Creates the profile and says whether it did; the name is cleared only then (the host shows why not). */
  onCreate(name: string, setup: ProfileSetup): Promise<boolean>;
}

/**
 * Name and setup of a new calibration profile, as the popup and the real-time session add one. The
 * setups, their labels and the name's length are core's (calibration/profiles), the limits the API checks.
 */
export function NewProfileForm({ onCreate }: NewProfileFormProps) {
  const [name, setName] = useState('');
  const [setup, setSetup] = useState<ProfileSetup>(PROFILE_SETUPS[0]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onCreate(name.trim(), setup).then((created) => created && setName(''));
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
        {PROFILE_SETUP_CHOICES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" disabled={!name.trim()}>
        Add profile
      </Button>
    </form>
  );
}
