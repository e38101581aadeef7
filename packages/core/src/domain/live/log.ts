// Capped logs: the live debug log keeps 50 lines, the session log 500 entries.

export const DEBUG_LOG_CAP = 50;
export const SESSION_LOG_CAP = 500;

/** Appends and keeps only the newest `cap` entries (a new array). */
export function appendCapped<T>(log: readonly T[], entry: T, cap: number): T[] {
  const next = [...log, entry];
  return next.length > cap ? next.slice(next.length - cap) : next;
}
