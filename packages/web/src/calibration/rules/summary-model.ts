// The calibration summary view model built from a stored calibration with core's
// key metric rules and goals.
import {
  type Calibration,
  goalSuggestions,
  type KeyMetric,
  keyMetrics,
  scoreBreakdownText,
  unmeasuredMetrics,
} from '@posture-vision/core';

export interface CalibrationSummaryModel {
  /** The score out of 100, or null when the calibration was stored without one (saved through the API without an
   * analysis of its photos): the summary then shows no number rather than a 0 nobody measured. */
  postureScore: number | null;
  /** How the score was made from the key metrics (core scoreBreakdownText), or null when the stored metrics do not
   * give the stored score by the current rule. */
  scoreBreakdown: string | null;
  visualBreakdown: {
    overallAssessment: string;
    keyMetrics: KeyMetric[];
    /** Key metrics the calibration has no value for, by name, listed as not measured (the notes say why). */
    notMeasured: string[];
  };
  goalSuggestions: { id: string; title: string; description: string }[];
}

/** Said instead of a score when a calibration was stored without an analysis of its photos. */
export const NOT_SCORED =
  'This calibration was saved without an analysis of its photos, so it has no posture score. Retake the calibration to measure your posture.';

/** The stored assessment notes, else a sentence naming the metrics that are not good (or NOT_SCORED). */
export function overallAssessment(
  score: number | null,
  metrics: readonly KeyMetric[],
  notes?: string | null,
): string {
  if (notes?.trim()) return notes.trim();
  if (score === null) return NOT_SCORED;
  const issues = metrics.filter((m) => m.status !== 'good').map((m) => m.name.toLowerCase());
  const level = score >= 80 ? 'Good posture' : score >= 60 ? 'Fair posture' : 'Posture needs attention';
  return issues.length
    ? `${level}: watch your ${issues.join(', ')}.`
    : `${level}: all key metrics are in range.`;
}

export function calibrationSummary(calibration: Calibration): CalibrationSummaryModel {
  const metrics = keyMetrics(calibration);
  const stored = calibration.initialPostureScore;
  const score = stored === null ? null : Math.round(stored);
  return {
    postureScore: score,
    scoreBreakdown: scoreBreakdownText(calibration),
    visualBreakdown: {
      overallAssessment: overallAssessment(score, metrics, calibration.assessmentNotes),
      keyMetrics: metrics,
      notMeasured: unmeasuredMetrics(calibration).map((m) => m.name),
    },
    goalSuggestions: goalSuggestions(calibration),
  };
}
