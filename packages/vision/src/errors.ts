// The API's error envelope, for every HTTP answer.
import { type ErrorDetail, errorBody } from '@posture-vision/core/http';
import type { FastifyReply } from 'fastify';
import type { ZodError } from 'zod';

export function sendError(reply: FastifyReply, status: number, message: string, details: ErrorDetail[] = []) {
  return reply.code(status).send(errorBody(message, details));
}

export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
}
