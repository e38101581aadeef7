import { ApiError } from '@posture-vision/core/api';

/** The login contract: with 2FA on and no code sent, the API answers 401 with a detail for field totpCode. */
export function asksForTotpCode(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const details = (error.body as { error?: { details?: { field?: string }[] } } | null)?.error?.details;
  return Array.isArray(details) && details.some((d) => d?.field === 'totpCode');
}
