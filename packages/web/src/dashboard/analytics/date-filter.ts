import type { SessionHistoryItem } from '@posture-vision/core/api';

/** yyyy-mm-dd of a timestamp in local time, as a date input gives it. */
export function localDateKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The history call has no date range (only the calibration progress call takes one), so a chosen day
 * (yyyy-mm-dd) filters the sessions here; without a day every session stays.
 */
export function sessionsOnDay(history: readonly SessionHistoryItem[], day: string): SessionHistoryItem[] {
  return day ? history.filter((item) => localDateKey(item.createdAt) === day) : [...history];
}
