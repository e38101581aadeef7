// The session metrics page built from the user's own sessions (history and reports).
import type { SessionHistoryItem, SessionReport } from '@posture-vision/core/api';
import { CELEBRATION } from '@posture-vision/core/sessions';
import {
  type Achievement,
  BADGES,
  type MetricsPageData,
  type SessionMetricsView,
  WEEKLY_GOAL,
  XP_PER_LEVEL,
} from './session-metrics-model';

const DAY_MS = 86_400_000;

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** Monday 00:00 (local time) of the week containing `now`. */
export function startOfWeek(now: Date): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

/** Consecutive days with at least one session, ending today or yesterday. */
export function streakCount(history: SessionHistoryItem[], now: Date): number {
  const days = new Set(history.map((item) => dayKey(new Date(item.createdAt))));
  let cursor = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (!days.has(dayKey(cursor))) cursor = new Date(cursor.getTime() - DAY_MS);
  let streak = 0;
  while (days.has(dayKey(cursor))) {
    streak += 1;
    cursor = new Date(cursor.getFullYear(), cursor.getMonth(), cursor.getDate() - 1);
  }
  return streak;
}

/** Average score per weekday (Mon..Sun) of the current week; 0 where there was no session. */
export function weekTrend(history: SessionHistoryItem[], now: Date): number[] {
  const start = startOfWeek(now).getTime();
  const sums = Array.from({ length: 7 }, () => ({ total: 0, count: 0 }));
  for (const item of history) {
    const time = Date.parse(item.createdAt);
    if (time < start || time >= start + 7 * DAY_MS || item.averagePostureScore === null) continue;
    const slot = sums[(new Date(time).getDay() + 6) % 7];
    if (!slot) continue;
    slot.total += item.averagePostureScore;
    slot.count += 1;
  }
  return sums.map((s) => (s.count ? Math.round(s.total / s.count) : 0));
}

/** Reminders given: each time the posture turned poor. */
export function correctionsCount(report: SessionReport | undefined): number {
  let count = 0;
  let previous: string | null = null;
  for (const entry of report?.timeline ?? []) {
    if (entry.postureStatus === 'poor' && previous !== 'poor') count += 1;
    previous = entry.postureStatus;
  }
  return count;
}

function sessionMetrics(item: SessionHistoryItem, report: SessionReport | undefined): Record<string, number> {
  const good = report?.keyFindings.goodPostureTime ?? 0;
  const total = good + (report?.keyFindings.poorPostureTime ?? 0);
  return {
    'Posture Score': Math.round(item.averagePostureScore ?? report?.averageScore ?? 0),
    Stability: Math.round(report?.stabilityIndex ?? 0),
    'Good Posture': total > 0 ? Math.round((good / total) * 100) : 0,
  };
}

function dateDisplay(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function achievements(history: SessionHistoryItem[], now: Date, streak: number): Achievement[] {
  const weekStart = startOfWeek(now).getTime();
  const thisWeek = history.filter((item) => Date.parse(item.createdAt) >= weekStart).length;
  const hours = history.map((item) => new Date(item.createdAt).getHours());
  const scores = history.slice(0, 4).map((item) => item.averagePostureScore ?? 0);
  const improving =
    scores.length === 4 && scores.every((score, i) => i === 3 || score > (scores[i + 1] ?? 0));
  const earned: Record<string, boolean> = {
    'Perfect Week': thisWeek >= WEEKLY_GOAL,
    'Consistency Champion': streak >= 5,
    'Early Bird': hours.some((h) => h < 8),
    'Night Owl': hours.some((h) => h >= 22),
    'Steady Progress': improving,
    'Endurance Master': history.some((item) => (item.duration ?? 0) >= 1800),
  };
  return BADGES.map((badge) => ({ ...badge, earned: Boolean(earned[badge.name]) }));
}

/**
 * The page from the user's sessions (newest first) and the reports of the recent ones. XP: 25 per
 * finished session (the dialog's reward), 1000 per level.
 */
export function userMetrics(
  history: SessionHistoryItem[],
  reports: Record<string, SessionReport | undefined>,
  now: Date,
): MetricsPageData {
  const finished = history.filter((item) => item.averagePostureScore !== null);
  const streak = streakCount(finished, now);
  const recent = finished.slice(0, 3);
  const sessions: SessionMetricsView[] = recent.map((item, index) => {
    const report = reports[item.id];
    const metrics = sessionMetrics(item, report);
    const previous = finished[index + 1];
    const previousMetrics = previous ? sessionMetrics(previous, reports[previous.id]) : null;
    const improvements = Object.fromEntries(
      Object.entries(metrics).map(([name, value]) => [
        name,
        previousMetrics ? value - (previousMetrics[name] ?? value) : 0,
      ]),
    );
    return {
      id: item.id,
      overallScore: Math.round(item.averagePostureScore ?? 0),
      duration: item.duration ?? report?.duration ?? 0,
      dateDisplay: dateDisplay(item.createdAt),
      streakCount: streak,
      metrics,
      improvements,
      timeInGoodPosture: report?.keyFindings.goodPostureTime ?? 0,
      corrections: correctionsCount(report),
    };
  });
  const xpTotal = finished.length * CELEBRATION.xpReward;
  const weekStart = startOfWeek(now).getTime();
  return {
    source: 'user',
    level: 1 + Math.floor(xpTotal / XP_PER_LEVEL),
    xp: xpTotal % XP_PER_LEVEL,
    xpForNextLevel: XP_PER_LEVEL,
    weeklyCompleted: Math.min(
      WEEKLY_GOAL,
      finished.filter((item) => Date.parse(item.createdAt) >= weekStart).length,
    ),
    weeklyTotal: WEEKLY_GOAL,
    sessions,
    achievements: achievements(finished, now, streak),
    weekTrend: weekTrend(finished, now),
  };
}
