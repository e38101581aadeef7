// Deleting an account ("delete with all data"): its rows (foreign keys cascade from users), its
// files, its mails in the outbox, and the dead rows PostgreSQL would otherwise keep readable in its files
// until a vacuum happens to pass: nothing of the account stays in the data directory.
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { removeLegacyUserFiles } from '../storage/files.ts';

export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  const [deleted] = await ctx.db
    .delete(users)
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email });
  // Stored files go with the user's row (cascade); files of deployments before that are on disk.
  await removeLegacyUserFiles(ctx.config.dataDir, userId);
  if (!deleted) return;
  ctx.mailer.forget(deleted);
  await purgeDeadRows(ctx);
}

/**
 * A plain VACUUM only marks dead rows reusable: their bytes (e-mail, phone, name; and index entries) stay in
 * the table and index files until overwritten. VACUUM FULL rewrites every application table and its indexes
 * into new files and removes the old ones. It holds each table's exclusive lock while it copies, so its cost
 * grows with the database: acceptable for a rare, user-initiated deletion on this product's scale.
 * Then the write-ahead log: a checkpoint, a switch to a new segment and a second checkpoint make the segments
 * holding the deleted rows unnecessary, and with wal_recycle off (db/index.ts) the embedded database deletes
 * them. A PostgreSQL server keeps or recycles WAL by its operator's settings (archiving, replicas); CHECKPOINT
 * and pg_switch_wal need rights a managed server may not grant, so they are tried, not required.
 */
async function purgeDeadRows(ctx: AppContext): Promise<void> {
  const tables = (await ctx.db.execute(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows?: { name: string }[] } & { name: string }[];
  const names = (tables.rows ?? tables).map((t) => t.name);
  if (names.length) await ctx.db.execute(sql.raw(`VACUUM FULL ${names.join(', ')}`));
  try {
    await ctx.db.execute(sql`CHECKPOINT`);
    await ctx.db.execute(sql`select pg_switch_wal()`);
    await ctx.db.execute(sql`CHECKPOINT`);
  } catch {
    // Without the rights: the server's WAL retention applies (see above).
  }
}
