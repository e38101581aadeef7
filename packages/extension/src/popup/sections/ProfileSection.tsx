// Calibration profiles in the popup: the user's setups as stored on the API, the active one
// chosen here, and a new one named here. The popup has its own API client on the extension's session.
// A change of the active profile is told to the running monitor, which then judges against that profile's
// reference (or takes one for it).
import { ProfilePicker, useCalibrationProfiles } from '@posture-vision/ui';
import { send } from '../../messaging/runtime';
import { popupApi as api } from '../popup-api';

export function ProfileSection({ signedIn }: { signedIn: boolean }) {
  const { profiles, error, activate, create } = useCalibrationProfiles(api.calibration.profiles, {
    enabled: signedIn,
    onActiveChange: (_profile, first) => {
      if (!first) void send('background', 'monitor/profile', undefined);
    },
  });
  if (!signedIn) return null;
  return (
    <ProfilePicker
      className="profiles"
      profiles={profiles}
      onActivate={activate}
      onCreate={create}
      error={error}
    />
  );
}
