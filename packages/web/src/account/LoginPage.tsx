import {
  authErrorMessage,
  isTwoFactorRequired,
  LOGIN_SUCCESS_MESSAGE,
  loginResultMessage,
  type MessageTone,
  RECOVERY_CODE_MESSAGES,
  showsResendHint,
  signInFailureTone,
  signInQueryMessage,
} from '@posture-vision/core/auth';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '../auth/auth-store';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';
import { GoogleButton } from './GoogleButton';
import { useGoogleSignIn } from './useGoogleSignIn';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Sent here because the session expired: that is said first, as a warning, and only on this visit; or because
  // the account was just deleted (the sign-out notice), said once as well.
  const [expired] = useState(() => useAuthStore.getState().expiredNotice);
  const [signedOut] = useState(() => useAuthStore.getState().signOutNotice);
  useEffect(() => {
    if (expired) useAuthStore.getState().setExpiredNotice(null);
    if (signedOut) useAuthStore.getState().setSignOutNotice(null);
  }, [expired, signedOut]);
  const initial = expired
    ? ({ text: expired, tone: 'warning' } as const)
    : (signedOut ??
      signInQueryMessage({
        verified: params.get('verified'),
        message: params.get('message'),
        error: params.get('error'),
      }));
  const [message, setMessage] = useState(initial?.text ?? '');
  // Unset: the text's own marks decide.
  const [tone, setTone] = useState<MessageTone | undefined>(initial?.tone);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  /** A lost authenticator: one of the account's recovery codes goes in place of the app's code. */
  const [useRecovery, setUseRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [showResend, setShowResend] = useState(false);
  const [busy, setBusy] = useState(false);
  const show = (text: string, ok: boolean | MessageTone = false) => {
    setMessage(text);
    setTone(ok === true ? 'success' : ok === false ? undefined : ok);
  };
  const google = useGoogleSignIn((text) => show(text, true));
  // Sent back because this server has no Google sign-in: the button would only lead here again.
  const googleUnavailable = params.get('error') === 'google_unavailable';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    show('');
    setShowResend(false);
    setBusy(true);
    try {
      const second = !needsTotp ? {} : useRecovery ? { recoveryCode } : { totpCode };
      const answer = await api.auth.login({ email, password, ...second });
      const text = loginResultMessage(answer);
      show(text, text === LOGIN_SUCCESS_MESSAGE);
      if (answer.accessToken) navigate('/dashboard');
    } catch (error) {
      const text = authErrorMessage(error);
      if (isTwoFactorRequired(error)) setNeedsTotp(true);
      // The ask for the code is the next step, drawn as a prompt; a wrong code is an error.
      show(text, signInFailureTone(error) ?? false);
      if (showsResendHint(text)) setShowResend(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign In" subtitle="Welcome back to Posture Vision">
      <form onSubmit={onSubmit} noValidate={false}>
        <FormMessage text={message} tone={tone}>
          {showResend && (
            <>
              {' '}
              <Link to={`/resend-verification?email=${encodeURIComponent(email)}`}>
                Resend verification email
              </Link>
            </>
          )}
        </FormMessage>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {needsTotp && !useRecovery && (
          <Field
            label="Two-factor authentication code"
            name="totpCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            autoFocus
            value={totpCode}
            onChange={(e) => setTotpCode(e.target.value.replace(/\D/g, ''))}
          />
        )}
        {needsTotp && useRecovery && (
          <Field
            label={RECOVERY_CODE_MESSAGES.label}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            required
            autoFocus
            value={recoveryCode}
            onChange={(e) => setRecoveryCode(e.target.value)}
          />
        )}
        {needsTotp && (
          <button type="button" className="link-button" onClick={() => setUseRecovery((r) => !r)}>
            {useRecovery ? RECOVERY_CODE_MESSAGES.useAppCode : RECOVERY_CODE_MESSAGES.useInstead}
          </button>
        )}
        <div className="form-row">
          <label className="check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
            Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <div className="divider">or</div>
      <GoogleButton onClick={google} disabled={googleUnavailable} />
      <p className="auth-alt">
        Don't have an account? <Link to="/register">Sign Up here</Link>
      </p>
    </AuthCard>
  );
}
