// @posture-vision/ui: the components the web app and the extension share. Import the CSS once per page:
// '@posture-vision/ui/tokens.css' and '@posture-vision/ui/components.css'.
export { ActionNotice, type ActionNoticeProps } from './ActionNotice';
export { AlertPreferenceFields, type AlertPreferenceFieldsProps } from './AlertPreferenceFields';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClass } from './Button';
export { Card, type CardProps, cardLinkClass } from './Card';
export { Dialog, DialogClose, type DialogProps } from './Dialog';
export { Field, type FieldProps } from './Field';
export { Logo } from './Logo';
export { NewProfileForm, type NewProfileFormProps } from './NewProfileForm';
export { PostureStrip, type StripSegment, type StripTone } from './PostureStrip';
export {
  NO_PROFILES,
  type PickedProfile,
  PROFILES_LOADING,
  ProfilePicker,
  type ProfilePickerProps,
} from './ProfilePicker';
export { Progress, type ProgressProps } from './Progress';
export { SampleRibbon } from './SampleRibbon';
export { ShareRing, type ShareRingProps } from './ShareRing';
export { StaleCalibrationNotice, type StaleCalibrationNoticeProps } from './StaleCalibrationNotice';
export { type PillTone, StatusPill, type StatusPillProps } from './StatusPill';
export { type ToastItem, Toasts, type ToastsProps, type ToastTone } from './Toasts';
export { Toggle, type ToggleProps } from './Toggle';
export {
  type CalibrationProfiles,
  type CalibrationProfilesOptions,
  type ProfilesApi,
  useCalibrationProfiles,
} from './useCalibrationProfiles';
