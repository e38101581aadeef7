import type { ApiEnvelope } from '@posture-vision/core/api';

/** The message an unsuccessful envelope carries: error text, error.message, then message. */
export function envelopeMessage(answer: ApiEnvelope<unknown> | null | undefined, fallback: string): string {
  const error = answer?.error;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && error.message) return error.message;
  return answer?.message || fallback;
}

/** The data of a successful envelope; otherwise an Error with the envelope's message. */
export function unwrap<T>(answer: ApiEnvelope<T> | null | undefined, fallback: string): T {
  if (answer?.success && answer.data !== undefined && answer.data !== null) return answer.data;
  throw new Error(envelopeMessage(answer, fallback));
}

/** Throws with the envelope's message when an answer says success false. */
export function ensureSuccess(answer: ApiEnvelope<unknown> | null | undefined, fallback: string): void {
  if (!answer?.success) throw new Error(envelopeMessage(answer, fallback));
}
