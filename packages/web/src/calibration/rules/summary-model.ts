// The calibration summary view model (document 2, section 3.5) built from a stored calibration with core's
// key metric rules and goals.
import {
  type Calibration,
  goalSuggestions,
  type KeyMetric,
  keyMetrics,
  unmeasuredMetrics,
} from '@posture-vision/core';

export interface CalibrationSummaryModel {
  postureScore: number;
  visualBreakdown: {
    overallAssessment: string;
    keyMetrics: KeyMetric[];
    /** Key metrics the calibration has no value for, by name, listed as not measured (the notes say why). */
    notMeasured: string[];
  };
  goalSuggestions: { id: string; title: string; description: string }[];
}

/** The stored assessment notes, else a sentence naming the metrics that are not good. */
export function overallAssessment(
  score: number,
  metrics: readonly KeyMetric[],
  notes?: string | null,
): string {
  if (notes?.trim()) return notes.trim();
  const issues = metrics.filter((m) => m.status !== 'good').map((m) => m.name.toLowerCase());
  const level = score >= 80 ? 'Good posture' : score >= 60 ? 'Fair posture' : 'Posture needs attention';
  return issues.length
    ? `${level}: watch your ${issues.join(', ')}.`
    : `${level}: all key metrics are in range.`;
}

export function calibrationSummary(calibration: Calibration): CalibrationSummaryModel {
  const metrics = keyMetrics(calibration);
  const score = Math.round(calibration.initialPostureScore ?? 0);
  return {
    postureScore: score,
    visualBreakdown: {
      overallAssessment: overallAssessment(score, metrics, calibration.assessmentNotes),
      keyMetrics: metrics,
      notMeasured: unmeasuredMetrics(calibration).map((m) => m.name),
    },
    goalSuggestions: goalSuggestions(calibration),
  };
}
