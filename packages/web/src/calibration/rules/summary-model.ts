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
    /** Key metrics the calibration has no value for, by name, listed as not measured. */
    notMeasured: string[];
    /** Said under each of them: why, pointing at the assessment only when it has notes that say so. */
    notMeasuredWhy: string;
  };
  goalSuggestions: { id: string; title: string; description: string }[];
}

/** Under a metric not measured, when the assessment's notes say why (the vision service's reason per photo). */
export const NOT_MEASURED_WHY_IN_NOTES =
  'The photos did not show it clearly enough: the assessment says why.';
/** …when it has no notes: no promise of an explanation that is not on the page. */
export const NOT_MEASURED_UNCLEAR = 'The photos did not show it clearly enough to measure.';
/** …when the calibration was stored without an analysis of its photos (NOT_SCORED says so above). */
export const NOT_MEASURED_NOT_ANALYSED = 'The photos were not analysed.';

/** Said instead of a score when a calibration was stored without an analysis of its photos. */
export const NOT_SCORED =
  'This calibration was saved without an analysis of its photos, so it has no posture score. Retake the calibration to measure your posture.';

/** Names in a sentence: 'a', 'a and b', 'a, b and c'. */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The stored assessment notes, else a sentence naming the metrics that are not good (or NOT_SCORED). Metrics the
 * calibration has no value for are named as not measured: "all key metrics are in range" was said of a calibration
 * that had measured one of four.
 */
export function overallAssessment(
  score: number | null,
  metrics: readonly KeyMetric[],
  notes?: string | null,
  notMeasured: readonly string[] = [],
): string {
  if (notes?.trim()) return notes.trim();
  if (score === null) return NOT_SCORED;
  const issues = metrics.filter((m) => m.status !== 'good').map((m) => m.name.toLowerCase());
  const level = score >= 80 ? 'Good posture' : score >= 60 ? 'Fair posture' : 'Posture needs attention';
  const unmeasured = notMeasured.map((name) => name.toLowerCase());
  const missing = unmeasured.length
    ? ` The ${listed(unmeasured)} ${unmeasured.length === 1 ? 'was' : 'were'} not measured.`
    : '';
  if (issues.length) return `${level}: watch your ${issues.join(', ')}.${missing}`;
  return unmeasured.length
    ? `${level}: the measured ${metrics.length === 1 ? 'metric is' : 'metrics are'} in range.${missing}`
    : `${level}: all key metrics are in range.`;
}

export function calibrationSummary(calibration: Calibration): CalibrationSummaryModel {
  const metrics = keyMetrics(calibration);
  const stored = calibration.initialPostureScore;
  const score = stored === null ? null : Math.round(stored);
  const notMeasured = unmeasuredMetrics(calibration).map((m) => m.name);
  return {
    postureScore: score,
    scoreBreakdown: scoreBreakdownText(calibration),
    visualBreakdown: {
      overallAssessment: overallAssessment(score, metrics, calibration.assessmentNotes, notMeasured),
      keyMetrics: metrics,
      notMeasured,
      notMeasuredWhy: calibration.assessmentNotes?.trim()
        ? NOT_MEASURED_WHY_IN_NOTES
        : calibration.initialPostureScore === null
          ? NOT_MEASURED_NOT_ANALYSED
          : NOT_MEASURED_UNCLEAR,
    },
    goalSuggestions: goalSuggestions(calibration),
  };
}
