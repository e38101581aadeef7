// The calibration profile chooser of the real-time session: the user's setups as stored on the API, the active
// one chosen here (the same choice the extension's popup makes, so the popup and the live tool share it), and a
// new one named here. The page judges the live posture against the active
// profile's reference (core's posture monitor) and is told of every change of it.
import type { CalibrationProfile } from '@posture-vision/core';
import { ProfilePicker, useCalibrationProfiles } from '@posture-vision/ui';
import { api } from '../services/api';

export interface ProfileChooserProps {
  /** The active profile, on load and after every change (null: the user has none). */
  onActiveChange(profile: CalibrationProfile | null): void;
  disabled?: boolean;
}

export function ProfileChooser({ onActiveChange, disabled }: ProfileChooserProps) {
  const { profiles, error, activate, create } = useCalibrationProfiles(api.calibration.profiles, {
    onActiveChange,
  });
  return (
    <ProfilePicker
      className="rts-profiles"
      testId="profile-chooser"
      profiles={profiles}
      onActivate={activate}
      onCreate={create}
      error={error}
      disabled={disabled}
    />
  );
}
