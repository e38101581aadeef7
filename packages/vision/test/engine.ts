// The real detection engine for a test file that measures with it: started before the file's tests, since
// loading the models takes seconds, and closed after them. One worker, or two (one per core of this machine) for a
// file that hands it several photos at once, to have them measured side by side (test files run one at a time):
// a second worker's models cost a file that measures one thing at a time as much as they save it.
import { afterAll, beforeAll } from 'vitest';
import { EnginePool } from '../src/engine/pool.ts';

/** Registers the file's engine; its `pool` is there once the file's tests run. */
export function useEngine(workers: 1 | 2 = 1): { readonly pool: EnginePool } {
  let pool: EnginePool | undefined;
  beforeAll(async () => {
    pool = new EnginePool(workers);
    await pool.ready;
  }, 180_000);
  afterAll(async () => pool?.close());
  return {
    get pool() {
      if (!pool) throw new Error('the engine starts in beforeAll: use it inside a test or a later hook');
      return pool;
    },
  };
}
