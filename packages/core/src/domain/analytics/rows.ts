// The analytics screen's derivations: rows, filters and chart series.
import type { CalibrationProgressItem } from '../calibration/contract';
import type { SessionHistoryItem } from '../sessions/contract';

export const HISTORY_PAGE_SIZE = 50;
export const CHART_MAX_POINTS = 10;
/**
 * How the analytics lines are drawn between points: monotone cubic curves. The specification's line tension 0.4
 * bends a line past its points (a score line dipped below its own lowest point between two equal highs); a
 * monotone curve is as smooth but never leaves the range of the two points it joins (Chart.js
 * `cubicInterpolationMode: 'monotone'`, which takes the place of the tension).
 */
export const CHART_CURVE = { cubicInterpolationMode: 'monotone' } as const;

export const SESSION_TYPE_LABELS = {
  active: 'Real-Time Session',
  passive: 'Passive Session',
  calibration: 'Photo Calibration',
} as const;

/** The Session Type select: value 'all' (default), or a session mode / calibration. */
export const SESSION_TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: SESSION_TYPE_LABELS.active },
  { value: 'calibration', label: SESSION_TYPE_LABELS.calibration },
] as const;
export const DEFAULT_MODE_FILTER = 'all';

export const TREND_TIMEFRAMES = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 3 Months' },
  { value: '1y', label: 'Last Year' },
] as const;
export type TrendTimeframe = (typeof TREND_TIMEFRAMES)[number]['value'];
export const DEFAULT_TREND_TIMEFRAME: TrendTimeframe = '30d';

/**
 * What a row measured. The two charts plot sessions and photo calibrations on one line, but they are
 * not the same measure: a calibration's score is the photo analysis' overall score of its three photos, a session's
 * is the average of its live posture scores. So each point keeps its source, drawn and named apart.
 */
export type EntrySource = 'session' | 'calibration';

/** A row of the history table / Session Timeline (the "session entry"). */
export interface SessionEntry {
  id: string;
  source: EntrySource;
  date: string;
  /** ISO date-time the row is ordered by (charts sort on it; `date` is only the shown locale date). */
  at: string;
  type: string;
  duration: string;
  score: number | null;
  cva: number | null;
  detailsLink: string;
}

/** Below this many seconds a duration is shown in seconds: in whole minutes, a 6 s and a 22 s session both read "0m". */
export const DURATION_SECONDS_BELOW = 60;

/**
 * A session's duration: whole seconds followed by s under a minute ("6s"), else whole minutes (seconds / 60,
 * rounded) followed by m ("2m"); N/A when absent.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return 'N/A';
  const whole = Math.round(seconds);
  if (whole < DURATION_SECONDS_BELOW) return `${whole}s`;
  return `${Math.round(seconds / 60)}m`;
}

/** Real-Time Session for active mode, Passive Session for any other mode. */
export function sessionTypeLabel(mode: string): string {
  return mode === 'active' ? SESSION_TYPE_LABELS.active : SESSION_TYPE_LABELS.passive;
}

export function formatLocaleDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale);
}

export function sessionEntry(item: SessionHistoryItem, locale?: string): SessionEntry {
  return {
    id: String(item.id),
    source: 'session',
    date: formatLocaleDate(item.createdAt, locale),
    at: item.createdAt,
    type: sessionTypeLabel(item.mode),
    duration: formatDuration(item.duration),
    score: item.averagePostureScore ?? null,
    cva: item.averageCVAngle ?? null,
    detailsLink: `/dashboard/session-report?id=${encodeURIComponent(String(item.id))}`,
  };
}

export function calibrationEntry(item: CalibrationProgressItem, locale?: string): SessionEntry {
  return {
    id: `cal-${item.id}`,
    source: 'calibration',
    date: formatLocaleDate(item.createdAt, locale),
    at: item.createdAt,
    type: SESSION_TYPE_LABELS.calibration,
    duration: formatDuration(null),
    score: item.initialPostureScore ?? null,
    cva: item.cranialVertebralAngle ?? null,
    detailsLink: '/dashboard/calibration',
  };
}

/** Mode filter: unless 'all', only sessions whose mode equals the lowercased filter value are kept. */
export function filterSessionsByMode<T extends { mode: string }>(
  sessions: readonly T[],
  filter: string,
): T[] {
  if (!filter || filter === 'all') return [...sessions];
  const mode = filter.toLowerCase();
  return sessions.filter((s) => s.mode === mode);
}

/** The table rows: the filtered sessions, then the calibrations. */
export function analyticsRows(
  sessions: readonly SessionHistoryItem[],
  calibrations: readonly CalibrationProgressItem[],
  modeFilter: string = DEFAULT_MODE_FILTER,
  locale?: string,
): SessionEntry[] {
  return [
    ...filterSessionsByMode(sessions, modeFilter).map((s) => sessionEntry(s, locale)),
    ...calibrations.map((c) => calibrationEntry(c, locale)),
  ];
}

export interface ChartSeries {
  labels: string[];
  data: number[];
  /** Each point's source, in the same order. */
  sources: EntrySource[];
}

/**
 * The key under a chart whose points come from both sources: how each is drawn and what it measured. Per chart,
 * because the CVA of a session is not measured during it: every posture feedback carries the CVA of the calibration
 * the session ran with, and the report averages those.
 */
export const CHART_POINT_KEY = {
  score: {
    calibration: 'Photo calibrations: the overall score of their three photos',
    session: 'Sessions: the average of their live posture scores',
    note: 'The two are measured differently, so a step from one kind of point to the other does not by itself show a change in posture.',
  },
  cva: {
    calibration: 'Photo calibrations: the CVA measured on their side photos',
    session: 'Sessions: the CVA their posture feedback carried, that of the calibration they ran with',
    note: 'A session does not measure the CVA itself: its point repeats its calibration’s.',
  },
} as const satisfies Record<'score' | 'cva', Record<EntrySource | 'note', string>>;

/** The point key a chart needs: only when its points come from both sources (one kind alone needs no key). */
export function chartPointKey(series: ChartSeries, key: 'score' | 'cva') {
  const sources = new Set(series.sources);
  return sources.size > 1 ? CHART_POINT_KEY[key] : null;
}

/**
 * A chart's points: rows with a non-null value, the 10 newest, oldest to newest. The specification's "last 10
 * in reversed order" assumes rows newest first, but the table mixes sessions (newest first) and calibrations
 * (oldest first): applied to that, it plotted the calibrations and the oldest sessions in a zig-zag. So the rows
 * are sorted by date (newest first) before the rule: the first 10 are the newest, reversed to read left to right.
 */
export function chartSeries(rows: readonly SessionEntry[], key: 'score' | 'cva'): ChartSeries {
  const points = rows
    .filter((r) => r[key] !== null && r[key] !== undefined)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, CHART_MAX_POINTS)
    .reverse();
  return {
    labels: points.map((r) => r.date),
    data: points.map((r) => r[key] as number),
    sources: points.map((r) => r.source),
  };
}

/** Both charts; cleared when there are no session rows. */
export function analyticsCharts(rows: readonly SessionEntry[]): { score: ChartSeries; cva: ChartSeries } {
  if (rows.length === 0)
    return { score: { labels: [], data: [], sources: [] }, cva: { labels: [], data: [], sources: [] } };
  return { score: chartSeries(rows, 'score'), cva: chartSeries(rows, 'cva') };
}

/** The date filter, when set, is sent as both start and end date. */
export function dateFilterRange(
  date: string | null | undefined,
): { startDate: string; endDate: string } | undefined {
  return date ? { startDate: date, endDate: date } : undefined;
}
