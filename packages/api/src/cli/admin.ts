// Admin accounts are separate from users and created only from the command line (admin-create.ts).
import { hashPassword } from '../auth/passwords.ts';
import type { Argon2Cost } from '../config.ts';
import type { Database } from '../db/index.ts';
import { admins } from '../db/schema.ts';

/** Creates the admin, or sets a new password when the e-mail already belongs to one. */
export async function createAdmin(
  db: Database,
  email: string,
  password: string,
  cost: Argon2Cost,
): Promise<void> {
  const passwordHash = await hashPassword(password, cost);
  await db
    .insert(admins)
    .values({ email, passwordHash })
    .onConflictDoUpdate({ target: admins.email, set: { passwordHash } });
}
