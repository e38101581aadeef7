// A calibration's overall score out of 100 and the points each key metric cost: the vision service scores the three
// photos with this rule, and the calibration summary shows how the score was made (every figure traceable to a
// documented rule).
import { SCORE_BREAKDOWN_TEXTS } from '../../texts/calibration';
import type { Calibration } from './contract';
import { type MetricKey, metricName } from './metrics';

/**
 * The points a metric costs. Each penalty is continuous in its metric (ramps, no steps at the status thresholds):
 * with steps, a retake whose CVA read 47.9° instead of 48.1° lost 10 points, and the score's smallest detectable
 * change was 10.3 points for metrics that repeat within 2-3° (bench/vision/repeatability.ts). A ramp moves the score
 * in proportion.
 * - CVA: good (≥48°) 0; warning (45-48°) rising evenly from 0 to 20; poor (<45°) 20 + 2 per degree below 45, at most
 *   40. The head-neck angle is the primary finding, so it weighs most.
 * - Forward head distance: good (≤90 mm) 0; warning (90-100 mm) rising from 0 to 10; poor (>100 mm) 10 + 0.1 per mm
 *   above 100, at most 20 (smaller than CVA's because it restates the same geometry).
 * - Shoulder tilt and head tilt: 2 per degree above 5°, at most 20 each.
 */
export const SCORE_PENALTIES: Record<MetricKey, (value: number) => number> = {
  cranialVertebralAngle: (cva) =>
    cva < 45 ? Math.min(40, 20 + 2 * (45 - cva)) : cva < 48 ? ((48 - cva) * 20) / 3 : 0,
  forwardHeadDistance: (fhd) => (fhd > 100 ? Math.min(20, 10 + 0.1 * (fhd - 100)) : fhd > 90 ? fhd - 90 : 0),
  shoulderTiltAngle: tiltPenalty,
  headTiltAngle: tiltPenalty,
};

function tiltPenalty(angle: number): number {
  const t = Math.abs(angle);
  return t > 5 ? Math.min(20, 2 * (t - 5)) : 0;
}

export type ScoredMetrics = Partial<Record<MetricKey, number | null>>;

export interface ScoreBreakdown {
  /** 100 minus the penalties, clamped to 0..100 and rounded: the score. */
  score: number;
  /** The metrics that cost points, in the order of the key metrics, with the points (unrounded). */
  penalties: { key: MetricKey; points: number }[];
}

/**
 * Overall score out of 100: 100 minus one penalty per metric (SCORE_PENALTIES), clamped to 0..100. A metric not
 * measured (a front photo whose shoulder was hidden: the answer's notes say why) adds no penalty: the score is that
 * of the metrics measured, and the notes name the one missing. So a photo set with every metric good scores 100; one
 * warning alone stays at 80 or above ('Good Alignment' in the dashboard's status mapping is above 75), and a poor CVA
 * with a poor forward head distance falls to 70 or less ('Needs Work').
 */
export function scoreBreakdown(metrics: ScoredMetrics): ScoreBreakdown {
  const penalties: ScoreBreakdown['penalties'] = [];
  for (const [key, penalty] of Object.entries(SCORE_PENALTIES) as [MetricKey, (v: number) => number][]) {
    const value = metrics[key];
    if (typeof value !== 'number' || Number.isNaN(value)) continue;
    const points = penalty(value);
    if (points > 0) penalties.push({ key, points });
  }
  const total = penalties.reduce((sum, p) => sum + p.points, 0);
  return { score: Math.round(Math.max(0, Math.min(100, 100 - total))), penalties };
}

export const overallPostureScore = (metrics: ScoredMetrics): number => scoreBreakdown(metrics).score;

/**
 * The summary's sentence on how a stored score was made, or null when the calibration's metrics do not give its
 * stored score by this rule (a score stored by an earlier rule, or figures sent without an analysis): a breakdown
 * that does not add up to the number beside it would not explain it. The penalties add up to 100 at most (40 + 20 +
 * 20 + 20), so the clamp at 0 never cuts and the sentence needs no word for it.
 */
export function scoreBreakdownText(
  calibration: Pick<Calibration, MetricKey | 'initialPostureScore'>,
): string | null {
  const stored = calibration.initialPostureScore;
  if (stored === null) return null;
  const { score, penalties } = scoreBreakdown(calibration);
  if (score !== Math.round(stored)) return null;
  if (!penalties.length) return SCORE_BREAKDOWN_TEXTS.nothingOff(score);
  const parts = penalties.map((p) => `${p.points.toFixed(1)} for ${metricName(p.key).toLowerCase()}`);
  return SCORE_BREAKDOWN_TEXTS.madeOf(parts, score);
}
