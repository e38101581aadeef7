import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  combinedPhone,
  DEFAULT_COUNTRY_CODE,
  isBirthdayInPast,
  isStrongPassword,
  type RegistrationForm,
  registrationPayload,
  registrationRequest,
  registrationStepErrors,
  registrationStepMessage,
  resetLinkError,
  validateChangePassword,
  validateForgotEmail,
  validateRegistration,
  validateRegistrationStep1,
  validateResendEmail,
  validateResetPassword,
} from '../../src/auth';

const today = new Date(2026, 5, 15, 12, 0, 0);

const valid: RegistrationForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthday: '1990-05-06',
  countryCode: '+1',
  contactNo: '5551234567',
  email: 'ada@example.org',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  acceptPrivacy: true,
};

describe('registration step 1', () => {
  it('passes when first name, last name, birthday and phone are filled', () => {
    expect(validateRegistrationStep1(valid)).toBeNull();
  });

  it.each(['firstName', 'lastName', 'birthday', 'contactNo'] as const)('warns when %s is empty', (field) => {
    expect(validateRegistrationStep1({ ...valid, [field]: '  ' })).toBe(
      '⚠️ Please fill in all required fields in this step.',
    );
  });
});

describe('registration checked step by step, every field at once', () => {
  it('step 1 names each empty field and warns once', () => {
    const errors = registrationStepErrors({ ...valid, firstName: '', contactNo: '' }, 1, today);
    expect(Object.keys(errors).sort()).toEqual(['contactNo', 'firstName']);
    expect(registrationStepMessage(errors, 1)).toBe('⚠️ Please fill in all required fields in this step.');
  });

  it('step 1 refuses a phone of letters and a birthday not in the past, where those fields are', () => {
    const errors = registrationStepErrors({ ...valid, contactNo: 'abc', birthday: '2026-06-15' }, 1, today);
    expect(errors).toEqual({
      birthday: 'Birthday must be in the past.',
      contactNo: 'Phone number must contain digits only.',
    });
    expect(registrationStepMessage(errors, 1)).toBe('❌ Birthday must be in the past.');
    expect(registrationStepErrors({ ...valid, contactNo: '55512' }, 1, today)).toEqual({
      contactNo: 'Phone number must be between 10 to 15 digits.',
    });
    expect(registrationStepErrors(valid, 1, today)).toEqual({});
  });

  it('step 2 refuses a malformed e-mail before the server does, with every other problem', () => {
    const errors = registrationStepErrors(
      { ...valid, email: 'ada@', password: 'abcdefgh', confirmPassword: 'x', acceptPrivacy: false },
      2,
      today,
    );
    expect(errors).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must include at least 1 uppercase, lowercase, number, and special character.',
      confirmPassword: 'Passwords do not match.',
      acceptPrivacy: 'You must accept the privacy agreement to register.',
    });
    expect(registrationStepMessage(errors, 2)).toBe('❌ Please enter a valid email address.');
    expect(registrationStepErrors(valid, 2, today)).toEqual({});
    expect(registrationStepMessage({}, 2)).toBeNull();
  });
});

describe('registration step 2 (create account)', () => {
  it('passes a complete valid form', () => {
    expect(validateRegistration(valid, today)).toBeNull();
  });

  it.each<[string, Partial<RegistrationForm>, string]>([
    ['birthday today', { birthday: '2026-06-15' }, '❌ Birthday must be in the past.'],
    ['birthday in future', { birthday: '2030-01-01' }, '❌ Birthday must be in the past.'],
    ['no birthday', { birthday: '' }, '❌ Birthday must be in the past.'],
    [
      'privacy not accepted',
      { acceptPrivacy: false },
      '❌ You must accept the privacy agreement to register.',
    ],
    ['no email', { email: '' }, '❌ Email and Password are required.'],
    ['no password', { password: '', confirmPassword: '' }, '❌ Email and Password are required.'],
    [
      '7 characters',
      { password: 'Ab1!xyz', confirmPassword: 'Ab1!xyz' },
      '❌ Password must be at least 8 characters long.',
    ],
    [
      'no uppercase',
      { password: 'str0ng!pass', confirmPassword: 'str0ng!pass' },
      '❌ Password must include at least 1 uppercase, lowercase, number, and special character.',
    ],
    [
      'no lowercase',
      { password: 'STR0NG!PASS', confirmPassword: 'STR0NG!PASS' },
      '❌ Password must include at least 1 uppercase, lowercase, number, and special character.',
    ],
    [
      'no digit',
      { password: 'Strong!pass', confirmPassword: 'Strong!pass' },
      '❌ Password must include at least 1 uppercase, lowercase, number, and special character.',
    ],
    [
      'no special character',
      { password: 'Str0ngpass', confirmPassword: 'Str0ngpass' },
      '❌ Password must include at least 1 uppercase, lowercase, number, and special character.',
    ],
    ['mismatch', { confirmPassword: 'Str0ng!pasS' }, '❌ Passwords do not match.'],
    ['phone too short', { contactNo: '55512345' }, '❌ Phone number must be between 10 to 15 digits.'],
    [
      'phone too long',
      { countryCode: '+971', contactNo: '5551234567890' },
      '❌ Phone number must be between 10 to 15 digits.',
    ],
    ['letters in phone', { contactNo: '555123456a7' }, '❌ Phone number must contain digits only.'],
    ['dashes in phone', { contactNo: '555-123-4567' }, '❌ Phone number must contain digits only.'],
  ])('%s', (_name, change, message) => {
    expect(validateRegistration({ ...valid, ...change }, today)).toBe(message);
  });

  it.each([
    ['+1', '555123456', true], // 10 digits with the country code
    ['+1', '55512345', false], // 9
    ['+44', '1234567890123', true], // 15
    ['+44', '12345678901234', false], // 16
  ])('phone %s %s within 10 to 15 digits: %s', (code, number, ok) => {
    const message = validateRegistration({ ...valid, countryCode: code, contactNo: number }, today);
    expect(message === null).toBe(ok);
  });

  it('the first failing rule wins (birthday before privacy)', () => {
    expect(validateRegistration({ ...valid, birthday: '2099-01-01', acceptPrivacy: false }, today)).toBe(
      '❌ Birthday must be in the past.',
    );
  });

  it('builds the payload without the privacy flag, phone joined', () => {
    expect(registrationPayload(valid)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthday: '1990-05-06',
      countryCode: '+1',
      contactNo: '5551234567',
      phone: '+15551234567',
      email: 'ada@example.org',
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
    });
  });

  it('joins phone only when both parts exist', () => {
    expect(combinedPhone('+63', '9171234567')).toBe('+639171234567');
    expect(combinedPhone('', '9171234567')).toBe('');
    expect(combinedPhone('+63', '')).toBe('');
  });

  it('birthday check is by calendar day', () => {
    expect(isBirthdayInPast('2026-06-14', today)).toBe(true);
    expect(isBirthdayInPast('2026-06-15', today)).toBe(false);
    expect(isBirthdayInPast('not a date', today)).toBe(false);
  });

  it('offers only country codes the registration contract accepts, +1 first', () => {
    expect(COUNTRY_CODES[0]).toBe(DEFAULT_COUNTRY_CODE);
    for (const countryCode of COUNTRY_CODES) {
      const form = { ...valid, countryCode };
      expect(registrationRequest.safeParse(registrationPayload(form)).success).toBe(true);
    }
  });
});

