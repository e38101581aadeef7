// The Free Tier countdown: 120 s, with a warning in the last 30.

export const FREE_TIER_SECONDS = 120;
export const FREE_TIMER_WARNING_SECONDS = 30;

/** m:ss */
export function formatFreeTimer(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Red (with the Pro upsell) at 30 s or less. */
export function isFreeTimerWarning(seconds: number): boolean {
  return seconds <= FREE_TIMER_WARNING_SECONDS;
}

/** One tick; at 0 the stream stops and the e-mail capture opens. */
export function tickFreeTimer(seconds: number): { seconds: number; expired: boolean } {
  const next = Math.max(0, seconds - 1);
  return { seconds: next, expired: next === 0 };
}
