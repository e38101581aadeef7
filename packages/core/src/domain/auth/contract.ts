// The accounts API's requests and answers, written once: the API validates and shapes with these schemas, the
// client's types are inferred from them, and the account forms judge the shared fields (password, e-mail)
// with the same pieces.
import { anyPassword, birthday, email, newPassword, requiredText } from '../http/fields';
import { envelope, z } from '../http/schema';
import { profileData } from '../profile/contract';
import { combinedPhone, contactDigitsError, phoneLengthError, VALIDATION_MESSAGES } from './rules';

/** The texts of the extension's one-time sign-in code. */
export const HANDOFF_MESSAGES = {
  webSession: "The web app's session could not be confirmed. Please sign in again.",
  invalidCode:
    'Invalid or expired extension sign-in code. Open the web app while signed in to connect the extension.',
  codeRequired:
    'An extension sign-in code from the web app is required: an access token alone cannot open a session.',
} as const;

export const registrationRequest = z
  .object({
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    birthday,
    countryCode: requiredText('Country code', 5).regex(/^\+\d{1,4}$/, 'Country code must look like +1.'),
    contactNo: requiredText('Phone number', 20).refine(
      (digits) => !contactDigitsError(digits),
      VALIDATION_MESSAGES.phoneDigits,
    ),
    phone: requiredText('Phone number', 25),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: 'Please confirm your password.' }),
  })
  .superRefine((body, check) => {
    if (body.password !== body.confirmPassword)
      check.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: VALIDATION_MESSAGES.passwordsMismatch,
      });
    const phoneError = phoneLengthError(combinedPhone(body.countryCode, body.contactNo));
    if (phoneError) check.addIssue({ code: 'custom', path: ['phone'], message: phoneError });
  });

export const loginRequest = z.object({
  email,
  password: anyPassword,
  totpCode: z.string().trim().max(10).optional(),
  /** In place of totpCode when the authenticator app is lost: one of the account's recovery codes, once. */
  recoveryCode: z.string().trim().max(40).optional(),
});

export const adminLoginRequest = z.object({ email, password: anyPassword });

/** Resend verification and forgot password: one e-mail address. */
export const emailRequest = z.object({ email });

export const resetPasswordRequest = z
  .object({
    token: requiredText('Token', 200),
    email: email.optional(),
    newPassword,
    confirmNewPassword: z.string({ error: 'Please confirm your new password.' }),
  })
  .refine((b) => b.newPassword === b.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: VALIDATION_MESSAGES.passwordsMismatch,
  });

export const changePasswordRequest = z
  .object({
    currentPassword: anyPassword,
    newPassword,
    confirmNewPassword: z.string({ error: VALIDATION_MESSAGES.allFieldsRequired }),
  })
  .superRefine((b, check) => {
    if (b.newPassword === b.currentPassword)
      check.addIssue({ code: 'custom', path: ['newPassword'], message: VALIDATION_MESSAGES.sameAsCurrent });
    if (b.newPassword !== b.confirmNewPassword)
      check.addIssue({
        code: 'custom',
        path: ['confirmNewPassword'],
        message: VALIDATION_MESSAGES.newPasswordsMismatch,
      });
  });

export const refreshRequest = z.object({ refresh_token: z.string().min(1).max(200).optional() });
/** The e-mail verification token, in the mailed link's query or a posted body. */
export const verifyEmailRequest = z.object({ token: requiredText('Token', 2000) });
export const extensionHandoffRequest = z
  .object({ refresh_token: z.string().min(1).max(200).optional() })
  .strict();
export const extensionSessionRequest = z
  .object({
    code: z.string({ error: HANDOFF_MESSAGES.codeRequired }).min(1, HANDOFF_MESSAGES.codeRequired).max(2000),
  })
  .strict();

/** A new token pair (refresh, the extension's own session). */
export const tokenPairResponse = envelope(z.object({ access_token: z.string(), refresh_token: z.string() }));

export const registrationResponse = envelope(
  z.object({ user: z.object({ id: z.string(), email: z.string() }) }),
);
export const verifyEmailResponse = envelope(z.object({ email: z.string() }));
export const extensionHandoffResponse = envelope(z.object({ code: z.string(), expires_in: z.number() }));

/** The sign-in answer carries its tokens beside the envelope's data. */
export const loginResponse = envelope(z.object({ user: profileData })).extend({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export const adminLoginResponse = envelope(
  z.object({ admin: z.object({ id: z.string(), email: z.string() }) }),
).extend({ accessToken: z.string(), detail: z.null() });

export type RegistrationPayload = z.input<typeof registrationRequest>;
export type LoginPayload = z.input<typeof loginRequest>;
export type AdminLoginPayload = z.input<typeof adminLoginRequest>;
export type ResetPasswordPayload = z.input<typeof resetPasswordRequest>;
export type ChangePasswordPayload = z.input<typeof changePasswordRequest>;
export type LoginAnswer = z.infer<typeof loginResponse>;
export type AdminLoginAnswer = z.infer<typeof adminLoginResponse>;
export type TokenPair = z.infer<typeof tokenPairResponse>['data'];
