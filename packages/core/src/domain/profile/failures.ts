// Which text a failed profile call shows (the texts are in texts/profile.ts).
import { PROFILE_MESSAGES } from '../../texts/profile';
import { ApiError, NetworkError } from '../http/errors';

function messageOrDetail(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const b = body as { message?: unknown; detail?: unknown; error?: unknown };
  if (typeof b.message === 'string' && b.message) return b.message;
  const err = b.error as { message?: unknown } | string | undefined;
  if (typeof err === 'string' && err) return err;
  if (typeof err === 'object' && err && typeof err.message === 'string' && err.message) return err.message;
  if (typeof b.detail === 'string' && b.detail) return b.detail;
  return '';
}

/** The profile page's error text for a failed call. */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return PROFILE_MESSAGES.network;
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message ? error.message : PROFILE_MESSAGES.unexpected;
  }
  switch (error.status) {
    case 401:
      return messageOrDetail(error.body) || PROFILE_MESSAGES.authenticationFailed;
    case 403:
      return PROFILE_MESSAGES.forbidden;
    case 404:
      return PROFILE_MESSAGES.notFound;
    case 429:
      return PROFILE_MESSAGES.tooManyRequests;
    case 500:
      return PROFILE_MESSAGES.serverError;
    default:
      return messageOrDetail(error.body) || PROFILE_MESSAGES.unexpected;
  }
}
