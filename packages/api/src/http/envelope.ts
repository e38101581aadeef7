// The response envelope of document 1, section 3: `{success, message, data}`, errors
// `{success:false, error:{message, details:[{field,message}]}}`.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType, z } from 'zod';

export interface ErrorDetail {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

export function ok<T>(data: T, message = 'OK') {
  return { success: true as const, message, data };
}

export function errorBody(message: string, details: ErrorDetail[] = []) {
  return { success: false as const, error: { message, details } };
}

/** Validates a request part with a schema; failures answer 400 with one detail per field. */
export function parse<S extends ZodType>(schema: S, value: unknown, part = 'body'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : part,
    message: issue.message,
  }));
  throw new ApiError(400, details[0]?.message ?? 'Invalid request.', details);
}

/** Maps every thrown error to the envelope; unknown errors become 500 without leaking internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.message, error.details));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody('Request body is too large.'));
    if (status === 429)
      return reply.status(429).send(errorBody('Too many requests. Please try again later.'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, bad multipart.
      return reply.status(status === 415 ? 415 : 400).send(errorBody(error.message || 'Invalid request.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('Internal server error.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(`Route ${request.method} ${request.url.split('?')[0]} not found.`));
  });
}
