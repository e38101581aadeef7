import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../services/api';
import { AuthCard } from '../ui/AuthCard';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';
import { RESET_LINK_INVALID, resetPasswordErrorMessage, validateResetPassword } from './rules';

export const RESET_DONE = 'Password was successfully reset!';
export const RESET_FAILED = 'Failed to reset password. Please try again or request a new link.';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const linkValid = Boolean(email && token);
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirm] = useState('');
  const [message, setMessage] = useState(linkValid ? '' : RESET_LINK_INVALID);
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
      if (answer.success) {
        setDone(true);
        setMessage(RESET_DONE);
      } else {
        setMessage(answer.message || RESET_FAILED);
      }
    } catch (error) {
      setMessage(resetPasswordErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const disabled = !linkValid || done || busy;
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
          <button type="submit" className="btn btn-primary btn-block">
            {busy ? 'Changing...' : 'Change Password'}
          </button>
        </fieldset>
      </form>
      <p className="auth-alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
