// Shared by the web app's size benchmarks: a production build of packages/web with Vite's manifest, in a
// temp folder that is removed afterwards, and the size line each chunk is reported with.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from '../packages/web/test/support/web-app.ts';

export interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestEntry>;

/** Builds the app (default API and vision URLs) and hands its folder and manifest to `measure`. */
export async function withManifestBuild(
  prefix: string,
  measure: (outDir: string, manifest: Manifest) => void,
): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await buildWeb(outDir, {}, { manifest: true });
    measure(outDir, JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** A built file's size, raw and gzip. */
export function fileSize(outDir: string, file: string): { raw: number; gzip: number } {
  const bytes = readFileSync(join(outDir, file));
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
}

/** "  12.3 KiB    4.5 KiB gz", the columns each chunk line starts with. */
export function sizeColumns(size: { raw: number; gzip: number }): string {
  return `${(size.raw / 1024).toFixed(1).padStart(7)} KiB ${(size.gzip / 1024).toFixed(1).padStart(6)} KiB gz`;
}
