// Password hashing (argon2id) and the strength rule of document 1, section 5.
import { hash, verify } from '@node-rs/argon2';
import type { Argon2Cost } from '../config.ts';

export const PASSWORD_RULE_MESSAGE =
  'Password must include atleast 1 uppercase, lowercase, number, and special character.';

/** At least 8 characters with a lowercase, an uppercase, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export function hashPassword(password: string, cost: Argon2Cost): Promise<string> {
  return hash(password, {
    memoryCost: cost.memoryCost,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
