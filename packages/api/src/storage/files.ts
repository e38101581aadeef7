// Uploaded files (avatars, calibration photos) live under DATA_DIR, never in database rows.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

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

export function userFolder(dataDir: string, kind: 'avatars' | 'photos', userId: string): string {
  return join(dataDir, kind, userId);
}

export async function saveFile(folder: string, name: string, bytes: Uint8Array): Promise<string> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, name);
  await writeFile(path, bytes, { mode: 0o600 });
  return path;
}

export function randomName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

export async function removeUserFiles(dataDir: string, userId: string): Promise<void> {
  await rm(userFolder(dataDir, 'avatars', userId), { recursive: true, force: true });
  await rm(userFolder(dataDir, 'photos', userId), { recursive: true, force: true });
}

export { readFile };
