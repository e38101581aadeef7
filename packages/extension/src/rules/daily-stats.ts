// Time monitored today and the share of good posture, built from posture updates. Pure: the service
// worker keeps the result in chrome.storage.
import type { PostureStatus } from '@posture-vision/core';

export interface DailyStats {
  /** Local calendar day, YYYY-MM-DD. */
  day: string;
  monitoredMs: number;
  goodMs: number;
  poorMs: number;
}

/** Gaps longer than this (sleep, pause, lost link) are not counted as monitored time. */
export const MAX_COUNTED_GAP_MS = 15_000;

export function localDay(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function emptyStats(at: number): DailyStats {
  return { day: localDay(at), monitoredMs: 0, goodMs: 0, poorMs: 0 };
}

/** Today's figures, starting afresh when the day has changed. */
export function statsForToday(stats: DailyStats | null | undefined, now: number): DailyStats {
  return stats && stats.day === localDay(now) ? stats : emptyStats(now);
}

/**
 * Credits the time since the previous update to the posture seen then. Time across midnight counts for
 * the new day only from its start.
 */
export function addPostureTime(
  stats: DailyStats | null | undefined,
  previous: { status: PostureStatus; at: number } | null,
  now: number,
): DailyStats {
  const today = statsForToday(stats, now);
  if (!previous || now <= previous.at || now - previous.at > MAX_COUNTED_GAP_MS) return today;
  const dayStart = new Date(now).setHours(0, 0, 0, 0);
  const elapsed = now - Math.max(previous.at, dayStart);
  return {
    ...today,
    monitoredMs: today.monitoredMs + elapsed,
    goodMs: today.goodMs + (previous.status === 'good' ? elapsed : 0),
    poorMs: today.poorMs + (previous.status === 'poor' ? elapsed : 0),
  };
}

/**
 * Share of good posture in the time monitored today, 0..100; null before any posture was known. Not-judged time is
 * in the time monitored and neither good nor poor: the web app's analytics rule (core `timeWeightedFigures`, good of
 * the tracked time), so the ring says what the popup's week card and the analytics say of the same time (out of the
 * judged time only, the ring read 75 % where the card read 50 %).
 */
export function goodPostureShare(stats: DailyStats): number | null {
  const known = stats.goodMs + stats.poorMs;
  return known > 0 && stats.monitoredMs > 0 ? Math.round((stats.goodMs / stats.monitoredMs) * 100) : null;
}

/** "1 h 05 min", "12 min", "0 min". */
export function formatMonitoredTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}
