import {
  GOOGLE_CALLBACK_FAILED_REDIRECT,
  GOOGLE_CALLBACK_TEXT,
  googleCallbackOutcome,
} from '@posture-vision/core/auth';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';

/** The first present query parameter among the spellings the API may use. */
function param(params: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) if (params.get(name)) return params.get(name);
  return null;
}

export default function GoogleAuthSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    (async () => {
      try {
        const outcome = googleCallbackOutcome({
          error: params.has('error') ? (params.get('error') ?? 'error') : null,
          accessToken: param(params, 'token', 'accessToken', 'access_token'),
          refreshToken: param(params, 'refreshToken', 'refresh_token'),
        });
        // Storing through the client marks the user authenticated (the auth store follows the token).
        if (outcome.kind === 'tokens') await api.auth.storeTokens(outcome.accessToken, outcome.refreshToken);
        navigate(outcome.redirect, { replace: true });
      } catch {
        navigate(GOOGLE_CALLBACK_FAILED_REDIRECT, { replace: true });
      }
    })();
  }, [params, navigate]);

  return (
    <AuthCard title="Google Sign-In">
      <p className="auth-subtitle" role="status">
        {GOOGLE_CALLBACK_TEXT}
      </p>
    </AuthCard>
  );
}
