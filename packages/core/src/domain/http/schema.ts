// The one zod every contract is written with, and the envelope schema around a response's data.
import { z } from 'zod';

// Without this, zod's first object parse probes `new Function` to compile a faster parser. The web app's and
// the extension's content-security policies refuse eval, and the browser reports that probe as a policy
// violation even though zod catches it; the slower interpreted parse is the same rule.
z.config({ jitless: true });

export { z };

/** A successful answer: `{ success: true, message, data }` with the route's data schema. */
export function envelope<S extends z.ZodType>(data: S) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** An answer with no data: `data: {}`. */
export const emptyResponse = envelope(z.object({}));

/** The first message a schema gives for a value, or null when the value passes: a form's one-line error. */
export function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
