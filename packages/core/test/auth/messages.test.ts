import { describe, expect, it } from 'vitest';
import {
  adminLoginErrorMessage,
  adminLoginResultMessage,
  authErrorMessage,
  DEFAULT_SUCCESS_MESSAGE,
  forgotPasswordResultMessage,
  GOOGLE_CALLBACK_TEXT,
  GOOGLE_REDIRECTING_MESSAGE,
  GOOGLE_START_FAILED_MESSAGE,
  googleCallbackOutcome,
  isTwoFactorRequired,
  LOGOUT_TOAST,
  loginResultMessage,
  messageTone,
  PASSWORD_CHANGED_MESSAGE,
  RECOVERY_CODE_MESSAGES,
  REGISTRATION_SUCCESS_DEFAULT,
  recoveryCodesLeftText,
  resendButtonLabel,
  resendRedirectPath,
  resetPasswordErrorMessage,
  resetPasswordResultMessage,
  showsResendHint,
  signInFailureTone,
  signInQueryMessage,
} from '../../src/auth';
import { ApiError, NetworkError } from '../../src/domain/http/errors';

const apiError = (status: number, body: unknown) => new ApiError('API Error', status, body);

describe('sign-in and registration error text', () => {
  it.each([
    [400, {}, 'Invalid request. Please check your input.'],
    [401, {}, 'Incorrect email or password.'],
    [
      403,
      'This account uses Google sign-in',
      'This account was created using Google. Please sign in with Google.',
    ],
    [403, { provider: 'GOOGLE' }, 'This account was created using Google. Please sign in with Google.'],
    [403, {}, 'Access denied. You may need to use a different sign-in method.'],
    [404, 'No user with that email', 'Email address not found in our system.'],
    [404, {}, 'The requested resource was not found.'],
    [409, {}, 'This information already exists in our system.'],
    [422, {}, 'Please check your input and try again.'],
    [429, {}, 'Too many requests. Please wait a moment and try again.'],
    [500, {}, 'Server error. Please try again later.'],
    [502, {}, 'An unexpected error occurred. Please try again.'],
    [418, null, 'An unexpected error occurred. Please try again.'],
  ])('status %i with %j → %s', (status, body, expected) => {
    // A plain-text body is not a server message; the status text applies.
    const bodyForStatus = typeof body === 'string' ? { hint: body } : body;
    expect(authErrorMessage(apiError(status, bodyForStatus))).toBe(expected);
  });

  it('lists error.details as field: message lines', () => {
    const body = {
      success: false,
      error: {
        message: 'Validation failed',
        details: [
          { field: 'email', message: 'Invalid email' },
          { field: 'password', message: 'Too short' },
        ],
      },
    };
    expect(authErrorMessage(apiError(400, body))).toBe('email: Invalid email\npassword: Too short');
  });

  it('a refusal that only tags its field reads as its message, without the field name', () => {
    const refusal = (field: string, message: string) => ({
      success: false,
      error: { message, details: [{ field, message }] },
    });
    expect(authErrorMessage(apiError(401, refusal('password', 'Incorrect email or password.')))).toBe(
      'Incorrect email or password.',
    );
    expect(
      authErrorMessage(
        apiError(403, refusal('email', 'Email not verified. Please verify your email before logging in.')),
      ),
    ).toBe('Email not verified. Please verify your email before logging in.');
    expect(
      authErrorMessage(apiError(401, refusal('totpCode', 'Two-factor authentication code required.'))),
    ).toBe('Two-factor authentication code required.');
  });

  it('otherwise error.message, then the top-level message', () => {
    expect(authErrorMessage(apiError(409, { error: { message: 'Email already registered' } }))).toBe(
      'Email already registered',
    );
    expect(authErrorMessage(apiError(401, { message: 'Please verify your email' }))).toBe(
      'Please verify your email',
    );
  });

  it("no response: the error's message or the network text", () => {
    expect(authErrorMessage(new NetworkError('Failed to fetch'))).toBe('Failed to fetch');
    expect(authErrorMessage(new NetworkError(''))).toBe('Network error. Please check your connection.');
    expect(authErrorMessage(undefined)).toBe('Network error. Please check your connection.');
  });

  it('recognises the 2FA challenge', () => {
    const challenge = {
      success: false,
      error: {
        message: 'Two-factor authentication code required.',
        details: [{ field: 'totpCode', message: 'Two-factor authentication code required.' }],
      },
    };
    expect(isTwoFactorRequired(apiError(401, challenge))).toBe(true);
    expect(isTwoFactorRequired(apiError(401, { error: { message: 'Invalid credentials' } }))).toBe(false);
    expect(isTwoFactorRequired(apiError(400, challenge))).toBe(false);
    expect(isTwoFactorRequired(new Error('x'))).toBe(false);
    // The first ask is a prompt for the code; a wrong code is an error like any refusal.
    expect(signInFailureTone(apiError(401, challenge))).toBe('info');
    expect(
      signInFailureTone(apiError(401, { error: { message: 'Invalid two-factor authentication code.' } })),
    ).toBeUndefined();
    expect(signInFailureTone(new Error('x'))).toBeUndefined();
  });
});

