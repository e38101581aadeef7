import {
  GOOGLE_CALLBACK_FAILED_REDIRECT,
  GOOGLE_CALLBACK_TEXT,
  googleCallbackOutcome,
} from '@posture-vision/core/auth';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';

export default function GoogleAuthSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    (async () => {
      try {
        // The API's callback hands over access_token and refresh_token, or error.
        const outcome = googleCallbackOutcome({
          // An error parameter counts when present, even empty.
          error: params.has('error') ? params.get('error') || 'present' : null,
          accessToken: params.get('access_token'),
          refreshToken: params.get('refresh_token'),
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
