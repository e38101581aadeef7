import {
  authErrorMessage,
  RESEND_REDIRECT_DELAY_MS,
  RESEND_SENT_MESSAGE,
  resendButtonLabel,
  resendRedirectPath,
  validateResendEmail,
} from '@posture-vision/core/auth';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';
import { secondsLeft, useResendCooldown } from './resend-cooldown';

export default function ResendVerificationPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [message, setMessage] = useState('');
  const [ok, setOk] = useState(false);
  const [busy, setBusy] = useState(false);
  const until = useResendCooldown((s) => s.until);
  const [left, setLeft] = useState(() => secondsLeft(until));

  useEffect(() => {
    setLeft(secondsLeft(until));
    if (!secondsLeft(until)) return;
    const tick = setInterval(() => setLeft(secondsLeft(until)), 1000);
    return () => clearInterval(tick);
  }, [until]);

  useEffect(() => {
    if (!ok) return;
    const redirect = setTimeout(() => navigate(resendRedirectPath()), RESEND_REDIRECT_DELAY_MS);
    return () => clearTimeout(redirect);
  }, [ok, navigate]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateResendEmail(email, secondsLeft(useResendCooldown.getState().until));
    setOk(false);
    setMessage(problem ?? '');
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api.auth.resendVerification(email);
      if (answer.success) {
        useResendCooldown.getState().start();
        setOk(true);
        setMessage(RESEND_SENT_MESSAGE);
      } else {
        setMessage(answer.message || 'Could not send the verification email. Please try again.');
      }
    } catch (error) {
      setMessage(authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Resend Verification" subtitle="We will send a new verification link to your e-mail.">
      <form onSubmit={onSubmit} noValidate>
        <FormMessage text={message} tone={message ? (ok ? 'success' : 'error') : undefined} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {/* Stays clickable during the cooldown so the wait message can explain why nothing is sent. */}
        <Button type="submit" variant="primary" block disabled={busy} aria-disabled={left > 0}>
          {resendButtonLabel(left) ?? (busy ? 'Sending...' : 'Resend Verification Email')}
        </Button>
      </form>
      <p className="auth-alt">
        <Link to="/login">Back to Login</Link> · <Link to="/register">Create an account</Link>
      </p>
    </AuthCard>
  );
}
