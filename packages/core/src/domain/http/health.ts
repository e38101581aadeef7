// The API's health answers, for load balancers and for the tests and scripts that wait on a server.
import { envelope, z } from './schema';

/** GET /health: the process answers, with the kind of database it opened. */
export const healthResponse = envelope(z.object({ status: z.literal('ok'), database: z.string() }));
/** GET /health/live: the process answers. */
export const liveResponse = envelope(z.object({ status: z.literal('live') }));
/** GET /health/ready: every dependency answered (a 503 in the error envelope names the ones that did not). */
export const readyResponse = envelope(
  z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.literal('ok')) }),
);
