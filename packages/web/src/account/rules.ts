// Account rules and messages of document 1 (sections 5 and 8) used by the screens. Core owns these rules;
// until it exports them, this file keeps minimal pure versions so the screens never hold rules themselves.
import { ApiError, NetworkError } from '@posture-vision/core/api';

export const COUNTRY_CODES = [
  '+1',
  '+63',
  '+44',
  '+61',
  '+91',
  '+81',
  '+49',
  '+33',
  '+34',
  '+39',
  '+7',
  '+86',
  '+971',
  '+82',
  '+66',
  '+62',
  '+27',
  '+55',
  '+52',
  '+31',
] as const;
export const DEFAULT_COUNTRY_CODE = '+1';

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  birthday: string;
  countryCode: string;
  contactNo: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptPrivacy: boolean;
}

/** Country code joined to the contact number; empty if either is missing. */
export function joinPhone(countryCode: string, contactNo: string): string {
  return countryCode && contactNo ? `${countryCode}${contactNo}` : '';
}

const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).+$/;
export const MIN_PASSWORD_LENGTH = 8;

export function isStrongPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && STRONG_PASSWORD.test(password);
}

export function validateRegistrationStep1(form: RegistrationForm): string | null {
  const filled = [form.firstName, form.lastName, form.birthday, form.contactNo].every((v) => v.trim());
  return filled ? null : '⚠️ Please fill in all required fields in this step.';
}

function isPast(date: string, today: Date): boolean {
  const day = new Date(`${date}T00:00:00`);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return !Number.isNaN(day.getTime()) && day < start;
}

export function validateRegistration(form: RegistrationForm, today = new Date()): string | null {
  const phone = joinPhone(form.countryCode, form.contactNo);
  const checks: [boolean, string][] = [
    [!isPast(form.birthday, today), 'Birthday must be in the past.'],
    [!form.acceptPrivacy, 'You must accept the privacy agreement to register.'],
    [!form.email || !form.password, 'Email and Password are required.'],
    [form.password.length < MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long.'],
    [
      !STRONG_PASSWORD.test(form.password),
      'Password must include atleast 1 uppercase, lowercase, number, and special character.',
    ],
    [form.password !== form.confirmPassword, 'Passwords do not match.'],
    [phone.length < 10 || phone.length > 15, 'Phone number must be between 10 to 15 digits.'],
    [!/^\d+$/.test(form.contactNo), 'Phone number must contain digits only.'],
  ];
  const failed = checks.find(([bad]) => bad);
  return failed ? `❌ ${failed[1]}` : null;
}

export function validateForgotEmail(email: string): string | null {
  if (!email.trim()) return 'Please enter your email address.';
  if (!email.includes('@')) return 'Please input a valid email address.';
  return null;
}

export function validateResendEmail(email: string): string | null {
  if (!email.trim()) return 'Please enter your email address.';
  if (!email.includes('@')) return 'Please enter a valid email address.';
  return null;
}

export const RESET_LINK_INVALID = 'Invalid or missing reset link parameters.';

export function validateResetPassword(input: {
  email: string;
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}): string | null {
  if (!input.email || !input.token) return 'Cannot proceed without email and token from the link.';
  if (!isStrongPassword(input.newPassword))
    return 'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.';
  if (input.newPassword !== input.confirmNewPassword) return 'Passwords do not match.';
  return null;
}

export function validateChangePassword(input: {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmNewPassword)
    return 'All fields are required.';
  if (input.newPassword === input.currentPassword)
    return 'New password cannot be the same as current password.';
  if (!isStrongPassword(input.newPassword))
    return 'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.';
  if (input.newPassword !== input.confirmNewPassword) return 'New passwords do not match.';
  return null;
}

export function validateProfileUpdate(input: {
  firstName: string;
  lastName: string;
  birthday: string;
  phoneNumber: string;
  password: string;
}): string | null {
  if (!input.password) return 'Password is required to update profile.';
  if (![input.firstName, input.lastName, input.birthday, input.phoneNumber].every((v) => v.trim()))
    return 'First name, last name, birthday and phone are required.';
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}

/** Sign-in and registration error text (document 1, section 8). */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) {
    if (error instanceof NetworkError) return error.message || 'Network error. Please check your connection.';
    return error instanceof Error && error.message
      ? error.message
      : 'Network error. Please check your connection.';
  }
  const body = record(error.body);
  const err = record(body?.error);
  const details = Array.isArray(err?.details) ? (err.details as { field: string; message: string }[]) : null;
  if (details?.length) return details.map((d) => `${d.field}: ${d.message}`).join('\n');
  if (typeof err?.message === 'string' && err.message) return err.message;
  if (typeof body?.message === 'string' && body.message) return body.message;
  const text = bodyText(error.body).toLowerCase();
  switch (error.status) {
    case 400:
      return 'Invalid request. Please check your input.';
    case 401:
      return 'Incorrect email or password.';
    case 403:
      return text.includes('google')
        ? 'This account was created using Google. Please sign in with Google.'
        : 'Access denied. You may need to use a different sign-in method.';
    case 404:
      return text.includes('email')
        ? 'Email address not found in our system.'
        : 'The requested resource was not found.';
    case 409:
      return 'This information already exists in our system.';
    case 422:
      return 'Please check your input and try again.';
    case 429:
      return 'Too many requests. Please wait a moment and try again.';
    case 500:
      return 'Server error. Please try again later.';
    default:
      return 'An unexpected error occurred. Please try again.';
  }
}

