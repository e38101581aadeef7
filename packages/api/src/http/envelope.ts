// The response envelope: `{success, message, data}`, errors
// `{success:false, error:{message, details:[{field,message}]}}`.
import type { Socket } from 'node:net';
import {
  type ErrorDetail,
  errorBody,
  frameworkError,
  rawClientErrorResponse,
  unstorableIn,
} from '@posture-vision/core/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';

export { type ErrorDetail, errorBody };

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

/**
 * Route options that declare a route's answer with its contract's schema (core owns the contracts; the clients'
 * types are inferred from the same schema). `status` is the success status the route sends.
 */
export function answers(schema: ZodType, status = 200) {
  return { schema: { response: { [status]: schema } } };
}

/**
 * Answers of routes that declare a contract (`answers`) are parsed with it before they are sent: what leaves is
 * the contract's shape, no field more, and a route that breaks its contract fails as a 500 in the envelope
 * instead of sending clients what they do not expect. Error answers have no declared schema and are sent as
 * they are.
 */
export function installResponseContracts(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    const contract = schema as ZodType;
    return (data) => JSON.stringify(contract.parse(data));
  });
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

/**
 * What of an error may be logged: its kind and code, never its message or cause. A failed database write's
 * error carries the query and its parameters (e-mail, phone, password hash), and PostgreSQL's messages quote
 * the refused value.
 */
export function loggableError(error: unknown): { type: string; code?: string } {
  const e = error as { name?: string; code?: unknown; cause?: { code?: unknown } };
  const code =
    typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return { type: e?.name ?? typeof error, ...(code ? { code } : {}) };
}

/**
 * Fastify options that shape the framework's own errors as the envelope: errors the router raises before a
 * route is found (bad percent-encoding, an over-long path parameter) and errors of Node's HTTP parser
 * (headers over the size limit). Everything else reaches the error handler below.
 */
export const frameworkErrorOptions = {
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = frameworkError(error);
    reply.status(status).send(errorBody(message));
  },
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    if (socket.writable) socket.end(rawClientErrorResponse(error));
    else socket.destroy(error);
  },
};

/** Maps every thrown error to the envelope; unknown errors become 500 without leaking internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.message, error.details));
    }
    const { status, message } = frameworkError(error);
    if (status < 500) return reply.status(status).send(errorBody(message));
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(errorBody('Internal server error.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(`Route ${request.method} ${request.url.split('?')[0]} not found.`));
  });
  // Every request part, before any route reads it: text and JSON PostgreSQL would refuse are a 400 here.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const problem = unstorableIn(value);
      if (problem)
        throw new ApiError(400, problem.message, [{ field: problem.path || part, message: problem.message }]);
    }
  });
}
