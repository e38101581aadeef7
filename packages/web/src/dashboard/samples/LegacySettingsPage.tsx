// The older Settings page (section 2.12): static sample content, every action is an alert.

import { Button, SampleRibbon } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';

export default function LegacySettingsPage() {
  const [name, setName] = useState('John Doe');
  const [title, setTitle] = useState('Software Engineer');
  const [emailNotifications, setEmailNotifications] = useState(true);
  const [reminders, setReminders] = useState(false);

  function submit(message: string) {
    return (event: FormEvent) => {
      event.preventDefault();
      alert(message);
    };
  }

  return (
    <div className="pv-sample-page">
      <h1>Settings</h1>
      <SampleRibbon />
      <form className="pv-card" onSubmit={submit('Profile updated.')}>
        <h2>Profile</h2>
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label>
          E-mail
          <input value="john.doe@example.com" readOnly />
        </label>
        <Button type="submit" variant="primary">
          Update Profile
        </Button>
      </form>
      <form className="pv-card" onSubmit={submit('Password changed.')}>
        <h2>Password</h2>
        <label>
          Current password
          <input type="password" autoComplete="current-password" />
        </label>
        <label>
          New password
          <input type="password" autoComplete="new-password" />
        </label>
        <Button type="submit" variant="primary">
          Change Password
        </Button>
      </form>
      <section className="pv-card">
        <h2>Notifications</h2>
        <label className="pv-checkbox">
          <input
            type="checkbox"
            checked={emailNotifications}
            onChange={(e) => {
              setEmailNotifications(e.target.checked);
              alert(`E-mail notifications ${e.target.checked ? 'enabled' : 'disabled'}.`);
            }}
          />
          E-mail notifications
        </label>
        <label className="pv-checkbox">
          <input
            type="checkbox"
            checked={reminders}
            onChange={(e) => {
              setReminders(e.target.checked);
              alert(`Posture reminders ${e.target.checked ? 'enabled' : 'disabled'}.`);
            }}
          />
          Posture reminders
        </label>
      </section>
    </div>
  );
}
