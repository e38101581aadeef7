// The older Settings page: static sample content, every action only says what it would do. The
// specification's alerts are said in the page, beside the action (a native alert blocked the tab).

import { Button, SampleRibbon } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';
import { type Notice, SectionNotice } from '../settings/SectionNotice';

type Part = 'profile' | 'password' | 'notifications';

export default function LegacySettingsPage() {
  const [name, setName] = useState('John Doe');
  const [title, setTitle] = useState('Software Engineer');
  const [emailNotifications, setEmailNotifications] = useState(true);
  const [reminders, setReminders] = useState(false);
  // One message at a time, in the part whose action said it.
  const [said, setSaid] = useState<{ part: Part; notice: Notice } | null>(null);
  const say = (part: Part, text: string) => setSaid({ part, notice: { tone: 'success', text } });
  const noticeOf = (part: Part) => (said?.part === part ? said.notice : null);

  function submit(part: Part, message: string) {
    return (event: FormEvent) => {
      event.preventDefault();
      say(part, message);
    };
  }

  return (
    <div className="pv-sample-page">
      <h1>Settings</h1>
      <SampleRibbon />
      <form className="pv-card" onSubmit={submit('profile', 'Profile updated.')}>
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
        <SectionNotice notice={noticeOf('profile')} testId="settings-profile-message" foot />
      </form>
      <form className="pv-card" onSubmit={submit('password', 'Password changed.')}>
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
        <SectionNotice notice={noticeOf('password')} testId="settings-password-message" foot />
      </form>
      <section className="pv-card">
        <h2>Notifications</h2>
        <label className="pv-checkbox">
          <input
            type="checkbox"
            checked={emailNotifications}
            onChange={(e) => {
              setEmailNotifications(e.target.checked);
              say('notifications', `E-mail notifications ${e.target.checked ? 'enabled' : 'disabled'}.`);
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
              say('notifications', `Posture reminders ${e.target.checked ? 'enabled' : 'disabled'}.`);
            }}
          />
          Posture reminders
        </label>
        <SectionNotice notice={noticeOf('notifications')} testId="settings-notifications-message" foot />
      </section>
    </div>
  );
}