function serverMessage(body: unknown): string | null {
  const b = record(body);
  const err = record(b?.error);
  if (typeof err?.message === 'string' && err.message) return err.message;
  if (typeof b?.message === 'string' && b.message) return b.message;
  if (typeof b?.detail === 'string' && b.detail) return b.detail;
  return null;
}

/** Profile page error text (document 1, section 8). */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof NetworkError)
    return 'Unable to connect to the server. Please check your internet connection.';
  if (!(error instanceof ApiError))
    return error instanceof Error ? error.message : 'An unexpected error occurred.';
  const server = serverMessage(error.body);
  switch (error.status) {
    case 401:
      return server ?? 'Authentication failed.';
    case 403:
      return 'You do not have permission to perform this action.';
    case 404:
      return 'The requested resource was not found.';
    case 429:
      return 'Too many requests. Please try again later.';
    case 500:
      return 'Server error. Please try again later.';
    default:
      return server ?? 'An unexpected error occurred.';
  }
}

/** Reset password failures: 400, 403 and 404 show the response body as text. */
export function resetPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 404].includes(error.status))
    return serverMessage(error.body) ?? bodyText(error.body);
  return 'An unexpected error occurred.';
}

/** Error texts the profile page treats as an authentication failure (document 1, section 6). */
export function isAuthenticationFailure(text: string): boolean {
  return /unauthorized|authentication|login|please log in/i.test(text);
}

/** Sign-in: a verification problem shows the resend link. */
export function isVerificationProblem(text: string): boolean {
  return /not verified|verification/i.test(text);
}

export const SIGN_IN_QUERY_ERRORS: Record<string, string> = {
  google_failed: 'Google sign-in failed. Please try again or use email/password.',
  google_auth_failed: 'Google authentication was cancelled or failed. Please try again.',
  oauth_incomplete: 'OAuth sign-in was incomplete. Please try again.',
  oauth_processing_failed: 'OAuth processing failed. Please try again or contact support.',
};

/** The message the sign-in page shows for its query parameters; a message parameter is a success. */
export function signInQueryMessage(params: URLSearchParams): { text: string; success: boolean } | null {
  if (params.get('verified') === 'true')
    return { text: 'Email verified successfully! You can now log in.', success: true };
  const message = params.get('message');
  if (message) return { text: message, success: true };
  const error = params.get('error');
  if (error)
    return { text: SIGN_IN_QUERY_ERRORS[error] ?? 'Authentication error. Please try again.', success: false };
  return null;
}
