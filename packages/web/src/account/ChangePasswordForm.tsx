import { PASSWORD_CHANGED_MESSAGE, validateChangePassword } from '@posture-vision/core/auth';
import { profileErrorMessage } from '@posture-vision/core/profile';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../services/api';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';

const EMPTY = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

export function ChangePasswordForm({
  onCancel,
  onChanged,
}: {
  onCancel: () => void;
  onChanged: (message: string) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateChangePassword(form);
    setMessage(problem ?? '');
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api.password.change(form);
      if (!answer.success) throw new Error(answer.message || 'Password change refused.');
      setForm(EMPTY);
      onChanged(PASSWORD_CHANGED_MESSAGE);
    } catch (error) {
      setMessage(profileErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">Change Password</h2>
      <form onSubmit={onSubmit} noValidate>
        <FormMessage text={message} tone={message ? 'error' : undefined} />
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={(e) => set('currentPassword', e.target.value)}
        />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
        />
        <Field
          label="Confirm new password"
          name="confirmNewPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmNewPassword}
          onChange={(e) => set('confirmNewPassword', e.target.value)}
        />
        <div className="button-row">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
