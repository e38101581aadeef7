// Errors raised by the client, and the generic error texts.

/** A non-OK response: carries the HTTP status and the parsed body (JSON or text). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** No response at all (failed to fetch, network error, CORS). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** What to do when a call never reached the server (a failure says why and what to do next). */
export const UNREACHABLE_NEXT_STEP = 'Check your connection and try again.';

/**
 * A failed call as a user reads it: a call that never reached the server says so, with the browser's reason
 * and what to do ("Failed to fetch" alone says neither); a refused call says the server's own words ("This
 * session has already ended."), not the generic 'API Error' of a write nor the envelope around them; any other
 * error keeps its own message.
 */
export function failureText(error: unknown): string {
  if (error instanceof NetworkError)
    return `Could not reach the Posture Vision server: ${error.message}. ${UNREACHABLE_NEXT_STEP}`;
  if (error instanceof ApiError) return errorBodyTexts(error.body).find(Boolean) ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export const GENERIC_GET_ERROR = 'An error occurred';
export const GENERIC_POST_ERROR = 'API Error';

export const REFRESH_ERRORS = {
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Token refresh failed',
  invalidResponse: 'Invalid refresh response',
} as const;

export const SESSION_EXPIRED_ALERT = 'Your session has expired. Please log in again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The message of a non-OK response. GET: the body's detail (the envelope's error.message is this API's detail),
 * else the body text when it is not JSON, else 'An error occurred'. Every other method: 'API Error'.
 * A JSON body is never shown as text: a person reads "Session not found.", not the envelope around it.
 */
export function httpErrorMessage(method: string, body: unknown, rawText: string): string {
  if (method.toUpperCase() !== 'GET') return GENERIC_POST_ERROR;
  if (isRecord(body) && typeof body.detail === 'string' && body.detail) return body.detail;
  if (isRecord(body)) {
    const error = body.error;
    if (isRecord(error) && typeof error.message === 'string' && error.message) return error.message;
    if (typeof error === 'string' && error) return error;
    if (typeof body.message === 'string' && body.message) return body.message;
    return GENERIC_GET_ERROR;
  }
  if (rawText) return rawText;
  return GENERIC_GET_ERROR;
}

/** Every human-readable text an error body carries: detail, message, error.message or error text. */
export function errorBodyTexts(body: unknown): string[] {
  if (typeof body === 'string') return body ? [body] : [];
  if (!isRecord(body)) return [];
  const texts: string[] = [];
  for (const key of ['detail', 'message'] as const) {
    if (typeof body[key] === 'string') texts.push(body[key] as string);
  }
  const error = body.error;
  if (typeof error === 'string') texts.push(error);
  else if (isRecord(error) && typeof error.message === 'string') texts.push(error.message);
  return texts;
}

const REFRESH_WORDS = /token|expired|unauthorized/i;

/** Whether to refresh the session: a 401, or an error whose message or detail mentions token/expired/unauthorized. */
export function shouldRefreshSession(status: number, body: unknown): boolean {
  if (status === 401) return true;
  return errorBodyTexts(body).some((text) => REFRESH_WORDS.test(text));
}

/** True when fetch itself failed: no response. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof NetworkError;
}
