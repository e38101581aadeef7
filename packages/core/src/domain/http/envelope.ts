// The API's error envelope, and the texts for the errors a server framework raises before
// any route runs (bad URL, oversized headers or body, wrong content type), so every server answers them in
// the envelope too.

export interface ErrorDetail {
  field: string;
  message: string;
}

export interface ErrorEnvelope {
  success: false;
  error: { message: string; details: ErrorDetail[] };
}

export function errorBody(message: string, details: ErrorDetail[] = []): ErrorEnvelope {
  return { success: false, error: { message, details } };
}

/** A framework error (Fastify's FST_ERR_* and Node's HTTP parser), as the envelope's status and text. */
export function frameworkError(error: { code?: string; statusCode?: number; message?: string }): {
  status: number;
  message: string;
} {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: 'The address is not valid (bad percent-encoding).' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: 'A part of the address is too long.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'Request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported content type: send JSON (application/json).' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The Content-Length header does not match the body.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The JSON body is empty.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return { status: 400, message: 'The body is not valid JSON.' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'Request headers are too large.' };
    case 'HPE_URI_TOO_LONG':
      return { status: 414, message: 'The address is too long.' };
  }
  const status = error.statusCode;
  if (status === 413) return { status, message: 'Request body is too large.' };
  if (status === 429)
    return { status, message: error.message || 'Too many requests. Please try again later.' };
  if (status === 431) return { status, message: 'Request headers are too large.' };
  if (status === 415) return { status, message: 'Unsupported content type.' };
  if (status && status >= 400 && status < 500)
    return { status, message: error.message || 'Invalid request.' };
  return { status: 500, message: 'Internal server error.' };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * The raw HTTP answer for an error the HTTP parser raises before the framework sees a request (headers over
 * the size limit, a malformed request line): the envelope as JSON, then the connection closes.
 */
export function rawClientErrorResponse(error: { code?: string }): string {
  const known = frameworkError(error);
  const status = known.status === 500 ? 400 : known.status;
  const body = JSON.stringify(errorBody(known.status === 500 ? 'Malformed HTTP request.' : known.message));
  return (
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${new TextEncoder().encode(body).length}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}
