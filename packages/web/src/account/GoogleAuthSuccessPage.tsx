import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { googleCallbackOutcome, OAUTH_PROCESSING_FAILED } from './googleCallback';

export default function GoogleAuthSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    (async () => {
      try {
        const outcome = googleCallbackOutcome(params);
        if (outcome.kind === 'failed') return navigate(outcome.to, { replace: true });
        // Storing through the client marks the user authenticated (the auth store follows the token).
        await api.auth.storeTokens(outcome.accessToken, outcome.refreshToken);
        navigate('/dashboard', { replace: true });
      } catch {
        navigate(OAUTH_PROCESSING_FAILED, { replace: true });
      }
    })();
  }, [params, navigate]);

  return (
    <AuthCard title="Google Sign-In">
      <p className="auth-subtitle" role="status">
        Logging you in via Google...
      </p>
    </AuthCard>
  );
}
