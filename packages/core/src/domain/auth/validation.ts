// Validation rules of the account forms (registration, password strength, phone, e-mail checks, reset and
// change password). Each check answers the exact message, or null when the input passes.
import { email, newPassword } from '../http/fields';
import { firstError } from '../http/schema';
import { crossed } from './marks';
import {
  combinedPhone,
  contactDigitsError,
  isStrongPassword,
  phoneLengthError,
  VALIDATION_MESSAGES,
} from './rules';

export * from './rules';

export const DEFAULT_COUNTRY_CODE = '+1';
export const REGISTRATION_STEPS = 2;
export const REGISTRATION_PLATFORM = 'Posture Vision Web Application';
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

/** A YYYY-MM-DD birthday read as a local calendar date, compared with today's date. */
export function isBirthdayInPast(birthday: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday);
  if (!match) return false;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return day.getTime() < midnight.getTime();
}

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

/** Next Step needs first name, last name, birthday and phone. */
export function validateRegistrationStep1(
  form: Pick<RegistrationForm, 'firstName' | 'lastName' | 'birthday' | 'contactNo'>,
): string | null {
  const filled = [form.firstName, form.lastName, form.birthday, form.contactNo].every((v) => v?.trim());
  return filled ? null : VALIDATION_MESSAGES.stepIncomplete;
}

/** Create Account: the registration rules in their specified order, messages prefixed with a cross mark. */
export function validateRegistration(form: RegistrationForm, today: Date = new Date()): string | null {
  const error = registrationRuleError(form, today);
  return error ? crossed(error) : null;
}

function registrationRuleError(form: RegistrationForm, today: Date): string | null {
  if (!isBirthdayInPast(form.birthday, today)) return VALIDATION_MESSAGES.birthdayPast;
  if (!form.acceptPrivacy) return VALIDATION_MESSAGES.privacy;
  if (!form.email || !form.password) return VALIDATION_MESSAGES.emailPasswordRequired;
  const passwordError = firstError(newPassword, form.password);
  if (passwordError) return passwordError;
  if (form.password !== form.confirmPassword) return VALIDATION_MESSAGES.passwordsMismatch;
  const phoneError = phoneLengthError(combinedPhone(form.countryCode, form.contactNo));
  if (phoneError) return phoneError;
  return contactDigitsError(form.contactNo);
}

export type RegistrationField = Exclude<keyof RegistrationForm, 'countryCode'>;
export type RegistrationFieldErrors = Partial<Record<RegistrationField, string>>;

/** The fields of each registration step, in screen order. */
export const REGISTRATION_STEP_FIELDS: Record<1 | 2, readonly RegistrationField[]> = {
  1: ['firstName', 'lastName', 'birthday', 'contactNo'],
  2: ['email', 'password', 'confirmPassword', 'acceptPrivacy'],
};

/** The API's e-mail rule (the registration contract's), so the form refuses what the server would. */
const isEmailAddress = (value: string): boolean => email.safeParse(value).success;

/**
 * Every problem of one registration step, by field, with the registration rules' texts: a step is judged
 * where its fields are, so a wrong phone is said on step 1 (it was said on step 2, where no phone field is),
 * and every field in error is named at once instead of one message at a time. An e-mail of the wrong shape is
 * caught here too ("Please enter a valid email address.", the resend-verification form's text), not only by the server.
 */
