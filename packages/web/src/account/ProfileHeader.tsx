import type { Profile } from '@posture-vision/core/api';
import { memberSince, PROFILE_MESSAGES, profileErrorMessage } from '@posture-vision/core/profile';
import { buttonClass } from '@posture-vision/ui';
import { type ChangeEvent, useId, useState } from 'react';
import { api } from '../services/api';
import { avatarInitials, avatarUrl } from './profile-text';

export function ProfileHeader({
  profile,
  onUploaded,
}: {
  profile: Profile;
  onUploaded: () => Promise<void>;
}) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const src = avatarUrl(profile.profilePicture, api.baseUrl);
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const since = memberSince(profile.createdAt);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    setError('');
    try {
      const answer = await api.profile.uploadAvatar(file, file.name);
      if (!answer.success) throw new Error(answer.message || 'upload refused');
      await onUploaded();
    } catch (err) {
      setError(`Failed to upload avatar: ${profileErrorMessage(err)}`);
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="profile-header panel">
      <div className="avatar" aria-hidden={src ? undefined : true}>
        {src ? (
          <img src={src} alt={`${name || profile.email}'s avatar`} />
        ) : (
          <span>{avatarInitials(profile)}</span>
        )}
      </div>
      <div className="profile-id">
        <h1>{name || profile.email}</h1>
        <p>{profile.email}</p>
        <p className="profile-badges">
          {since && <span data-testid="member-since">{since}</span>}
          <span className="verified">{PROFILE_MESSAGES.verifiedAccount}</span>
        </p>
      </div>
      <div className="avatar-upload">
        {/* The input comes first so its keyboard focus can outline the label that looks like the button. */}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden"
          disabled={uploading}
          onChange={onFile}
        />
        <label htmlFor={inputId} className={`${buttonClass()}${uploading ? ' is-disabled' : ''}`}>
          {uploading ? 'Uploading...' : 'Change photo'}
        </label>
        {error && (
          <p className="tone-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
