// Reading an API answer (the response envelope): one reader for the web app and the extension.

/** The response envelope of the API. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message?: string;
  data?: T;
  error?: { message: string; details?: { field: string; message: string }[] } | string;
  detail?: string;
}

type Answer = Pick<ApiEnvelope<unknown>, 'error' | 'message'> | null | undefined;

/** The message an unsuccessful answer carries: the error text, else error.message, else message, else the
 * fallback (empty texts are skipped). */
export function envelopeMessage(answer: Answer, fallback: string): string {
  const error = answer?.error;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && error.message) return error.message;
  return answer?.message || fallback;
}

/** The data of a successful answer; otherwise an Error with the answer's message. */
export function unwrap<T>(answer: ApiEnvelope<T> | null | undefined, fallback: string): T {
  if (answer?.success && answer.data !== undefined && answer.data !== null) return answer.data;
  throw new Error(envelopeMessage(answer, fallback));
}

/** Throws with the answer's message when it says success false. */
export function ensureSuccess(answer: ApiEnvelope<unknown> | null | undefined, fallback: string): void {
  if (!answer?.success) throw new Error(envelopeMessage(answer, fallback));
}
