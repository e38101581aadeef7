// Which text a failed sign-in, registration, password reset or admin sign-in shows: the server's own words
// when it gave some, else the fixed text for its status (the texts are in texts/auth.ts), and whether a
// forgotten-password request was taken.
import {
  ADMIN_LOGIN_FAILED_MESSAGE,
  AUTH_STATUS_MESSAGES,
  FORGOT_FAILED_MESSAGE,
  FORGOT_SUCCESS_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  RESET_FAILED_DEFAULT,
  RESET_UNEXPECTED_ERROR,
  TWO_FACTOR_REQUIRED_MESSAGE,
} from '../../texts/auth';
import { ApiError } from '../http/errors';
import type { MessageTone } from './marks';

interface ErrorBody {
  message?: unknown;
  detail?: unknown;
  error?: unknown;
}

function asBody(body: unknown): ErrorBody {
  return typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
}

function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}

/**
 * True when the details only name the field a refusal concerns (each detail repeats the error's own message,
 * as a wrong password or an unverified e-mail does); field validation gives each field its own message.
 */
function detailsRepeatMessage(details: unknown[], message: unknown): boolean {
  return (
    typeof message === 'string' &&
    message !== '' &&
    details.every((d) => (d as { message?: unknown } | null)?.message === message)
  );
}

/**
 * The server's own words: field validation's error.details as 'field: message' lines, else error.message,
 * else message. A refusal that only tags its field ("password: Incorrect email or password.") reads as its
 * message alone: the field name is for the form, not for the person.
 */
export function serverErrorText(body: unknown): string {
  const { error, message } = asBody(body);
  const err = asBody(error) as { details?: unknown; message?: unknown };
  if (
    Array.isArray(err.details) &&
    err.details.length > 0 &&
    !detailsRepeatMessage(err.details, err.message)
  ) {
    return err.details
      .map(
        (d: { field?: unknown; message?: unknown }) =>
          `${String(d?.field ?? '')}: ${String(d?.message ?? '')}`,
      )
      .join('\n');
  }
  if (typeof err.message === 'string' && err.message) return err.message;
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return '';
}

/** The fixed text of a sign-in or registration failure by status. */
export function authStatusMessage(status: number, body: unknown): string {
  const text = bodyText(body).toLowerCase();
  switch (status) {
    case 400:
      return AUTH_STATUS_MESSAGES[400];
    case 401:
      return AUTH_STATUS_MESSAGES[401];
    case 403:
      return text.includes('google') ? AUTH_STATUS_MESSAGES['403_google'] : AUTH_STATUS_MESSAGES[403];
    case 404:
      return text.includes('email') ? AUTH_STATUS_MESSAGES['404_email'] : AUTH_STATUS_MESSAGES[404];
    case 409:
      return AUTH_STATUS_MESSAGES[409];
    case 422:
      return AUTH_STATUS_MESSAGES[422];
    case 429:
      return AUTH_STATUS_MESSAGES[429];
    case 500:
      return AUTH_STATUS_MESSAGES[500];
    default:
      return AUTH_STATUS_MESSAGES.other;
  }
}

/** Forgot password succeeds when the answer has a message or a success flag. */
export function forgotPasswordSucceeded(answer: unknown): boolean {
  const body = asBody(answer) as { success?: unknown; message?: unknown };
  return Boolean(body.message || body.success);
}

export function forgotPasswordResultMessage(answer: unknown): string {
  return forgotPasswordSucceeded(answer) ? FORGOT_SUCCESS_MESSAGE : FORGOT_FAILED_MESSAGE;
}

/**
 * The sign-in and registration error text: with no response, the error's message or the network text;
 * otherwise the server's own words (details lines, error.message, message) and, when it gave none, the
 * status text.
 */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : '';
    return message || NETWORK_ERROR_MESSAGE;
  }
  return serverErrorText(error.body) || authStatusMessage(error.status, error.body);
}

/** True when the login was refused only because the 2FA code is missing (the form then asks for it). */
export function isTwoFactorRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const err = asBody(asBody(error.body).error) as { message?: unknown; details?: unknown };
  if (err.message === TWO_FACTOR_REQUIRED_MESSAGE) return true;
  return Array.isArray(err.details) && err.details.some((d: { field?: unknown }) => d?.field === 'totpCode');
}

/**
 * The tone of a sign-in refusal: the first ask for the two-factor code is a prompt for the next step ('info'),
 * not an error (a wrong code is one); undefined lets the text's marks decide.
 */
export function signInFailureTone(error: unknown): MessageTone | undefined {
  if (!(error instanceof ApiError) || error.status !== 401) return undefined;
  const err = asBody(asBody(error.body).error) as { message?: unknown };
  return err.message === TWO_FACTOR_REQUIRED_MESSAGE ? 'info' : undefined;
}

/**
 * Reset failure: 400/403/404 show the server's own words (a used or expired link: 'Invalid or expired reset link.
 * Please request a new one.'), else the reset's failure text; anything else the unexpected text. The specification
 * shows "the response body as text", which for this API's JSON envelope printed `{"success":false,"error":…}`.
 */
export function resetPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 404].includes(error.status))
    return (
      (typeof error.body === 'string' && error.body) || serverErrorText(error.body) || RESET_FAILED_DEFAULT
    );
  return RESET_UNEXPECTED_ERROR;
}

export function adminLoginErrorMessage(error: unknown): string {
  const detail = error instanceof ApiError ? asBody(error.body).detail : undefined;
  return typeof detail === 'string' && detail ? detail : ADMIN_LOGIN_FAILED_MESSAGE;
}
