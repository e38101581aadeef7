import { ensureSuccess, formatCount, pluralNoun } from '@posture-vision/core';
import type { DeviceSession, LoginHistoryEntry, LoginStats } from '@posture-vision/core/api';
import { ACCOUNT_DELETED_MESSAGE } from '@posture-vision/core/auth';
import { accountDeletionFailedStatus, avatarUploadFailedStatus } from '@posture-vision/core/profile';
import {
  deleteAccountFailed,
  logoutAllFailed,
  logoutAllFailedStatus,
  SETTINGS_MESSAGES,
  uploadAvatarFailed,
} from '@posture-vision/core/settings';
import { Button } from '@posture-vision/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '../../auth/auth-store';
import { api } from '../../services/api';
import { type Notice, SectionNotice } from './SectionNotice';
import { failureReason, statusFailure } from './security-data';

/** Clears the tokens (the logout call's failure is only logged; the auth status follows) and goes to /login. */
function useSignOutLocally() {
  const navigate = useNavigate();
  return async () => {
    await api.auth.logout();
    navigate('/login');
  };
}

export function ProfilePictureSection() {
  const [uploading, setUploading] = useState(false);
  const [picture, setPicture] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setNotice(null);
    try {
      const answer = await api.profile.uploadAvatar(file, file.name).catch((error: unknown) => {
        throw new Error(statusFailure(avatarUploadFailedStatus, error));
      });
      ensureSuccess(answer, 'Avatar upload failed');
      setPicture(answer.data?.profilePicture ?? null);
    } catch (error) {
      setNotice({ tone: 'error', text: uploadAvatarFailed(failureReason(error)) });
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="pv-card">
      <h2>Profile Picture</h2>
      {picture && <img className="pv-avatar" src={picture} alt="Profile" width={96} height={96} />}
      <label className="pv-file">
        {uploading ? SETTINGS_MESSAGES.uploading : 'Choose an image'}
        <input
          type="file"
          accept="image/*"
          disabled={uploading}
          onChange={(e) => upload(e.target.files?.[0])}
          data-testid="avatar-input"
        />
      </label>
      <SectionNotice notice={notice} testId="avatar-message" foot />
    </section>
  );
}

export function ActiveSessionsSection({ sessions }: { sessions: DeviceSession[] }) {
  const signOut = useSignOutLocally();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function logoutEverywhere() {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.security.logoutAllDevices().catch((error: unknown) => {
        throw new Error(statusFailure(logoutAllFailedStatus, error));
      });
      ensureSuccess(answer, 'Logout from all devices failed');
      await signOut();
    } catch (error) {
      setNotice({ tone: 'error', text: logoutAllFailed(failureReason(error)) });
      setBusy(false);
    }
  }

  return (
    <section className="pv-card" data-testid="active-sessions">
      <h2>Active Sessions</h2>
      {sessions.length === 0 ? (
        <p className="pv-muted">No active sessions.</p>
      ) : (
        <ul className="pv-list">
          {sessions.map((s) => (
            <li key={s.id}>
              <strong>{s.deviceType}</strong> · {s.ipAddress} · last active{' '}
              {new Date(s.lastActivity).toLocaleString()}
              {s.current ? ' (this device)' : ''}
            </li>
          ))}
        </ul>
      )}
      <Button onClick={logoutEverywhere} disabled={busy}>
        Logout from All Devices
      </Button>
      <SectionNotice notice={notice} testId="logout-all-message" foot />
    </section>
  );
}

const LOGIN = { one: 'login', other: 'logins' };
const DEVICE = { one: 'device', other: 'devices' };

export function LoginActivitySection({
  stats,
  history,
}: {
  stats: LoginStats;
  history: LoginHistoryEntry[];
}) {
  return (
    <section className="pv-card" data-testid="login-activity">
      <h2>Login Activity</h2>
      <div className="pv-stats">
        <div>
          <strong>{formatCount(stats.totalLogins)}</strong> {pluralNoun(stats.totalLogins, LOGIN)}
        </div>
        <div>
          <strong>{Math.round(stats.successRate)}%</strong> success rate
        </div>
        <div>
          <strong>{formatCount(stats.uniqueDevices)}</strong> {pluralNoun(stats.uniqueDevices, DEVICE)}
        </div>
      </div>
      <ul className="pv-list">
        {history.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once loaded; timestamps may repeat
          <li key={`${entry.timestamp}-${index}`} className={entry.success ? undefined : 'pv-failed-login'}>
            {new Date(entry.timestamp).toLocaleString()} · {entry.success ? 'Success' : 'Failed'} ·{' '}
            {entry.device.browser} on {entry.device.device} · {entry.ipAddress}
            {entry.location ? ` · ${entry.location}` : ''}
            {entry.note ? ` · ${entry.note}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DangerZoneSection() {
  const signOut = useSignOutLocally();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function deleteAccount() {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.profile.remove().catch((error: unknown) => {
        throw new Error(statusFailure(accountDeletionFailedStatus, error));
      });
      ensureSuccess(answer, 'Account deletion failed');
      // The sign-in page then says the account was deleted (not a bare sign-in form).
      useAuthStore.getState().setSignOutNotice({ text: ACCOUNT_DELETED_MESSAGE, tone: 'success' });
      await signOut();
    } catch (error) {
      setNotice({ tone: 'error', text: deleteAccountFailed(failureReason(error)) });
      setBusy(false);
    }
  }

  return (
    <section className="pv-card pv-danger-zone">
      <h2>Danger Zone</h2>
      {confirming ? (
        <div>
          <p>{SETTINGS_MESSAGES.deleteConfirm}</p>
          <div className="pv-actions">
            <Button variant="danger" onClick={deleteAccount} disabled={busy}>
              {SETTINGS_MESSAGES.deleteButton}
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      )}
      <SectionNotice notice={notice} testId="delete-account-message" foot />
    </section>
  );
}