describe('sign-in results', () => {
  it.each([
    [{ accessToken: 'a' }, 'Login successful!'],
    [{ message: 'Check your mail' }, 'Check your mail'],
    [{}, 'Login successful, but no token received.'],
  ])('%j → %s', (answer, text) => {
    expect(loginResultMessage(answer)).toBe(text);
  });

  it.each([
    ['Email not verified', true],
    ['Please complete verification first', true],
    ['Incorrect email or password.', false],
  ])('resend hint for %s: %s', (text, shows) => {
    expect(showsResendHint(text)).toBe(shows);
  });

  it('fixed texts', () => {
    expect(DEFAULT_SUCCESS_MESSAGE).toBe('Operation completed successfully.');
    expect(REGISTRATION_SUCCESS_DEFAULT).toBe('Verification email sent. Please check your inbox.');
    expect(GOOGLE_START_FAILED_MESSAGE).toBe('Failed to initiate Google sign-in. Please try again.');
    expect(GOOGLE_REDIRECTING_MESSAGE).toBe('Redirecting to Google...');
    expect(LOGOUT_TOAST).toBe('You have been logged out successfully.');
    expect(PASSWORD_CHANGED_MESSAGE).toBe('Password changed successfully.');
    expect(GOOGLE_CALLBACK_TEXT).toBe('Logging you in via Google...');
  });
});

describe('sign-in query messages', () => {
  it.each([
    [{ verified: 'true' }, 'Email verified successfully! You can now log in.', 'success'],
    [
      { message: 'Verification email sent successfully!' },
      'Verification email sent successfully!',
      'success',
    ],
    [{ error: 'google_failed' }, 'Google sign-in failed. Please try again or use email/password.', 'error'],
    [
      { error: 'google_unavailable' },
      'Google sign-in is not available: it is not configured on this server. Please sign in with your email and password.',
      'error',
    ],
    [
      { error: 'google_auth_failed' },
      'Google authentication was cancelled or failed. Please try again.',
      'error',
    ],
    [{ error: 'oauth_incomplete' }, 'OAuth sign-in was incomplete. Please try again.', 'error'],
    [
      { error: 'oauth_processing_failed' },
      'OAuth processing failed. Please try again or contact support.',
      'error',
    ],
    [{ error: 'something' }, 'Authentication error. Please try again.', 'error'],
  ])('%j', (params, text, tone) => {
    expect(signInQueryMessage(params)).toEqual({ text, tone });
  });

  it('nothing to show without parameters', () => {
    expect(signInQueryMessage({})).toBeNull();
    expect(signInQueryMessage({ verified: 'false' })).toBeNull();
  });
});

describe('message tone', () => {
  it.each([
    ['Login successful!', 'success'],
    ['✅ Registered', 'success'],
    ['Email verified successfully! You can now log in.', 'success'],
    ['⚠️ Please fill in all required fields in this step.', 'warning'],
    ['❌ Passwords do not match.', 'error'],
    ['Incorrect email or password.', 'error'],
  ])('%s → %s', (text, tone) => {
    expect(messageTone(text)).toBe(tone);
  });
});

