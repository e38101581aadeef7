// The account forms and the API judge the shared fields by one rule: what a form lets through, the API's
// contract accepts, and what the contract refuses the form refuses before sending, with the form's own text.
import { describe, expect, it } from 'vitest';
import {
  emailRequest,
  type RegistrationForm,
  registrationPayload,
  registrationRequest,
  registrationStepErrors,
  validateForgotEmail,
  validateResendEmail,
} from '../../src/auth';

const form: RegistrationForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthday: '1990-12-10',
  countryCode: '+1',
  contactNo: '5551234567',
  email: 'ada@example.org',
  password: 'Str0ng!Pass',
  confirmPassword: 'Str0ng!Pass',
  acceptPrivacy: true,
};

const formErrors = (f: RegistrationForm) => ({
  ...registrationStepErrors(f, 1, new Date('2026-01-01T12:00:00')),
  ...registrationStepErrors(f, 2, new Date('2026-01-01T12:00:00')),
});

describe('registration: the form and the API contract agree', () => {
  it.each([
    ['a valid form', {}],
    ['an address without a domain suffix', { email: 'ada@example' }],
    ['an address with two @', { email: 'ada@@example.org' }],
    ['an address with a space', { email: 'ada lovelace@example.org' }],
    ['a short password', { password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }],
    ['a password without a digit', { password: 'NoDigits!!', confirmPassword: 'NoDigits!!' }],
    ['a phone with a letter', { contactNo: '555123456a' }],
    ['a phone too short', { contactNo: '55512' }],
    ['a phone too long', { contactNo: '5551234567890123' }],
  ])('%s', (_case, change) => {
    const f = { ...form, ...change };
    const formAccepts = Object.keys(formErrors(f)).length === 0;
    expect(registrationRequest.safeParse(registrationPayload(f)).success).toBe(formAccepts);
  });

  it('says the contract’s password texts on the password field', () => {
    const f = { ...form, password: 'NoDigits!!', confirmPassword: 'NoDigits!!' };
    const api = registrationRequest.safeParse(registrationPayload(f));
    expect(api.success).toBe(false);
    expect(formErrors(f).password).toBe(api.error?.issues[0]?.message);
  });
});

describe('the e-mail forms refuse what the API refuses', () => {
  it.each(['ada@example', 'ada@@example.org', 'ada', '@example.org'])('%s', (address) => {
    expect(emailRequest.safeParse({ email: address }).success).toBe(false);
    expect(validateForgotEmail(address)).toBe('Please input a valid email address.');
    expect(validateResendEmail(address)).toBe('Please enter a valid email address.');
  });
});
