import { DASHBOARD_DAYS } from '@posture-vision/core/analytics';
import type { DashboardAnalytics } from '@posture-vision/core/api';

/** The first of the overview's last 7 days (yyyy-mm-dd, UTC as the API's days are): its card's count and average
 * are of the sessions from then on, as its bars are, not of every session ever. */
export function firstOfLastDays(now: Date, days = DASHBOARD_DAYS): string {
  return utcDayBefore(now, days - 1);
}

/** The UTC calendar day `back` days before `now`'s, yyyy-mm-dd. */
function utcDayBefore(now: Date, back: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back))
    .toISOString()
    .slice(0, 10);
}

/** The overview's last 7 days: one entry per calendar day (yyyy-mm-dd), null where no session was scored. */
export function lastDays(
  dailyAverages: DashboardAnalytics['daily_averages'],
  now: Date,
  days = DASHBOARD_DAYS,
): { date: string; averageScore: number | null }[] {
  const byDate = new Map(dailyAverages.map((d) => [d.date.slice(0, 10), d.averageScore]));
  return Array.from({ length: days }, (_, i) => {
    const date = utcDayBefore(now, days - 1 - i);
    return { date, averageScore: byDate.get(date) ?? null };
  });
}
