import {
  GOOGLE_REDIRECT_DELAY_MS,
  GOOGLE_REDIRECTING_MESSAGE,
  GOOGLE_START_FAILED_MESSAGE,
} from '@posture-vision/core/auth';
import { useEffect, useRef } from 'react';
import { api } from '../services/api';

/** Continue with Google: shows 'Redirecting to Google...', then after 500 ms navigates to the API's Google path. */
export function useGoogleSignIn(setMessage: (text: string) => void): () => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    setMessage(GOOGLE_REDIRECTING_MESSAGE);
    timer.current = setTimeout(() => {
      try {
        window.location.assign(api.auth.googleSignInUrl());
      } catch {
        setMessage(GOOGLE_START_FAILED_MESSAGE);
      }
    }, GOOGLE_REDIRECT_DELAY_MS);
  };
}
