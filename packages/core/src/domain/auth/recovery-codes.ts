// Two-factor recovery codes: what a user types when the authenticator app is gone (a lost phone). The API makes
// and checks them; the web app shows them once and takes one at sign-in. One rule for their shape, here.

/** Codes made at once: enough for years of lost phones, few enough to write down. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a code: no 0/O, 1/I/L or U, which are misread when copied by hand. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
/** 10 characters of 30: about 49 bits each, beyond guessing under the sign-in rate limit. */
export const RECOVERY_CODE_LENGTH = 10;

/** A code as stored and compared: capitals, without the dash, spaces or anything else typed around it. */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** True when the input can be a recovery code (right length and characters once normalized). */
export function isRecoveryCodeShape(input: string): boolean {
  const code = normalizeRecoveryCode(input);
  return code.length === RECOVERY_CODE_LENGTH && [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c));
}

/** A code as shown: two groups of five, easier to read aloud and copy (XXXXX-XXXXX). */
export function formatRecoveryCode(code: string): string {
  const plain = normalizeRecoveryCode(code);
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/** The text file a user downloads: one code a line, with what they are for. */
export function recoveryCodesFile(codes: readonly string[], email?: string): string {
  return [
    `Posture Vision two-factor recovery codes${email ? ` for ${email}` : ''}`,
    'Each code signs you in once in place of an authenticator code.',
    '',
    ...codes.map(formatRecoveryCode),
    '',
  ].join('\n');
}
