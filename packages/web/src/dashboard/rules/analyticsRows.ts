// Sections 3.6, 5.5 and 9: the analytics table rows, filters and chart series.
// Kept here until core exports its analytics derivations.
import type { CalibrationProgressItem, SessionHistoryItem } from '@posture-vision/core/api';

export interface SessionEntry {
  id: string;
  date: string;
  /** ISO timestamp, for sorting. */
  createdAt: string;
  type: string;
  duration: string;
  score: number | null;
  cva: number | null;
  detailsLink: string;
}

export function sessionTypeLabel(mode: string): string {
  return mode === 'active' ? 'Real-Time Session' : 'Passive Session';
}

/** Whole minutes followed by m, or N/A when absent. */
export function formatDurationMinutes(seconds: number | null | undefined): string {
  return typeof seconds === 'number' ? `${Math.round(seconds / 60)}m` : 'N/A';
}

/** Session Type filter values (section 2.10): all, Real-Time Session, Photo Calibration. */
export const SESSION_TYPE_OPTIONS = [
  { value: 'all', label: 'all' },
  { value: 'Active', label: 'Real-Time Session' },
  { value: 'Photo Calibration', label: 'Photo Calibration' },
] as const;

export type SessionTypeFilter = (typeof SESSION_TYPE_OPTIONS)[number]['value'];

/** Keeps only sessions whose mode equals the lowercased filter value (unless 'all'). */
export function filterByMode(history: SessionHistoryItem[], sessionType: string): SessionHistoryItem[] {
  if (sessionType === 'all') return history;
  return history.filter((item) => item.mode === sessionType.toLowerCase());
}

/** yyyy-mm-dd of a timestamp in local time, as a date input gives it. */
export function localDateKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The table rows, newest first: sessions after the mode filter, and calibrations unless only sessions are
 * asked for. The history call has no date range, so a chosen day (yyyy-mm-dd) also filters here.
 */
export function timelineRows(
  history: SessionHistoryItem[],
  progress: CalibrationProgressItem[],
  sessionType: SessionTypeFilter,
  date = '',
): SessionEntry[] {
  const rows = [
    ...sessionEntries(filterByMode(history, sessionType)),
    ...(sessionType === 'Active' ? [] : calibrationEntries(progress)),
  ];
  return rows
    .filter((row) => !date || localDateKey(row.createdAt) === date)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function sessionEntries(history: SessionHistoryItem[]): SessionEntry[] {
  return history.map((item) => ({
    id: item.id,
    date: new Date(item.createdAt).toLocaleDateString(),
    createdAt: item.createdAt,
    type: sessionTypeLabel(item.mode),
    duration: formatDurationMinutes(item.duration),
    score: item.averagePostureScore,
    cva: item.averageCVAngle,
    detailsLink: `/dashboard/session-report?id=${item.id}`,
  }));
}

export function calibrationEntries(progress: CalibrationProgressItem[]): SessionEntry[] {
  return progress.map((item) => ({
    id: `cal-${item.id}`,
    date: new Date(item.createdAt).toLocaleDateString(),
    createdAt: item.createdAt,
    type: 'Photo Calibration',
    duration: 'N/A',
    score: item.initialPostureScore,
    cva: item.cranialVertebralAngle,
    detailsLink: '/dashboard/calibration',
  }));
}

export interface ChartPoint {
  label: string;
  value: number;
}

/** Chart points: rows with a non-null value, at most the 10 most recent, reversed to oldest first. */
export function chartSeries(rowsNewestFirst: SessionEntry[], field: 'score' | 'cva'): ChartPoint[] {
  return rowsNewestFirst
    .filter((row) => row[field] !== null && row[field] !== undefined)
    .slice(0, 10)
    .reverse()
    .map((row) => ({ label: row.date, value: row[field] as number }));
}

export interface PriorityStyle {
  text: string;
  colour: 'red' | 'yellow' | 'green';
}

export function priorityStyle(priority: string): PriorityStyle {
  const colour = priority === 'high' ? 'red' : priority === 'medium' ? 'yellow' : 'green';
  return { text: `${String(priority).toUpperCase()} PRIORITY`, colour };
}

/** camelCase keys shown as spaced words, numbers to 1 decimal. */
export function progressIndicatorLabel(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function progressIndicatorValue(value: number): string {
  return Number(value).toFixed(1);
}

export function improvementRateText(rate: number): string {
  return `${rate > 0 ? '+' : ''}${rate.toFixed(1)}%`;
}
