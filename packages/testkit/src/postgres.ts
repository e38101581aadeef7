// A fresh database on the machine's PostgreSQL server for one test run or bench (created on demand, dropped by
// the caller), and a client of it for what a test must set that no API call can (a session started in the past).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { ensurePostgres, POSTGRES_ADMIN_URL } from './services.ts';

export interface TestDatabase {
  /** DATABASE_URL of the new database. */
  url: string;
  /** Runs one statement on it, over a short-lived connection. */
  sql(statement: string, params?: (string | number | null)[]): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

const client = (url: string) => postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });

/** A new, empty database named `<prefix>_<pid>_<random>`; PostgreSQL is started first if it is down. */
export async function createPostgresDatabase(prefix = 'pv_test'): Promise<TestDatabase> {
  await ensurePostgres();
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = client(POSTGRES_ADMIN_URL);
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${POSTGRES_ADMIN_URL} is not usable (${(error as Error).message}). Start it with ` +
        '`pg_ctlcluster --skip-systemctl-redirect <version> main start` (see .ci/run).',
    );
  } finally {
    await admin.end();
  }
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async sql(statement, params = []) {
      const db = client(url);
      try {
        return [...(await db.unsafe(statement, params))];
      } finally {
        await db.end();
      }
    },
    async drop() {
      const db = client(POSTGRES_ADMIN_URL);
      try {
        await db.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await db.end();
      }
    },
  };
}
