// Calibration profiles: one live-posture reference per desk setup (laptop, desk monitor, standing, …), named
// by the user and stored on the API so they follow the user to another browser. The API validates with
// these limits (the profile requests and answers are calibration/contract.ts); the web app and the extension
// choose the active one.
import { createReference, type PostureReference } from '../analysis/posture';
import type { Keypoint } from '../detection/frame';

/** The setups a profile can be for; 'other' for anything else the user names. */
export const PROFILE_SETUPS = ['laptop', 'desk_monitor', 'standing', 'other'] as const;
export type ProfileSetup = (typeof PROFILE_SETUPS)[number];

export const PROFILE_SETUP_LABELS: Record<ProfileSetup, string> = {
  laptop: 'Laptop',
  desk_monitor: 'Desk monitor',
  standing: 'Standing desk',
  other: 'Other',
};

/** The setups in the order the forms list them, with their labels (a new profile starts as 'laptop'). */
export const PROFILE_SETUP_CHOICES = PROFILE_SETUPS.map((value) => ({
  value,
  label: PROFILE_SETUP_LABELS[value],
}));

/** A name is shown in a popup menu: short, and unique per user. */
export const PROFILE_NAME_MAX = 40;
/** More setups than this is a list nobody chooses from. */
export const PROFILES_PER_USER_MAX = 10;

/** What the live monitor needs to rebuild its reference (core's `createReference(keypoints, frame)`):
 * the upright posture's keypoints and the frame size they were seen in. No image. */
export interface ProfileReference {
  keypoints: Keypoint[];
  frame: { width: number; height: number };
  /** The light it was taken in (PostureReference.light), where it was measured: kept with it, so a session judged
   * against it later knows whether the light has gone since. */
  light?: number;
}

/** What of a reference is kept and handed on as JSON (a profile, a calibration answer): no body geometry, which
 * createReference measures again. */
export function profileReferenceOf(reference: ProfileReference): ProfileReference {
  const { keypoints, frame, light } = reference;
  return typeof light === 'number' ? { keypoints, frame, light } : { keypoints, frame };
}

/** The live reference rebuilt from its JSON form, its light kept; throws a CalibrationError when it cannot be one. */
export function referenceFromProfile(reference: ProfileReference): PostureReference {
  return createReference(reference.keypoints, reference.frame, reference.light);
}

/**
 * A reference as JSON carries it (a profile, a calibration answer, a photo analysis): keypoints and a frame size,
 * a part the model did not find as null (NaN has no JSON form), read back as not found. Null when it is none.
 */
export function parseProfileReference(value: unknown): ProfileReference | null {
  const r = value as
    | { keypoints?: unknown; frame?: { width?: unknown; height?: unknown }; light?: unknown }
    | null
    | undefined;
  if (
    !r ||
    !Array.isArray(r.keypoints) ||
    typeof r.frame?.width !== 'number' ||
    typeof r.frame.height !== 'number'
  )
    return null;
  const keypoints = (
    r.keypoints as ({ x: number | null; y: number | null } & Omit<Keypoint, 'x' | 'y'>)[]
  ).map((k) => ({ ...k, x: k?.x ?? Number.NaN, y: k?.y ?? Number.NaN }));
  const frame = { width: r.frame.width, height: r.frame.height };
  const light = r.light;
  return typeof light === 'number' && light >= 0 && light <= 1
    ? { keypoints, frame, light }
    : { keypoints, frame };
}
