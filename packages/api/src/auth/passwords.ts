// Password hashing (argon2id). The strength rule of document 1, section 5 is core's (auth/validation).
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
