import { useState } from 'react';
import { Button } from './Button';

export interface NewProfileFormProps<S extends string> {
  /** The desk setups in order, with the label a user reads (core's calibration profiles). */
  setups: readonly { value: S; label: string }[];
  nameMax: number;
  /** Creates the profile and says whether it did; the name is cleared only then (the host shows why not). */
  onCreate(name: string, setup: S): Promise<boolean>;
}

/** Name and setup of a new calibration profile (issue 13), as the popup and the real-time session add one. */
export function NewProfileForm<S extends string>({ setups, nameMax, onCreate }: NewProfileFormProps<S>) {
  const [name, setName] = useState('');
  const [setup, setSetup] = useState<S>(setups[0]?.value as S);
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
        maxLength={nameMax}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <select
        aria-label="Setup"
        data-testid="new-profile-setup"
        value={setup}
        onChange={(e) => setSetup(e.target.value as S)}
      >
        {setups.map((s) => (
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