export function registrationStepErrors(
  form: RegistrationForm,
  step: 1 | 2,
  today: Date = new Date(),
): RegistrationFieldErrors {
  const errors: RegistrationFieldErrors = {};
  if (step === 1) {
    for (const field of ['firstName', 'lastName', 'birthday', 'contactNo'] as const) {
      if (!form[field]?.trim()) errors[field] = VALIDATION_MESSAGES.stepIncomplete;
    }
    if (!errors.birthday && !isBirthdayInPast(form.birthday, today))
      errors.birthday = VALIDATION_MESSAGES.birthdayPast;
    if (!errors.contactNo) {
      const phone =
        contactDigitsError(form.contactNo) ??
        phoneLengthError(combinedPhone(form.countryCode, form.contactNo));
      if (phone) errors.contactNo = phone;
    }
    return errors;
  }
  if (!form.email) errors.email = VALIDATION_MESSAGES.emailPasswordRequired;
  else if (!isEmailAddress(form.email)) errors.email = VALIDATION_MESSAGES.resendInvalidEmail;
  if (!form.password) errors.password = VALIDATION_MESSAGES.emailPasswordRequired;
  else {
    const passwordError = firstError(newPassword, form.password);
    if (passwordError) errors.password = passwordError;
  }
  if (form.password && form.password !== form.confirmPassword)
    errors.confirmPassword = VALIDATION_MESSAGES.passwordsMismatch;
  if (!form.acceptPrivacy) errors.acceptPrivacy = VALIDATION_MESSAGES.privacy;
  return errors;
}

/**
 * The form message of a step with problems: step 1's missing-field warning when a field is empty, else the
 * first problem in screen order, crossed as the registration messages are; null when the step passes.
 */
export function registrationStepMessage(errors: RegistrationFieldErrors, step: 1 | 2): string | null {
  const first = REGISTRATION_STEP_FIELDS[step].map((f) => errors[f]).find(Boolean);
  if (!first) return null;
  if (Object.values(errors).includes(VALIDATION_MESSAGES.stepIncomplete))
    return VALIDATION_MESSAGES.stepIncomplete;
  return crossed(first);
}

/** The registration payload: the form without the privacy flag, with the combined phone. */
export function registrationPayload(form: RegistrationForm) {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    birthday: form.birthday,
    countryCode: form.countryCode,
    contactNo: form.contactNo,
    phone: combinedPhone(form.countryCode, form.contactNo),
    email: form.email,
    password: form.password,
    confirmPassword: form.confirmPassword,
  };
}

/** The forgot-password form: the API's e-mail rule, whose texts are this form's. */
export function validateForgotEmail(address: string): string | null {
  return firstError(email, address);
}

export function validateResendEmail(address: string, cooldownSecondsLeft = 0): string | null {
  if (!address.trim()) return VALIDATION_MESSAGES.enterEmail;
  if (!isEmailAddress(address)) return VALIDATION_MESSAGES.resendInvalidEmail;
  if (cooldownSecondsLeft > 0) return resendCooldownMessage(cooldownSecondsLeft);
  return null;
}

export function resendCooldownMessage(seconds: number): string {
  return `Please wait ${seconds} seconds before requesting another email.`;
}

/** Shown on load when the reset link lacks its parameters. */
export function resetLinkError(params: { email?: string | null; token?: string | null }): string | null {
  return params.email && params.token ? null : VALIDATION_MESSAGES.resetLinkInvalid;
}

export function validateResetPassword(input: {
  email?: string | null;
  token?: string | null;
  newPassword: string;
  confirmNewPassword: string;
}): string | null {
  if (!input.email || !input.token) return VALIDATION_MESSAGES.resetCannotProceed;
  if (!isStrongPassword(input.newPassword)) return VALIDATION_MESSAGES.resetWeakPassword;
  if (input.newPassword !== input.confirmNewPassword) return VALIDATION_MESSAGES.passwordsMismatch;
  return null;
}

export function validateChangePassword(input: {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmNewPassword) {
    return VALIDATION_MESSAGES.allFieldsRequired;
  }
  if (input.newPassword === input.currentPassword) return VALIDATION_MESSAGES.sameAsCurrent;
  if (!isStrongPassword(input.newPassword)) return VALIDATION_MESSAGES.resetWeakPassword;
  if (input.newPassword !== input.confirmNewPassword) return VALIDATION_MESSAGES.newPasswordsMismatch;
  return null;
}
