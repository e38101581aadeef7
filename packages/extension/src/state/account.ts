// Who the popup says is signed in, from the API's profile (at sign-in, and again each time the popup opens).
import type { Profile } from '@posture-vision/core';
import { API_URL } from '../config';
import type { Account } from './monitor-state';

/** The account as the popup shows it: e-mail, name and picture. */
export function accountOf(
  profile: Pick<Profile, 'email' | 'firstName' | 'lastName' | 'profilePicture'>,
): Account {
  const name = `${profile.firstName ?? ''} ${profile.lastName ?? ''}`.trim();
  return { email: profile.email, name, picture: pictureUrl(profile.profilePicture) };
}

/** The API answers its own avatars' absolute address (a Google account's is Google's); a relative one is the API's. */
function pictureUrl(picture: string | null | undefined): string | null {
  if (!picture) return null;
  try {
    return new URL(picture, API_URL).href;
  } catch {
    return null;
  }
}
