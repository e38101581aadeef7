import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/domain/http/errors';
import {
  accountDeletionFailedStatus,
  avatarUploadFailedStatus,
  displayValue,
  exportFileContent,
  exportFileName,
  exportSucceeded,
  initials,
  isAuthenticationFailure,
  memberSince,
  PROFILE_MESSAGES,
  profileErrorMessage,
  profileExportFailed,
  profileLoadFailed,
  sessionExportFailed,
  validateProfileUpdate,
} from '../../src/profile';

const err = (status: number, body: unknown) => new ApiError('API Error', status, body);

describe('profile page error mapping', () => {
  it.each([
    [401, { message: 'Token revoked' }, 'Token revoked'],
    [401, { detail: 'Not authenticated' }, 'Not authenticated'],
    [401, {}, 'Authentication failed.'],
    [403, { message: 'x' }, 'You do not have permission to perform this action.'],
    [404, {}, 'The requested resource was not found.'],
    [429, {}, 'Too many requests. Please try again later.'],
    [500, { message: 'x' }, 'Server error. Please try again later.'],
    [400, { error: { message: 'Birthday is invalid' } }, 'Birthday is invalid'],
    [422, { detail: 'Bad phone' }, 'Bad phone'],
    [418, {}, 'An unexpected error occurred.'],
  ])('%i %j → %s', (status, body, text) => {
    expect(profileErrorMessage(err(status, body))).toBe(text);
  });

  it('network failure', () => {
    expect(profileErrorMessage(new NetworkError('Failed to fetch'))).toBe(
      'Unable to connect to the server. Please check your internet connection.',
    );
  });

  it('fixed texts', () => {
    expect(PROFILE_MESSAGES.sessionExpired).toBe('Your session has expired. You have been logged out.');
    expect(PROFILE_MESSAGES.updated).toBe('Profile updated successfully.');
    expect(PROFILE_MESSAGES.notProvided).toBe('Not provided');
    expect(PROFILE_MESSAGES.verifiedAccount).toBe('Verified Account');
    expect(PROFILE_MESSAGES.passwordLastUpdated).toBe('Last updated recently');
  });

  it("'Member since' names the year the account was created (the specification's words for 2024)", () => {
    expect(memberSince('2024-03-02T10:00:00.000Z')).toBe('Member since 2024');
    expect(memberSince('2026-11-27T09:00:00.000Z')).toBe('Member since 2026');
    expect(memberSince(undefined)).toBeNull();
    expect(memberSince('not a date')).toBeNull();
  });

  it('formatted failures and successes', () => {
    expect(profileLoadFailed('boom')).toBe('Failed to load profile: boom');
    expect(profileExportFailed('boom')).toBe('Failed to export profile data: boom');
    expect(sessionExportFailed('boom')).toBe('Failed to export session data: boom');
    expect(accountDeletionFailedStatus(500)).toBe('Account deletion failed: 500');
    expect(avatarUploadFailedStatus(413)).toBe('Avatar upload failed: 413');
    expect(exportSucceeded('csv')).toBe('Profile data exported successfully in CSV format!');
    expect(exportSucceeded('json')).toBe('Profile data exported successfully in JSON format!');
  });
});

describe('authentication-like text', () => {
  it.each([
    ['Unauthorized', true],
    ['Authentication failed.', true],
    ['Please log in again', true],
    ['login required', true],
    ['Server error. Please try again later.', false],
    ['Not found', false],
  ])('%s → %s', (text, auth) => {
    expect(isAuthenticationFailure(text)).toBe(auth);
  });
});

describe('profile display and export', () => {
  it('shows Not provided for empty values', () => {
    expect(displayValue('')).toBe('Not provided');
    expect(displayValue(null)).toBe('Not provided');
    expect(displayValue('Ada')).toBe('Ada');
  });

  it('initials', () => {
    expect(initials('ada', 'lovelace')).toBe('AL');
    expect(initials('', '')).toBe('');
  });

  it('export files are pretty-printed JSON named by kind and format', () => {
    expect(exportFileName('profile', 'json')).toBe('posture_vision_profile_data.json');
    expect(exportFileName('session', 'csv')).toBe('posture_vision_session_data.csv');
    expect(exportFileContent({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    // A CSV export is the CSV text itself: header and one line per row, not a JSON string of it.
    const csv = 'id,duration\ns1,60\ns2,"1,5"';
    expect(exportFileContent(csv, 'csv')).toBe(csv);
    expect(exportFileContent(csv, 'csv').split('\n')).toEqual(['id,duration', 's1,60', 's2,"1,5"']);
  });

  const profileForm = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthday: '1990-12-10',
    phoneNumber: '+15551234567',
    password: 'x',
  };

  it('update needs the password', () => {
    expect(validateProfileUpdate({ ...profileForm, password: '' })).toBe(
      'Password is required to update profile.',
    );
    expect(validateProfileUpdate({})).toBe('Password is required to update profile.');
    expect(validateProfileUpdate(profileForm)).toBeNull();
  });

  it.each([
    [{ firstName: '  ' }, 'First name is required.'],
    [{ phoneNumber: '+1555' }, 'Phone number must be between 10 to 15 digits.'],
    [{ birthday: '2999-01-01' }, 'Birthday must be in the past.'],
  ])('update refuses %j with the API’s text', (change, message) => {
    expect(validateProfileUpdate({ ...profileForm, ...change })).toBe(message);
  });
});
