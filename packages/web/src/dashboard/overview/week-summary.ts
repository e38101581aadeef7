import { DASHBOARD_DAYS } from '@posture-vision/core/analytics';
import type { DashboardAnalytics } from '@posture-vision/core/api';

/** The first of the overview's last 7 days (yyyy-mm-dd, UTC as the API's days are): its card's count and average
 * are of the sessions from then on, as its bars are, not of every session ever. */
export function firstOfLastDays(now: Date, days = DASHBOARD_DAYS): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)))
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
    const day = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1 - i)),
    );
    const date = day.toISOString().slice(0, 10);
    return { date, averageScore: byDate.get(date) ?? null };
  });
}
