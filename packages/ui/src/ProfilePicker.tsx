import { PROFILE_SETUP_LABELS, type ProfileSetup } from '@posture-vision/core/calibration';
import { NewProfileForm, type NewProfileFormProps } from './NewProfileForm';

/** What the picker says before the user has any profile. */
export const NO_PROFILES = 'No profiles yet: add one for this desk setup.';
/** What it says while the list loads, in the place the list or NO_PROFILES will take. */
export const PROFILES_LOADING = 'Loading your profiles…';

export interface PickedProfile {
  id: string;
  name: string;
  /** Shown after the name by core's label. */
  setup: ProfileSetup;
  active: boolean;
}

export interface ProfilePickerProps extends NewProfileFormProps {
  /** null while loading. */
  profiles: readonly PickedProfile[] | null;
  onActivate(id: string): void;
  error: string | null;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/**
 * The calibration profiles: the active one chosen from a list, a new one added by name and setup.
 * The popup and the real-time session show it; each host loads the list and says what a change does.
 */
export function ProfilePicker({
  profiles,
  onActivate,
  error,
  disabled,
  className,
  testId,
  ...form
}: ProfilePickerProps) {
  const active = profiles?.find((p) => p.active);
  return (
    <fieldset className={className} data-testid={testId} disabled={disabled}>
      <legend>Calibration profile</legend>
      {/* The list's place is held while it loads (a host can give the list, NO_PROFILES and this one line the same
          room), so the controls after the picker do not move under the user's pointer when the list arrives. */}
      {!profiles && !error && (
        <p className="ui-profile-empty" data-testid="profiles-loading" role="status">
          {PROFILES_LOADING}
        </p>
      )}
      {profiles && profiles.length > 0 && (
        <select
          className="ui-profile-active"
          aria-label="Active calibration profile"
          data-testid="active-profile"
          value={active?.id ?? ''}
          onChange={(e) => onActivate(e.target.value)}
        >
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({PROFILE_SETUP_LABELS[p.setup]})
            </option>
          ))}
        </select>
      )}
      {/* Without a profile the setup list below could be read as the active profile: say there is none. */}
      {profiles && profiles.length === 0 && (
        <p className="ui-profile-empty" data-testid="no-profiles">
          {NO_PROFILES}
        </p>
      )}
      <NewProfileForm {...form} />
      {error && (
        <p className="ui-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
