import type { Profile } from '@posture-vision/core/api';
import { initials } from '@posture-vision/core/profile';

/** Initials for the avatar fallback; the e-mail's first letter when no name is known. */
export function avatarInitials(profile: Pick<Profile, 'firstName' | 'lastName' | 'email'>): string {
  return initials(profile.firstName, profile.lastName) || profile.email.charAt(0).toUpperCase() || '?';
}

/** An avatar path the API returns relative to itself becomes an absolute URL. */
export function avatarUrl(picture: string | null, apiBase: string): string | null {
  if (!picture) return null;
  if (/^(https?:|data:|blob:)/.test(picture)) return picture;
  return `${apiBase}${picture.startsWith('/') ? '' : '/'}${picture}`;
}
