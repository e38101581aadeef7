import type { Profile } from '@posture-vision/core/api';
import { PROFILE_MESSAGES, profileErrorMessage, validateProfileUpdate } from '@posture-vision/core/profile';
import { Button } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../services/api';
import { Field } from '../ui/Field';
import { FormMessage } from '../ui/FormMessage';

export function ProfileEditForm({
  profile,
  onCancel,
  onSaved,
}: {
  profile: Profile;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const [form, setForm] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    birthday: profile.birthday,
    phoneNumber: profile.phoneNumber,
    password: '',
  });
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateProfileUpdate(form);
    setMessage(problem ?? '');
    if (problem) return;
    setBusy(true);
    try {
      // The e-mail is not sent: it cannot be changed here.
      const answer = await api.profile.update({ ...form, profilePicture: profile.profilePicture });
      if (!answer.success) throw new Error(answer.message || 'Profile update refused.');
      onSaved(PROFILE_MESSAGES.updated);
    } catch (error) {
      setMessage(profileErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="edit-title">
      <h2 id="edit-title">Edit Profile</h2>
      <form onSubmit={onSubmit}>
        <FormMessage text={message} tone={message ? 'error' : undefined} />
        <div className="field-row">
          <Field
            label="First name"
            name="firstName"
            required
            autoComplete="given-name"
            value={form.firstName}
            onChange={(e) => set('firstName', e.target.value)}
          />
          <Field
            label="Last name"
            name="lastName"
            required
            autoComplete="family-name"
            value={form.lastName}
            onChange={(e) => set('lastName', e.target.value)}
          />
        </div>
        <div className="field-row">
          <Field
            label="Birthday"
            name="birthday"
            required
            type="date"
            value={form.birthday}
            onChange={(e) => set('birthday', e.target.value)}
          />
          <Field
            label="Phone"
            name="phoneNumber"
            required
            type="tel"
            autoComplete="tel"
            value={form.phoneNumber}
            onChange={(e) => set('phoneNumber', e.target.value)}
          />
        </div>
        <Field
          label="Email"
          name="email"
          type="email"
          value={profile.email}
          readOnly
          hint="The e-mail address cannot be changed."
        />
        <Field
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
          hint="Required to save changes."
        />
        <div className="button-row">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </section>
  );
}
