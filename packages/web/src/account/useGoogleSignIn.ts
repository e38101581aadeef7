import { useEffect, useRef } from 'react';
import { api } from '../services/api';

export const GOOGLE_REDIRECT_DELAY_MS = 500;
export const GOOGLE_REDIRECTING = 'Redirecting to Google...';
export const GOOGLE_START_FAILED = 'Failed to initiate Google sign-in. Please try again.';

/** Continue with Google: shows 'Redirecting to Google...', then after 500 ms navigates to the API's Google path. */
export function useGoogleSignIn(setMessage: (text: string) => void): () => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    setMessage(GOOGLE_REDIRECTING);
    timer.current = setTimeout(() => {
      try {
        window.location.assign(api.auth.googleSignInUrl());
      } catch {
        setMessage(GOOGLE_START_FAILED);
      }
    }, GOOGLE_REDIRECT_DELAY_MS);
  };
}
