import type { Profile } from '@posture-vision/core/api';

export const NOT_PROVIDED = 'Not provided';

/** Initials shown when there is no avatar. */
export function initials(profile: Pick<Profile, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${profile.firstName.trim().charAt(0)}${profile.lastName.trim().charAt(0)}`;
  return (letters || profile.email.charAt(0) || '?').toUpperCase();
}

/** An avatar path the API returns relative to itself becomes an absolute URL. */
export function avatarUrl(picture: string | null, apiBase: string): string | null {
  if (!picture) return null;
  if (/^(https?:|data:|blob:)/.test(picture)) return picture;
  return `${apiBase}${picture.startsWith('/') ? '' : '/'}${picture}`;
}
