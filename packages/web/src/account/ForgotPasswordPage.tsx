import {
  authErrorMessage,
  forgotPasswordResultMessage,
  forgotPasswordSucceeded,
  validateForgotEmail,
} from '@posture-vision/core/auth';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [ok, setOk] = useState(false);
  const [sending, setSending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateForgotEmail(email);
    setOk(false);
    setMessage(problem ?? '');
    if (problem) return;
    setSending(true);
    try {
      const answer = await api.password.forgot(email);
      setOk(forgotPasswordSucceeded(answer));
      setMessage(forgotPasswordResultMessage(answer));
    } catch (error) {
      setMessage(authErrorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title="Forgot Password" subtitle="Enter your e-mail and we will send you a reset link.">
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
        <Button type="submit" variant="primary" block disabled={sending}>
          {sending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="auth-alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
