import {
  REQUEST_NEW_RESET_LINK,
  RESET_LINK_REFUSED_MESSAGE,
  RESET_SUCCESS_MESSAGE,
  resetLinkError,
  resetPasswordErrorMessage,
  resetPasswordResultMessage,
  validateResetPassword,
} from '@posture-vision/core/auth';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const linkError = resetLinkError({ email, token });
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirm] = useState('');
  const [message, setMessage] = useState(linkError ?? '');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateResetPassword({ email, token, newPassword, confirmNewPassword });
    setMessage(problem ?? '');
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api.password.reset({ token, newPassword, confirmNewPassword, email });
      const text = resetPasswordResultMessage(answer);
      setDone(text === RESET_SUCCESS_MESSAGE);
      setMessage(text);
    } catch (error) {
      setMessage(resetPasswordErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  // A link the API refused (used already, expired) would be refused again: no fields, a way to a new link instead.
  const refused = message === RESET_LINK_REFUSED_MESSAGE;
  const disabled = Boolean(linkError) || done || busy || refused;
  return (
    <AuthCard title="Reset Password" subtitle={email ? `For ${email}` : undefined}>
      <form onSubmit={onSubmit} noValidate>
        <FormMessage text={message} tone={message ? (done ? 'success' : 'error') : undefined} />
        <fieldset disabled={disabled} className="plain">
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <Field
            label="Confirm new password"
            name="confirmNewPassword"
            type="password"
            autoComplete="new-password"
            value={confirmNewPassword}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" variant="primary" block>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </fieldset>
      </form>
      {refused && (
        <p className="auth-alt">
          <Link to="/forgot-password" data-testid="request-new-reset-link">
            {REQUEST_NEW_RESET_LINK}
          </Link>
        </p>
      )}
      <p className="auth-alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
