// Schema pieces the contracts share, each with the specification's wording for its rule. The API validates
// requests with them and the forms judge the same fields with them, so a rule and its message exist once.

import { SETTINGS_MESSAGES } from '../../texts/settings';
import { hasPasswordComplexity, PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES } from '../auth/rules';
import { z } from './schema';
import { isCalendarDate } from './storable';

/** A required, trimmed string: "{label} is required." when missing or empty, "{label} must be text." for other types. */
export function requiredText(label: string, max = 200) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
    })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

export const email = z
  .string({
    error: (issue) => (issue.input === undefined ? VALIDATION_MESSAGES.enterEmail : 'Email must be text.'),
  })
  .trim()
  .toLowerCase()
  .min(1, VALIDATION_MESSAGES.enterEmail)
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email(VALIDATION_MESSAGES.forgotInvalidEmail));

/** Any password as typed (sign-in, current password): required, bounded. */
export const anyPassword = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.'),
  })
  .min(1, 'Password is required.')
  .max(256, 'Password must be at most 256 characters.');

/** A new password: the password strength rule. */
export const newPassword = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.'),
  })
  .max(256, 'Password must be at most 256 characters.')
  .refine((p) => p.length >= PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.passwordLength)
  .refine(hasPasswordComplexity, VALIDATION_MESSAGES.passwordComplexity);

/** A calendar date YYYY-MM-DD that exists (no 2024-02-31, no year 0000: PostgreSQL refuses both). */
export const isoDate = (label: string) =>
  requiredText(label, 10).refine(isCalendarDate, {
    message: `${label} must be a date (YYYY-MM-DD).`,
    abort: true,
  });

/** An ISO date-time with offset whose date part exists (z.iso.datetime alone lets 0000-01-01 through). */
export const isoDateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO date-time.` })
    .refine((d) => isCalendarDate(d.slice(0, 10)), `${label} must be an ISO date-time.`);

export const birthday = isoDate('Birthday').refine(
  (d) => d < new Date().toISOString().slice(0, 10),
  VALIDATION_MESSAGES.birthdayPast,
);

export const totpCode = z
  .string({ error: (issue) => (issue.input === undefined ? 'Code is required.' : 'Code must be text.') })
  .trim()
  .regex(/^\d{6}$/, SETTINGS_MESSAGES.enterCode);

export const uuidParam = z.object({ id: z.string().max(100) });

/** A history list's `?limit=`: 1 to 100 entries, 10 when absent. */
export const historyLimitQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A day given as YYYY-MM-DD (a full ISO date-time is cut to its date). */
const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}($|T)/, `${label} must be a date (YYYY-MM-DD).`)
    .transform((d) => d.slice(0, 10))
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD).`);

/** The optional startDate/endDate query of the progress and analytics calls: whole days, both inclusive (UTC). */
export const dateRangeQuery = z
  .object({ startDate: day('startDate').optional(), endDate: day('endDate').optional() })
  .transform((r) => ({
    from: r.startDate ? new Date(`${r.startDate}T00:00:00.000Z`) : undefined,
    to: r.endDate ? new Date(`${r.endDate}T23:59:59.999Z`) : undefined,
  }));

/**
 * A time as an answer carries it: an ISO date-time string. A route may hand over the database's Date (the
 * exports pass stored rows through), which leaves as the same ISO text JSON would write for it.
 */
export const answeredTime = z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string());
