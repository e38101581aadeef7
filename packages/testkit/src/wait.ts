// Waiting for a condition: `whenTrue` checks again each time its source reports a change; `waitUntil` asks a
// condition that has no event again and again. Both fail with a message after a deadline (a limit on a broken run,
// not a pause).
import type { EventEmitter } from 'node:events';

export function whenTrue(
  source: EventEmitter,
  check: () => boolean,
  what: string,
  timeoutMs = 15_000,
  event = 'change',
): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(deadline);
      source.off(event, onChange);
    };
    const onChange = () => {
      if (!check()) return;
      done();
      resolve();
    };
    const deadline = setTimeout(() => {
      done();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    source.on(event, onChange);
  });
}

/** How often `waitUntil` asks again: often enough that a test does not idle, rarely enough to cost nothing. */
const RECHECK_MS = 50;

/**
 * Waits until `check` holds (it may be async, e.g. a health call), for conditions that have no event to listen
 * to: another process's state, a row in a database. Fails with `timed out after N ms waiting for <what>` (and
 * the last error `check` threw, if any) after `timeoutMs`, a limit on a broken run and not a pause.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError ? ` (last error: ${(lastError as Error).message ?? String(lastError)})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
  }
}
