// Waiting for a condition without sleeping: the condition is checked again each time its source reports a
// change, and the wait fails with a message after a deadline (a limit on a broken run, not a pause).
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
