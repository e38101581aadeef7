// Sign-in, registration, password recovery and admin texts.

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const DEFAULT_SUCCESS_MESSAGE = 'Operation completed successfully.';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful!';
export const LOGIN_NO_TOKEN_MESSAGE = 'Login successful, but no token received.';
export const REGISTRATION_SUCCESS_DEFAULT = 'Verification email sent. Please check your inbox.';
export const GOOGLE_REDIRECTING_MESSAGE = 'Redirecting to Google...';
export const GOOGLE_START_FAILED_MESSAGE = 'Failed to initiate Google sign-in. Please try again.';
/** Continue with Google waits this long before navigating. */
export const GOOGLE_REDIRECT_DELAY_MS = 500;
export const LOGOUT_TOAST = 'You have been logged out successfully.';
export const PUBLIC_LOGOUT_TOAST_MS = 3000;
export const DASHBOARD_LOGOUT_TOAST_MS = 5000;
export const DEFAULT_TOAST_MS = 10_000;
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Two-factor authentication code required.';

export const AUTH_STATUS_MESSAGES = {
  400: 'Invalid request. Please check your input.',
  401: 'Incorrect email or password.',
  403: 'Access denied. You may need to use a different sign-in method.',
  '403_google': 'This account was created using Google. Please sign in with Google.',
  404: 'The requested resource was not found.',
  '404_email': 'Email address not found in our system.',
  409: 'This information already exists in our system.',
  422: 'Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
  other: 'An unexpected error occurred. Please try again.',
} as const;

/** The text after a login answer: success, or the response message / 'no token' text. */
export function loginResultMessage(answer: { accessToken?: string; message?: string }): string {
  if (answer.accessToken) return LOGIN_SUCCESS_MESSAGE;
  return answer.message || LOGIN_NO_TOKEN_MESSAGE;
}

/** The resend-verification hint shows when the error text mentions 'not verified' or 'verification'. */
export function showsResendHint(message: string): boolean {
  const text = message.toLowerCase();
  return text.includes('not verified') || text.includes('verification');
}

export const SIGN_IN_QUERY_ERRORS: Record<string, string> = {
  google_failed: 'Google sign-in failed. Please try again or use email/password.',
  // The API has no Google client configured: trying again cannot help, so the page says so (not the
  // specification's "failed, please try again", which is for a sign-in that went wrong).
  google_unavailable:
    'Google sign-in is not available: it is not configured on this server. Please sign in with your email and password.',
  google_auth_failed: 'Google authentication was cancelled or failed. Please try again.',
  oauth_incomplete: 'OAuth sign-in was incomplete. Please try again.',
  oauth_processing_failed: 'OAuth processing failed. Please try again or contact support.',
};
export const SIGN_IN_QUERY_ERROR_DEFAULT = 'Authentication error. Please try again.';
export const EMAIL_VERIFIED_MESSAGE = 'Email verified successfully! You can now log in.';
/** The sign-in page after User Settings' Danger Zone deleted the account. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account and all its data have been deleted.';

/** The message the sign-in page shows from its query parameters (verified, message, error), if any. */
export function signInQueryMessage(params: {
  verified?: string | null;
  message?: string | null;
  error?: string | null;
}): { text: string; tone: 'success' | 'error' } | null {
  if (params.verified === 'true') return { text: EMAIL_VERIFIED_MESSAGE, tone: 'success' };
  if (params.message) return { text: params.message, tone: 'success' };
  if (params.error) {
    return { text: SIGN_IN_QUERY_ERRORS[params.error] ?? SIGN_IN_QUERY_ERROR_DEFAULT, tone: 'error' };
  }
  return null;
}

/** What the Google callback page does with its query parameters. */
export type GoogleCallbackOutcome =
  | { kind: 'tokens'; accessToken: string; refreshToken: string; redirect: '/dashboard' }
  | { kind: 'error'; redirect: string };

export function googleCallbackOutcome(params: {
  error?: string | null;
  accessToken?: string | null;
  refreshToken?: string | null;
}): GoogleCallbackOutcome {
  if (params.error) return { kind: 'error', redirect: '/login?error=google_auth_failed' };
  if (params.accessToken && params.refreshToken) {
    return {
      kind: 'tokens',
      accessToken: params.accessToken,
      refreshToken: params.refreshToken,
      redirect: '/dashboard',
    };
  }
  return { kind: 'error', redirect: '/login?error=oauth_incomplete' };
}
export const GOOGLE_CALLBACK_FAILED_REDIRECT = '/login?error=oauth_processing_failed';
export const GOOGLE_CALLBACK_TEXT = 'Logging you in via Google...';

// Password recovery.
export const RESET_SUCCESS_MESSAGE = 'Password was successfully reset!';
export const RESET_FAILED_DEFAULT = 'Failed to reset password. Please try again or request a new link.';
export const RESET_UNEXPECTED_ERROR = 'An unexpected error occurred.';
/** The API's refusal of a reset link used already, expired or for another address (api auth/service.ts): the page
 * then offers a new link instead of the password fields, which would only be refused again. */
export const RESET_LINK_REFUSED_MESSAGE = 'Invalid or expired reset link. Please request a new one.';
export const REQUEST_NEW_RESET_LINK = 'Request a new link';
export const FORGOT_SUCCESS_MESSAGE = 'Reset password link is sent to your email.';
export const FORGOT_FAILED_MESSAGE = 'Could not process request. Please try again.';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully.';

/** A reset answer without success: its message or the default failure text. */
export function resetPasswordResultMessage(answer: { success?: boolean; message?: string }): string {
  if (answer.success) return RESET_SUCCESS_MESSAGE;
  return answer.message || RESET_FAILED_DEFAULT;
}

// Resend verification: its cooldown, the redirect after a send, and its texts.
export const RESEND_COOLDOWN_SECONDS = 60;
export const RESEND_REDIRECT_DELAY_MS = 3000;
export const RESEND_SENT_MESSAGE = 'Verification email sent successfully!';

export function resendButtonLabel(secondsLeft: number): string | null {
  return secondsLeft > 0 ? `Wait ${secondsLeft}s` : null;
}

/** Where the page goes 3 s after a successful send. */
export function resendRedirectPath(): string {
  return `/login?message=${encodeURIComponent(RESEND_SENT_MESSAGE)}`;
}

// Admin sign-in.
export const ADMIN_NO_TOKEN_MESSAGE = 'No token received.';
export const ADMIN_LOGIN_FAILED_MESSAGE = 'Login failed.';

export function adminLoginResultMessage(answer: { accessToken?: string; message?: string }): string | null {
  if (answer.accessToken) return null;
  return answer.message || ADMIN_NO_TOKEN_MESSAGE;
}

// Two-factor recovery codes: texts of the settings page and the sign-in page (no specification text; the
// specification has no recovery codes). Their shape and file are in recovery-codes.ts.
export const RECOVERY_CODE_MESSAGES = {
  invalid: 'Invalid recovery code.',
  created: 'New recovery codes created. The codes you had before no longer work.',
  intro:
    'Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.',
  useInstead: 'Use a recovery code instead',
  useAppCode: 'Use the code from your authenticator app',
  label: 'Recovery code',
  fileName: 'posture-vision-recovery-codes.txt',
  copied: 'Recovery codes copied.',
  copyFailed: 'Could not copy: select the codes and copy them, or download them.',
} as const;

/** How many unused codes are left, as the security settings say it. */
export function recoveryCodesLeftText(left: number): string {
  return left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`;
}
