import { DASHBOARD_MESSAGES } from '@posture-vision/core/analytics';
import { normalizeProfile, type Profile } from '@posture-vision/core/api';
import {
  displayValue,
  type ExportStats,
  isAuthenticationFailure,
  PROFILE_MESSAGES,
  profileErrorMessage,
  profileLoadFailed,
} from '@posture-vision/core/profile';
import { Button } from '@posture-vision/ui';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../services/api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DataExport } from './DataExport';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfileHeader } from './ProfileHeader';

type Mode = 'view' | 'edit-profile' | 'change-password';
type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; profile: Profile; offline: boolean };

export default function ProfilePage() {
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [mode, setMode] = useState<Mode>('view');
  const [notice, setNotice] = useState('');
  const [stats, setStats] = useState<ExportStats | null>(null);

  const reload = useCallback(async () => {
    try {
      const answer = (await api.profile.get()) as Awaited<ReturnType<typeof api.profile.get>> & {
        offline?: boolean;
      };
      if (!answer.success || !answer.data) throw new Error(answer.message || 'no profile data');
      const profile = normalizeProfile(answer.data as unknown as Record<string, unknown>);
      setLoad({ state: 'loaded', profile, offline: Boolean(answer.offline) });
    } catch (error) {
      setLoad({ state: 'error', message: profileLoadFailed(profileErrorMessage(error)) });
    }
  }, []);

  const reloadStats = useCallback(async () => {
    try {
      const answer = await api.profile.exportStats();
      setStats(answer.success && answer.data ? answer.data : null);
    } catch {
      setStats(null);
    }
  }, []);

  useEffect(() => {
    void reload();
    void reloadStats();
  }, [reload, reloadStats]);

  if (load.state === 'loading')
    return (
      <main className="profile-page container">
        <p role="status">Loading profile...</p>
      </main>
    );
  if (load.state === 'error') {
    const auth = isAuthenticationFailure(load.message);
    return (
      <main className="profile-page container">
        <div className="panel error-panel" role="alert">
          <h1>{auth ? DASHBOARD_MESSAGES.authenticationRequired : 'Error Loading Profile'}</h1>
          <p>{load.message}</p>
          {auth ? (
            <Button variant="primary" onClick={() => navigate('/login')}>
              {DASHBOARD_MESSAGES.goToLogin}
            </Button>
          ) : (
            <Button variant="primary" onClick={() => void reload()}>
              Retry
            </Button>
          )}
        </div>
      </main>
    );
  }

  const { profile } = load;
  const done = (text: string) => {
    setNotice(text);
    setMode('view');
  };
  const rows: [string, string][] = [
    ['First name', profile.firstName],
    ['Last name', profile.lastName],
    ['Birthday', profile.birthday],
    ['Phone', profile.phoneNumber],
    ['Email', profile.email],
  ];
  return (
    <main className="profile-page container">
      <ProfileHeader profile={profile} onUploaded={reload} />
      {load.offline && <p className="notice">The server cannot be reached: showing placeholder data.</p>}
      {notice && (
        <p className="notice tone-success" role="status">
          {notice}
        </p>
      )}
      {mode === 'edit-profile' && (
        <ProfileEditForm
          profile={profile}
          onCancel={() => setMode('view')}
          onSaved={(text) => {
            done(text);
            void reload();
          }}
        />
      )}
      {mode === 'change-password' && <ChangePasswordForm onCancel={() => setMode('view')} onChanged={done} />}
      {mode === 'view' && (
        <div className="profile-grid">
          <section className="panel" aria-labelledby="info-title">
            <h2 id="info-title">Profile Information</h2>
            <dl className="details">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{displayValue(value)}</dd>
                </div>
              ))}
            </dl>
            <Button
              variant="primary"
              onClick={() => {
                setNotice('');
                setMode('edit-profile');
              }}
            >
              Edit Profile
            </Button>
          </section>
          <section className="panel" aria-labelledby="security-title">
            <h2 id="security-title">Security</h2>
            <dl className="details">
              <div>
                <dt>Password</dt>
                <dd>
                  ••••••••
                  <small>{PROFILE_MESSAGES.passwordLastUpdated}</small>
                </dd>
              </div>
            </dl>
            <Button
              onClick={() => {
                setNotice('');
                setMode('change-password');
              }}
            >
              Change Password
            </Button>
          </section>
          <DataExport stats={stats} onExported={reloadStats} />
        </div>
      )}
    </main>
  );
}