describe('Google callback', () => {
  it.each([
    [{ error: 'access_denied', accessToken: 'a', refreshToken: 'r' }, '/login?error=google_auth_failed'],
    [{ accessToken: 'a' }, '/login?error=oauth_incomplete'],
    [{ refreshToken: 'r' }, '/login?error=oauth_incomplete'],
    [{}, '/login?error=oauth_incomplete'],
  ])('%j → %s', (params, redirect) => {
    expect(googleCallbackOutcome(params)).toEqual({ kind: 'error', redirect });
  });

  it('both tokens: store them and go to /dashboard', () => {
    expect(googleCallbackOutcome({ accessToken: 'a', refreshToken: 'r' })).toEqual({
      kind: 'tokens',
      accessToken: 'a',
      refreshToken: 'r',
      redirect: '/dashboard',
    });
  });
});

describe('password recovery', () => {
  it.each([400, 403, 404])('reset failure %i shows the response body as text', (status) => {
    expect(resetPasswordErrorMessage(apiError(status, 'Token expired or invalid'))).toBe(
      'Token expired or invalid',
    );
    // A JSON envelope reads as its words, never as JSON (a used link's answer).
    expect(
      resetPasswordErrorMessage(
        apiError(status, {
          success: false,
          error: { message: 'Invalid or expired reset link. Please request a new one.', details: [] },
        }),
      ),
    ).toBe('Invalid or expired reset link. Please request a new one.');
    expect(resetPasswordErrorMessage(apiError(status, { success: false }))).toBe(
      'Failed to reset password. Please try again or request a new link.',
    );
  });

  it.each([401, 422, 500])('reset failure %i is unexpected', (status) => {
    expect(resetPasswordErrorMessage(apiError(status, 'x'))).toBe('An unexpected error occurred.');
  });

  it('reset results', () => {
    expect(resetPasswordResultMessage({ success: true })).toBe('Password was successfully reset!');
    expect(resetPasswordResultMessage({ success: false, message: 'Link used' })).toBe('Link used');
    expect(resetPasswordResultMessage({ success: false })).toBe(
      'Failed to reset password. Please try again or request a new link.',
    );
  });

  it('forgot results', () => {
    expect(forgotPasswordResultMessage({ message: 'sent' })).toBe(
      'Reset password link is sent to your email.',
    );
    expect(forgotPasswordResultMessage({ success: true })).toBe('Reset password link is sent to your email.');
    expect(forgotPasswordResultMessage({ success: false })).toBe(
      'Could not process request. Please try again.',
    );
    expect(forgotPasswordResultMessage('')).toBe('Could not process request. Please try again.');
  });

  it('resend verification cooldown and redirect', () => {
    expect(resendButtonLabel(42)).toBe('Wait 42s');
    expect(resendButtonLabel(0)).toBeNull();
    expect(decodeURIComponent(resendRedirectPath())).toBe(
      '/login?message=Verification email sent successfully!',
    );
  });
});

describe('admin sign-in', () => {
  it('no token: the server message or the fixed text', () => {
    expect(adminLoginResultMessage({ message: 'Not an admin' })).toBe('Not an admin');
    expect(adminLoginResultMessage({})).toBe('No token received.');
    expect(adminLoginResultMessage({ accessToken: 't' })).toBeNull();
  });

  it('exception: the detail or the fixed text', () => {
    expect(adminLoginErrorMessage(apiError(401, { detail: 'Invalid admin credentials' }))).toBe(
      'Invalid admin credentials',
    );
    expect(adminLoginErrorMessage(apiError(500, {}))).toBe('Login failed.');
    expect(adminLoginErrorMessage(new NetworkError('Failed to fetch'))).toBe('Login failed.');
  });
});

describe('two-factor recovery code texts', () => {
  it('say how many codes are left, and what was done', () => {
    expect(recoveryCodesLeftText(1)).toBe('1 recovery code left.');
    expect(recoveryCodesLeftText(9)).toBe('9 recovery codes left.');
    expect(RECOVERY_CODE_MESSAGES.invalid).toBe('Invalid recovery code.');
    expect(RECOVERY_CODE_MESSAGES.created).toBe(
      'New recovery codes created. The codes you had before no longer work.',
    );
    expect(RECOVERY_CODE_MESSAGES.useInstead).toBe('Use a recovery code instead');
  });
});