describe('password strength', () => {
  it.each([
    ['Aa1!aaaa', true],
    ['Aa1!aaa', false],
    ['aa1!aaaa', false],
    ['AA1!AAAA', false],
    ['Aaa!aaaa', false],
    ['Aa1aaaaa', false],
    ['Pass word1', true],
    ['Ünïcødé1!A', true],
  ])('%s → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe('forgot password e-mail', () => {
  it.each([
    ['', 'Please enter your email address.'],
    ['   ', 'Please enter your email address.'],
    ['ada.example.org', 'Please input a valid email address.'],
    ['ada@example.org', null],
  ])('%j → %s', (email, message) => {
    expect(validateForgotEmail(email)).toBe(message);
  });
});

describe('resend verification e-mail', () => {
  it.each([
    ['', 0, 'Please enter your email address.'],
    ['ada', 0, 'Please enter a valid email address.'],
    ['ada@example.org', 17, 'Please wait 17 seconds before requesting another email.'],
    ['ada@example.org', 0, null],
  ])('%j cooldown %i → %s', (email, cooldown, message) => {
    expect(validateResendEmail(email, cooldown)).toBe(message);
  });
});

describe('reset password', () => {
  it('link parameters on load', () => {
    expect(resetLinkError({ email: 'a@b.c', token: 't' })).toBeNull();
    expect(resetLinkError({ email: 'a@b.c' })).toBe('Invalid or missing reset link parameters.');
    expect(resetLinkError({ token: 't' })).toBe('Invalid or missing reset link parameters.');
  });

  it.each([
    [{ email: null, token: 't' }, 'Cannot proceed without email and token from the link.'],
    [{ email: 'a@b.c', token: '' }, 'Cannot proceed without email and token from the link.'],
    [
      { newPassword: 'weakpass', confirmNewPassword: 'weakpass' },
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    ],
    [
      { newPassword: 'Aa1!', confirmNewPassword: 'Aa1!' },
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    ],
    [{ confirmNewPassword: 'Different1!' }, 'Passwords do not match.'],
    [{}, null],
  ])('%j → %s', (change, message) => {
    const input = {
      email: 'a@b.c',
      token: 't',
      newPassword: 'Aa1!aaaa',
      confirmNewPassword: 'Aa1!aaaa',
      ...change,
    };
    expect(validateResetPassword(input)).toBe(message);
  });
});

describe('change password', () => {
  const base = { currentPassword: 'Old1!pass', newPassword: 'New1!pass', confirmNewPassword: 'New1!pass' };
  it.each([
    [{ currentPassword: '' }, 'All fields are required.'],
    [{ newPassword: '' }, 'All fields are required.'],
    [{ confirmNewPassword: '' }, 'All fields are required.'],
    [
      { newPassword: 'Old1!pass', confirmNewPassword: 'Old1!pass' },
      'New password cannot be the same as current password.',
    ],
    [
      { newPassword: 'newpass', confirmNewPassword: 'newpass' },
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    ],
    [{ confirmNewPassword: 'New1!pasS' }, 'New passwords do not match.'],
    [{}, null],
  ])('%j → %s', (change, message) => {
    expect(validateChangePassword({ ...base, ...change })).toBe(message);
  });
});
