// `pnpm --filter @posture-vision/api admin:create <email> <password>`: creates an admin account (or sets the
// password of an existing one) in the database the API uses (DATABASE_URL or DATA_DIR's embedded one).
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { email as emailField, newPassword } from '../http/fields.ts';
import { createAdmin } from './admin.ts';

const [emailArg, passwordArg] = process.argv.slice(2);
const parsed = z
  .object({ email: emailField, password: newPassword })
  .safeParse({ email: emailArg, password: passwordArg });
if (!parsed.success) {
  console.error('usage: admin:create <email> <password>');
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await createAdmin(database.db, parsed.data.email, parsed.data.password, config.argon2);
  console.log(`admin ${parsed.data.email} is ready (${database.kind} database)`);
} finally {
  await database.close();
}
