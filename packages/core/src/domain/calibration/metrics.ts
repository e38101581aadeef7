// Calibration summary: key-metric statuses, goal suggestions and the score colour.
import type { Calibration } from './contract';

export type MetricStatus = 'good' | 'warning' | 'poor';

/** CVA below 45 is poor, below 48 warning, else good. */
export function cvaStatus(angle: number): MetricStatus {
  if (angle < 45) return 'poor';
  if (angle < 48) return 'warning';
  return 'good';
}

/** Forward head distance above 100 is poor, above 90 warning. */
export function forwardHeadStatus(distance: number): MetricStatus {
  if (distance > 100) return 'poor';
  if (distance > 90) return 'warning';
  return 'good';
}

/** Shoulder tilt above 5 is warning. */
export function shoulderTiltStatus(angle: number): MetricStatus {
  return Math.abs(angle) > 5 ? 'warning' : 'good';
}

/** Head tilt above 5 is warning. */
export function headTiltStatus(angle: number): MetricStatus {
  return Math.abs(angle) > 5 ? 'warning' : 'good';
}

export type MetricKey =
  | 'cranialVertebralAngle'
  | 'forwardHeadDistance'
  | 'shoulderTiltAngle'
  | 'headTiltAngle';

interface MetricRule {
  key: MetricKey;
  name: string;
  unit: string;
  status: (value: number) => MetricStatus;
  comments: Record<MetricStatus, string>;
  goal: { id: string; title: string; description: string };
}

const METRIC_RULES: MetricRule[] = [
  {
    key: 'cranialVertebralAngle',
    name: 'Cranial Vertebral Angle',
    unit: '°',
    status: cvaStatus,
    comments: {
      good: 'Your head sits well above your shoulders.',
      warning: 'Your head is slightly forward of your shoulders.',
      poor: 'Your head is well forward of your shoulders.',
    },
    goal: {
      id: 'cva',
      title: 'Improve neck alignment',
      description: 'Do chin tucks several times a day to bring your head back over your shoulders.',
    },
  },
  {
    key: 'forwardHeadDistance',
    name: 'Forward Head Distance',
    unit: ' mm',
    status: forwardHeadStatus,
    comments: {
      good: 'Forward head distance is within the normal range.',
      warning: 'Forward head distance is slightly high.',
      poor: 'Forward head distance is high.',
    },
    goal: {
      id: 'forward-head',
      title: 'Reduce forward head posture',
      description: 'Raise your screen to eye level and keep your ears over your shoulders.',
    },
  },
  {
    key: 'shoulderTiltAngle',
    name: 'Shoulder Tilt',
    unit: '°',
    status: shoulderTiltStatus,
    comments: {
      good: 'Your shoulders are level.',
      warning: 'One shoulder sits higher than the other.',
      poor: 'One shoulder sits much higher than the other.',
    },
    goal: {
      id: 'shoulder-tilt',
      title: 'Level your shoulders',
      description: 'Stretch the raised side and check that your desk and armrests are at even height.',
    },
  },
  {
    key: 'headTiltAngle',
    name: 'Head Tilt',
    unit: '°',
    status: headTiltStatus,
    comments: {
      good: 'Your head is upright.',
      warning: 'Your head tilts to one side.',
      poor: 'Your head tilts strongly to one side.',
    },
    goal: {
      id: 'head-tilt',
      title: 'Keep your head upright',
      description: 'Centre your screen in front of you and avoid holding the phone between ear and shoulder.',
    },
  },
];

/** A key metric's name as the summary shows it. */
export function metricName(key: MetricKey): string {
  return (METRIC_RULES.find((r) => r.key === key) as MetricRule).name;
}

export const MAINTAIN_GOAL = {
  id: 'maintain',
  title: 'Maintain your good posture',
  description: 'Keep up your habits and recalibrate regularly to track your progress.',
} as const;

/** The goal when a calibration measured none of the key metrics (saved without an analysis of its photos):
 * 'maintain your good posture' would praise a posture nobody measured. */
export const MEASURE_GOAL = {
  id: 'measure',
  title: 'Measure your posture',
  description: 'Retake the calibration with its three photos so that your posture can be measured.',
} as const;

export interface KeyMetric {
  key: MetricKey;
  name: string;
  value: string;
  comment: string;
  status: MetricStatus;
}

export function formatMetricValue(value: number, unit: string): string {
  return `${value.toFixed(1)}${unit}`;
}

/** The key metrics of a calibration that has them, each with its status. */
export function keyMetrics(calibration: Pick<Calibration, MetricKey>): KeyMetric[] {
  const metrics: KeyMetric[] = [];
  for (const rule of METRIC_RULES) {
    const value = calibration[rule.key];
    if (typeof value !== 'number' || Number.isNaN(value)) continue;
    const status = rule.status(value);
    metrics.push({
      key: rule.key,
      name: rule.name,
      value: formatMetricValue(value, rule.unit),
      comment: rule.comments[status],
      status,
    });
  }
  return metrics;
}

/** The key metrics a calibration has no value for, by name: not measured (a front photo whose shoulder was hidden;
 * the calibration's assessment notes say why). The summary lists them as such instead of leaving them out. */
export function unmeasuredMetrics(
  calibration: Pick<Calibration, MetricKey>,
): { key: MetricKey; name: string }[] {
  return METRIC_RULES.filter((rule) => {
    const value = calibration[rule.key];
    return typeof value !== 'number' || Number.isNaN(value);
  }).map(({ key, name }) => ({ key, name }));
}

/** One goal per metric that is not good; the 'maintain' goal when there is no issue. */
export function goalSuggestions(
  calibration: Pick<Calibration, MetricKey>,
): { id: string; title: string; description: string }[] {
  const measured = keyMetrics(calibration);
  if (measured.length === 0) return [{ ...MEASURE_GOAL }];
  const issues = measured.filter((m) => m.status !== 'good');
  if (issues.length === 0) return [{ ...MAINTAIN_GOAL }];
  return issues.map((m) => ({ ...(METRIC_RULES.find((r) => r.key === m.key) as MetricRule).goal }));
}

export type ScoreBand = 'good' | 'mid' | 'poor';

/** Summary score colour: 80 or more good, 60 or more mid, else poor. */
export function summaryScoreBand(score: number): ScoreBand {
  if (score >= 80) return 'good';
  if (score >= 60) return 'mid';
  return 'poor';
}
