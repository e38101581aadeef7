// The account rules and their texts, shared by the API's contracts (auth/contract.ts, http/fields.ts) and the
// account forms (validation.ts): each rule and each message is written here once.
import { WARNING_MARK } from './marks';

export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
export const VALIDATION_MESSAGES = {
  stepIncomplete: `${WARNING_MARK} Please fill in all required fields in this step.`,
  birthdayPast: 'Birthday must be in the past.',
  privacy: 'You must accept the privacy agreement to register.',
  emailPasswordRequired: 'Email and Password are required.',
  passwordLength: 'Password must be at least 8 characters long.',
  passwordComplexity: 'Password must include at least 1 uppercase, lowercase, number, and special character.',
  passwordsMismatch: 'Passwords do not match.',
  phoneLength: 'Phone number must be between 10 to 15 digits.',
  phoneDigits: 'Phone number must contain digits only.',
  enterEmail: 'Please enter your email address.',
  forgotInvalidEmail: 'Please input a valid email address.',
  resendInvalidEmail: 'Please enter a valid email address.',
  resetLinkInvalid: 'Invalid or missing reset link parameters.',
  resetCannotProceed: 'Cannot proceed without email and token from the link.',
  resetWeakPassword:
    'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
  allFieldsRequired: 'All fields are required.',
  sameAsCurrent: 'New password cannot be the same as current password.',
  newPasswordsMismatch: 'New passwords do not match.',
  profilePasswordRequired: 'Password is required to update profile.',
} as const;

/** At least one lowercase, one uppercase, one digit and one special character. */
export function hasPasswordComplexity(password: string): boolean {
  return (
    /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9]/.test(password)
  );
}

/** The password rule: at least 8 characters and all four character kinds. */
export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && hasPasswordComplexity(password);
}

/** The phone sent at registration: country code joined to the number; empty if either is missing. */
export function combinedPhone(countryCode: string, contactNo: string): string {
  return countryCode && contactNo ? `${countryCode}${contactNo}` : '';
}

/** The digits of the combined phone must number 10 to 15. */
export function phoneLengthError(phone: string): string | null {
  const digits = phone.replace(/\D/g, '').length;
  return digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS ? VALIDATION_MESSAGES.phoneLength : null;
}

export function contactDigitsError(contactNo: string): string | null {
  return /^\d+$/.test(contactNo) ? null : VALIDATION_MESSAGES.phoneDigits;
}
