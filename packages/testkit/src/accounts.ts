// Accounts made through the real API by tests and benches: the registration form the API accepts (the sign-up
// screen's fields) and the mails an API without SMTP writes to its DATA_DIR/outbox (one folder per instance).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measuredBy } from './measurement.ts';

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

/**
 * Stores a calibration for a signed-in user without the vision service (`processWithML: false`), the one thing a
 * real-time session needs before it starts, for tests whose subject is not calibration. Every
 * view is the same real frontal photo (a data URL). Returns the API's answer status (201 when stored) and the
 * calibration's id.
 */
export async function seedCalibration(
  apiUrl: string,
  accessToken: string,
  photoDataUrl: string,
  /** Figures the calibration is stored with, signed as the test kit's vision service signs its measurement of
   * these photos (measurement.ts): the API's VISION_URL must be a vision service the test kit started. None:
   * stored without figures. */
  mlAnalysis?: { overall_score: number; metrics: Record<string, number> },
): Promise<{ status: number; id: string | null }> {
  const photos = ['front', 'left', 'right'].map((viewType) => ({
    viewType,
    photoUrl: photoDataUrl,
    metadata: {},
  }));
  const res = await fetch(`${apiUrl}/calibration`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      photos,
      processWithML: false,
      ...(mlAnalysis ? { mlAnalysis: await measuredBy(photos, mlAnalysis) } : {}),
    }),
  });
  const body = (await res.json().catch(() => null)) as { data?: { id?: string } } | null;
  return { status: res.status, id: body?.data?.id ?? null };
}
