// Real-time session, report and session-metrics display rules.

/** The session timer: MM:SS. */
export function formatSessionTimer(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The report duration: 'Nm Ns'. */
export function formatReportDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}m ${s % 60}s`;
}

/** Poor posture percent: poor time over total time (0 when there is no time), whole percent. */
export function poorPosturePercent(poorTime: number, totalTime: number): number {
  if (!(totalTime > 0)) return 0;
  return Math.round((poorTime / totalTime) * 100);
}

export type MetricsScoreColour = 'green' | 'amber' | 'red' | 'grey';

/** Session metrics page: 90 or more green, 80 or more amber, 70 or more red, else grey. */
export function metricsScoreColour(score: number): MetricsScoreColour {
  if (score >= 90) return 'green';
  if (score >= 80) return 'amber';
  if (score >= 70) return 'red';
  return 'grey';
}

/** An improvement delta: an arrow, and a plus sign when positive. */
export function formatImprovement(delta: number): { arrow: '↑' | '↓' | '→'; text: string } {
  if (delta > 0) return { arrow: '↑', text: `+${delta}` };
  if (delta < 0) return { arrow: '↓', text: String(delta) };
  return { arrow: '→', text: '0' };
}

export const CELEBRATION = {
  minScore: 90,
  delayMs: 1000,
  xpReward: 25,
  title: 'Excellent Session!',
  xpText: '+25 XP earned!',
  button: 'Awesome!',
} as const;

/** The celebration dialog opens (after 1 s) for a score of 90 or more. */
export function shouldCelebrate(score: number): boolean {
  return score >= CELEBRATION.minScore;
}

/** Weekly goal dots: one per session of the goal, filled for completed ones. */
export function weeklyGoalDots(completed: number, total: number): boolean[] {
  return Array.from({ length: Math.max(0, total) }, (_, i) => i < completed);
}

/** The 'Session History' limits of the calls: 10 by default, the dashboard's 5 latest. */
export const SESSION_HISTORY_DEFAULT_LIMIT = 10;
export const DASHBOARD_HISTORY_LIMIT = 5;

/** Whole seconds for parts of one time, adding up to the whole rounded (largest remainder): rounding each part on
 * its own could show 11 s good and 11 s poor in a 21 s session. */
export function wholeSeconds(parts: number[]): number[] {
  const whole = parts.map(Math.floor);
  let left = Math.round(parts.reduce((s, p) => s + p, 0)) - whole.reduce((s, w) => s + w, 0);
  const byRemainder = parts.map((p, i) => ({ i, rest: p - Math.floor(p) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    whole[i] = (whole[i] ?? 0) + 1;
    left--;
  }
  return whole;
}
