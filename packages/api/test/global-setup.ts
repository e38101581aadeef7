// Creating a PGlite database (initdb in WebAssembly) takes 10–20 s on a loaded machine. Build one migrated
// database once per test run; each test server starts from a copy of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pv-api-pglite-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide('pgliteTemplate', join(dir, 'pglite'));
  return () => rmSync(dir, { recursive: true, force: true });
}
