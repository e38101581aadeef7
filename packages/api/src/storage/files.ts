// Uploaded files (avatars, calibration photos) live in the database every API instance reads (table
// stored_files, bytea), keyed by a path-like key (`avatars/<user>/<name>`, `photos/<user>/<calibration>/<view>.jpg`).
// Why there and not on a disk: several instances must all read what one of them stored, and an upload is small
// (an avatar at most AVATAR_MAX_BYTES, a photo at most 5 MB) and written once; PostgreSQL already holds the rest of
// the account, is backed up and replicated with it, deletes the files with the account (ON DELETE CASCADE) and
// stores them in the same transaction as the rows that point at them. A shared directory (NFS) would add a second
// thing to back up and keep consistent. Object storage (S3) is the step beyond when files grow large or many.
// Files of deployments before this change are still read from DATA_DIR (legacyRead) and removed with the account.
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../db/index.ts';
import { storedFiles } from '../db/schema.ts';

export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The image type judged from the bytes themselves, not the declared name or content type. */
export async function imageTypeOf(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && IMAGE_TYPES[type.mime];
  return type && ext ? { mime: type.mime, ext } : null;
}

export const avatarKey = (userId: string, name: string) => `avatars/${userId}/${name}`;
export const photoKey = (userId: string, calibrationId: string, name: string) =>
  `photos/${userId}/${calibrationId}/${name}`;

/** Stores (or replaces) a user's file under `key`; `db` may be a transaction. */
export async function saveFile(db: Database, key: string, userId: string, bytes: Uint8Array): Promise<void> {
  const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await db
    .insert(storedFiles)
    .values({ key, userId, content })
    .onConflictDoUpdate({ target: storedFiles.key, set: { content, createdAt: new Date() } });
}

/** The file stored under `key`, or null. A key of a file written before files moved to the database (an
 * absolute path under DATA_DIR, or a key that names one) is read from DATA_DIR. */
export async function readStoredFile(db: Database, dataDir: string, key: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: storedFiles.content })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  if (row) return Buffer.from(row.content);
  return legacyRead(dataDir, key);
}

async function legacyRead(dataDir: string, key: string): Promise<Buffer | null> {
  const path = isAbsolute(key) ? key : join(dataDir, key);
  const inside = relative(dataDir, path);
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) return null;
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

export function randomName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

/** Files of deployments before the database held them (the rows go with the user by cascade). */
export async function removeLegacyUserFiles(dataDir: string, userId: string): Promise<void> {
  await rm(join(dataDir, 'avatars', userId), { recursive: true, force: true });
  await rm(join(dataDir, 'photos', userId), { recursive: true, force: true });
}
