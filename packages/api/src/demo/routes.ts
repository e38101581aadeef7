// The free demo (the landing page's live tool, no account): POST /demo/sample-report sends the sample report
// the time-up dialog promises ("A sample report will be sent to …") through the product's mailer. The address is
// used for that one mail and nothing else: it is written to no table, no log line (the mailer logs the subject
// only; a failure logs its kind and code) and no counter (the rate limits key on its SHA-256, like the auth
// routes': per client and address, and per address whoever asks); without SMTP_URL the one copy is the outbox file that stands in for delivery, as for every mail.
// The mail says nothing the visitor wrote: the request is the address and the demo's figures, bounded by core's
// schema, and the mail's words are core's fixed texts.
import { sampleReportRequest, sampleReportResponse } from '@posture-vision/core/live';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../auth/service.ts';
import { ApiError, answers, loggableError, ok, parse } from '../http/envelope.ts';
import { sampleReportMail } from './mail.ts';

export const SAMPLE_REPORT_SENT = 'Sample report sent.';
export const SAMPLE_REPORT_UNAVAILABLE =
  'The mail service is not available right now. Please try again later.';
export const SAMPLE_REPORT_REFUSED = 'The mail server refused this address.';

/** The SHA-256 of the address a request names (trimmed, lower case): the only form any counter keeps. */
function addressHash(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return sha256(typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '');
}

export default async function demoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Per recipient, whoever asks: many client addresses together cannot flood one inbox either. As many per
  // mail window (an hour) as one client may ask for one address a minute.
  const perRecipient = app.createRateLimit({
    max: ctx.config.rateLimit.max,
    timeWindow: ctx.config.addressLimits.mail.windowMs,
    keyGenerator: (request) => `demo-recipient:${addressHash(request)}`,
  });
  app.post(
    '/demo/sample-report',
    {
      config: {
        rateLimit: {
          max: ctx.config.rateLimit.max,
          timeWindow: ctx.config.rateLimit.windowMs,
          // After body parsing, so the key can include the address, hashed: counters keep no address.
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => `demo|${request.ip}|${addressHash(request)}`,
        },
      },
      ...answers(sampleReportResponse),
    },
    async (request) => {
      const { email, summary } = parse(sampleReportRequest, request.body);
      const recipient = await perRecipient(request);
      if (!recipient.isAllowed && recipient.isExceeded)
        throw new ApiError(429, `Too many requests. Please try again in ${recipient.ttlInSeconds} seconds.`);
      try {
        await ctx.mailer.send(sampleReportMail(email, summary));
      } catch (error) {
        request.log.warn({ err: loggableError(error) }, 'sample report not sent');
        // The server's answer to the recipient (550 no such user): this address, not the service.
        if ((error as { code?: unknown }).code === 'EENVELOPE')
          throw new ApiError(422, SAMPLE_REPORT_REFUSED, [
            { field: 'email', message: SAMPLE_REPORT_REFUSED },
          ]);
        throw new ApiError(503, SAMPLE_REPORT_UNAVAILABLE);
      }
      return ok({}, SAMPLE_REPORT_SENT);
    },
  );
}
