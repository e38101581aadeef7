// Opens the database: a PostgreSQL server when DATABASE_URL is set, otherwise embedded PGlite with its files
// under DATA_DIR/pglite. Both get the same schema, migrations and queries.
import { fsyncSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await openDurablePglite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/**
 * PGlite as shipped does not make a commit durable: it starts PostgreSQL with `-F` (fsync off), and its
 * Emscripten file system (NODEFS) ignores fsync and fdatasync, so an acknowledged write lives in the OS cache
 * until the kernel writes it back (a power loss can take the last ~30 s). Here PostgreSQL runs with fsync on
 * and `wal_sync_method=fsync` (NODEFS's fdatasync cannot be reached, its fsync can), and NODEFS's fsync
 * calls the real fsync(2) on the file, so a commit returns only after its WAL record is on disk — as on a
 * PostgreSQL server. `wal_recycle=off` removes old WAL segments instead of renaming them for reuse, so rows
 * deleted and vacuumed (account deletion) do not linger in recycled segments.
 */
async function openDurablePglite(dir: string): Promise<PGlite> {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!defaults?.includes('--single'))
    throw new Error('PGlite changed its start parameters; check durability (db/index.ts) before upgrading');
  const client = await PGlite.create(dir, {
    startParams: [...defaults.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
    postgresqlconf: ['wal_recycle = off'],
  });
  // The Emscripten module is internal to PGlite; its NODEFS stream operations are shared by every file.
  const nodefs = (client as unknown as { mod?: { NODEFS?: { stream_ops: Record<string, unknown> } } }).mod
    ?.NODEFS;
  if (!nodefs) {
    await client.close();
    throw new Error('PGlite without NODEFS: cannot make commits durable (db/index.ts)');
  }
  nodefs.stream_ops.fsync = (stream: { nfd?: number }) => {
    if (typeof stream.nfd === 'number') fsyncSync(stream.nfd);
  };
  return client;
}
