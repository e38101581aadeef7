// Two-factor recovery codes (core auth/recovery-codes.ts has their shape): made at random, kept as SHA-256
// hashes, each claimed once in one statement so two sign-ins cannot spend the same code.
import { randomInt } from 'node:crypto';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@posture-vision/core/auth';
import { and, count, eq, isNull } from 'drizzle-orm';
import { sha256 } from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import { recoveryCodes } from '../db/schema.ts';

function newCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** Replaces the user's codes with new ones and answers them in plain text (the only time they exist so). */
export async function issueRecoveryCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values([...codes].map((code) => ({ userId, codeHash: sha256(code) })));
  });
  return [...codes];
}

/** Spends one code: true when it was the user's and unused (it is used from now on). */
export async function claimRecoveryCode(ctx: AppContext, userId: string, input: string): Promise<boolean> {
  const claimed = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalizeRecoveryCode(input))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return claimed.length > 0;
}

/** How many of the user's codes are still unused. */
export async function unusedRecoveryCodes(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
