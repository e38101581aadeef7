// Free Tier countdown (document 2, sections 4.1 and 9). Temporary here until core's posture rules land.
export const FREE_TIER_SECONDS = 120;
export const FREE_TIER_LOW_SECONDS = 30;

/** m:ss, e.g. 2:00, 0:09. */
export function formatFreeTimer(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The timer turns red, with the Pro hint, at 30 s or less. */
export function isFreeTimerLow(seconds: number): boolean {
  return seconds <= FREE_TIER_LOW_SECONDS;
}
