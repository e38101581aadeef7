// Accounts made through the real API by tests and benches: the registration form the API accepts (document 1's
// fields) and the mails an API without SMTP writes to its DATA_DIR/outbox (one folder per instance).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A password that passes the API's strength rule. */
export const TEST_PASSWORD = 'Str0ng!Pass';

/** The body of POST /auth/register for an address; `extra` overrides or adds fields. */
export function registration(email: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthday: '1990-12-10',
    countryCode: '+1',
    contactNo: '5551234567',
    phone: '+15551234567',
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...extra,
  };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Every mail in an outbox folder, oldest first (none when the folder does not exist yet). */
export function outboxMails(dir: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail);
}

/** The newest mail to an address in any of the outbox folders (several API instances each keep their own). */
export function lastMailIn(dirs: string[], to: string): OutboxMail | undefined {
  return dirs
    .flatMap(outboxMails)
    .filter((m) => m.to === to)
    .at(-1);
}
