// Section 5.4 display rules and the report formats of section 9.
// Kept here until core exports its session/report derivations.

/** Session metrics page: 90+ green, 80+ amber, 70+ red, else grey. */
export function metricsScoreColour(score: number): 'green' | 'amber' | 'red' | 'grey' {
  if (score >= 90) return 'green';
  if (score >= 80) return 'amber';
  if (score >= 70) return 'red';
  return 'grey';
}

/** Summary score colour: 80+ good, 60+ mid, else poor. */
export function summaryScoreClass(score: number): 'good' | 'mid' | 'poor' {
  if (score >= 80) return 'good';
  if (score >= 60) return 'mid';
  return 'poor';
}

/** Poor posture percent: poor time over total time. */
export function poorPosturePercent(poorTime: number, totalTime: number): number {
  return totalTime > 0 ? Math.round((poorTime / totalTime) * 100) : 0;
}

/** The report duration, shown as Nm Ns. */
export function formatReportDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}m ${whole % 60}s`;
}

/** An improvement delta with an arrow, plus sign when positive. */
export function formatDelta(delta: number): string {
  if (delta > 0) return `▲ +${delta}`;
  if (delta < 0) return `▼ ${delta}`;
  return '– 0';
}
