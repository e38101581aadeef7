// Password hashing (argon2id). The password strength rule is core's (auth/validation).
import { hash, verify } from '@node-rs/argon2';
import type { Argon2Cost } from '../config.ts';

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

const dummyHashes = new Map<string, Promise<string>>();

/**
 * verifyPassword for a sign-in that may have no account behind it: without a hash, the password is checked
 * against a dummy hash of the same cost and refused, so the answer takes as long as for a real account and
 * its timing does not tell whether the e-mail has one.
 */
export async function verifyLogin(
  passwordHash: string | null | undefined,
  password: string,
  cost: Argon2Cost,
): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  const key = `${cost.memoryCost}/${cost.timeCost}/${cost.parallelism}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('no account: timing equaliser', cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
