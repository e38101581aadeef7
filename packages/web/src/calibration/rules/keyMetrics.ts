// The calibration summary view model (document 2, sections 3.5 and 5.2): key metric status, assessment and
// improvement goals from a stored calibration. Kept here until core exports its calibration metric rules.
import type { Calibration } from '@posture-vision/core';

export type MetricStatus = 'good' | 'warning' | 'poor';
export type MetricKey =
  | 'cranialVertebralAngle'
  | 'forwardHeadDistance'
  | 'shoulderTiltAngle'
  | 'headTiltAngle';

export interface KeyMetric {
  key: MetricKey;
  name: string;
  value: string;
  comment: string;
  status: MetricStatus;
}

export interface GoalSuggestion {
  id: string;
  title: string;
  description: string;
}

export interface CalibrationSummaryModel {
  postureScore: number;
  visualBreakdown: { overallAssessment: string; keyMetrics: KeyMetric[] };
  goalSuggestions: GoalSuggestion[];
}

/** CVA below 45 poor, below 48 warning; forward head above 100 poor, above 90 warning; tilts above 5 warning. */
export function metricStatus(key: MetricKey, value: number): MetricStatus {
  switch (key) {
    case 'cranialVertebralAngle':
      return value < 45 ? 'poor' : value < 48 ? 'warning' : 'good';
    case 'forwardHeadDistance':
      return value > 100 ? 'poor' : value > 90 ? 'warning' : 'good';
    case 'shoulderTiltAngle':
    case 'headTiltAngle':
      return Math.abs(value) > 5 ? 'warning' : 'good';
  }
}

const METRICS: { key: MetricKey; name: string; unit: string; comments: Record<MetricStatus, string> }[] = [
  {
    key: 'cranialVertebralAngle',
    name: 'Cranial Vertebral Angle',
    unit: '°',
    comments: {
      good: 'Head is well balanced over the neck.',
      warning: 'Slight forward head posture.',
      poor: 'Marked forward head posture.',
    },
  },
  {
    key: 'forwardHeadDistance',
    name: 'Forward Head Distance',
    unit: ' units',
    comments: {
      good: 'Head sits over the shoulders.',
      warning: 'Head drifts ahead of the shoulders.',
      poor: 'Head is far ahead of the shoulders.',
    },
  },
  {
    key: 'shoulderTiltAngle',
    name: 'Shoulder Tilt',
    unit: '°',
    comments: {
      good: 'Shoulders are level.',
      warning: 'One shoulder sits higher.',
      poor: 'One shoulder sits higher.',
    },
  },
  {
    key: 'headTiltAngle',
    name: 'Head Tilt',
    unit: '°',
    comments: {
      good: 'Head is upright.',
      warning: 'Head leans to one side.',
      poor: 'Head leans to one side.',
    },
  },
];

const GOALS: Record<MetricKey, GoalSuggestion> = {
  cranialVertebralAngle: {
    id: 'improve-cva',
    title: 'Improve your cranial vertebral angle',
    description: 'Do chin tucks twice a day and raise your screen to eye level.',
  },
  forwardHeadDistance: {
    id: 'reduce-forward-head',
    title: 'Reduce forward head posture',
    description: 'Keep your ears over your shoulders; sit back in your chair with the screen an arm away.',
  },
  shoulderTiltAngle: {
    id: 'level-shoulders',
    title: 'Level your shoulders',
    description: 'Check your armrests and desk height; stretch the higher side daily.',
  },
  headTiltAngle: {
    id: 'straighten-head',
    title: 'Keep your head upright',
    description: 'Centre your screen in front of you and avoid cradling the phone.',
  },
};

const MAINTAIN_GOAL: GoalSuggestion = {
  id: 'maintain',
  title: 'Maintain your good posture',
  description: 'Keep up your habits and recalibrate regularly to track your progress.',
};

export function keyMetrics(calibration: Calibration): KeyMetric[] {
  return METRICS.flatMap((m) => {
    const value = calibration[m.key];
    if (value === null || value === undefined || !Number.isFinite(value)) return [];
    const status = metricStatus(m.key, value);
    return [
      {
        key: m.key,
        name: m.name,
        value: `${Math.round(value * 10) / 10}${m.unit}`,
        comment: m.comments[status],
        status,
      },
    ];
  });
}

/** One goal per metric that is not good; a 'maintain' goal when there is none. */
export function goalSuggestions(metrics: readonly KeyMetric[]): GoalSuggestion[] {
  const goals = metrics.filter((m) => m.status !== 'good').map((m) => GOALS[m.key]);
  return goals.length ? goals : [MAINTAIN_GOAL];
}

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
    },
    goalSuggestions: goalSuggestions(metrics),
  };
}
