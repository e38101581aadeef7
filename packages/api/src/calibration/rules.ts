// Calibration rules: expiry by the user's recalibration frequency, and the calibration's key-metric
// thresholds (core's metric status rule), turned into recommendations.
import {
  cvaStatus,
  forwardHeadStatus,
  headTiltStatus,
  type MetricStatus,
  shoulderTiltStatus,
} from '@posture-vision/core/calibration';

export const RECALIBRATION_DAYS: Record<string, number | null> = {
  never: null,
  daily: 1,
  weekly: 7,
  monthly: 30,
  quarterly: 90,
};

const DAY_MS = 86_400_000;

export interface CalibrationState {
  hasActive: boolean;
  needsRecalibration: boolean;
  daysUntilExpiry: number | null;
}

/** A calibration is active until its age reaches the frequency's number of days ("never" never expires). */
export function calibrationState(
  latestCreatedAt: Date | null,
  frequency: string,
  now = new Date(),
): CalibrationState {
  if (!latestCreatedAt) return { hasActive: false, needsRecalibration: true, daysUntilExpiry: null };
  // Unknown values count as the default, monthly; "never" is null and never expires.
  const days = frequency in RECALIBRATION_DAYS ? (RECALIBRATION_DAYS[frequency] ?? null) : 30;
  if (days === null) return { hasActive: true, needsRecalibration: false, daysUntilExpiry: null };
  const left = latestCreatedAt.getTime() + days * DAY_MS - now.getTime();
  if (left <= 0) return { hasActive: false, needsRecalibration: true, daysUntilExpiry: 0 };
  return { hasActive: true, needsRecalibration: false, daysUntilExpiry: Math.ceil(left / DAY_MS) };
}

export interface CalibrationMetrics {
  cranialVertebralAngle: number | null;
  forwardHeadDistance: number | null;
  shoulderTiltAngle: number | null;
  headTiltAngle: number | null;
}

const STATUS_RULES: Record<keyof CalibrationMetrics, (value: number) => MetricStatus> = {
  cranialVertebralAngle: cvaStatus,
  forwardHeadDistance: forwardHeadStatus,
  shoulderTiltAngle: shoulderTiltStatus,
  headTiltAngle: headTiltStatus,
};

/** Each measured metric's status by the key-metric thresholds (core's rule, the one the calibration summary shows). */
export function metricStatuses(
  m: CalibrationMetrics,
): Partial<Record<keyof CalibrationMetrics, MetricStatus>> {
  const out: Partial<Record<keyof CalibrationMetrics, MetricStatus>> = {};
  for (const key of Object.keys(STATUS_RULES) as (keyof CalibrationMetrics)[]) {
    const value = m[key];
    if (value !== null) out[key] = STATUS_RULES[key](value);
  }
  return out;
}

export interface Recommendation {
  category: string;
  recommendation: string;
  priority: 'high' | 'medium' | 'low';
}

const METRIC_ADVICE: Record<keyof CalibrationMetrics, { category: string; text: string }> = {
  cranialVertebralAngle: {
    category: 'Neck Alignment',
    text: 'Your cranial vertebral angle shows forward head posture. Do chin tucks (10 repetitions, 3 times a day) and raise your screen to eye level.',
  },
  forwardHeadDistance: {
    category: 'Head Position',
    text: 'Your head sits forward of your shoulders. Move the screen closer and keep your ears over your shoulders.',
  },
  shoulderTiltAngle: {
    category: 'Shoulder Balance',
    text: 'Your shoulders are uneven. Check that your armrests and desk height are level, and stretch the higher side.',
  },
  headTiltAngle: {
    category: 'Head Tilt',
    text: 'Your head tilts to one side. Centre your screen in front of you and avoid holding a phone against your shoulder.',
  },
};

export const ISSUE_LABELS: Record<string, string> = {
  forward_head: 'Forward head posture',
  shoulder_asymmetry: 'Shoulder asymmetry',
  tilt: 'Head tilt',
  slouch: 'Slouching',
  leaning_in: 'Leaning in toward the screen',
  leaning_back: 'Leaning back',
  leaning_sideways: 'Leaning to one side',
};

export const ISSUE_ADVICE: Record<string, string> = {
  forward_head: 'Keep your ears over your shoulders: raise the screen to eye level and tuck your chin.',
  shoulder_asymmetry: 'Level your shoulders: check armrest height and keep both forearms supported.',
  tilt: 'Keep your head upright: centre the screen and the camera in front of you.',
  slouch: 'Sit back in your chair with your back against the backrest and your shoulders over your hips.',
  leaning_in: 'Bring the screen closer or enlarge the text instead of leaning towards it, and sit back.',
  leaning_back: 'Sit upright with your back supported rather than reclining away from the screen.',
  leaning_sideways: 'Sit centred in your chair with your weight on both hips and the screen straight ahead.',
};

/**
 * The posture problem each calibration metric measures, named like the live feedback's issues: one problem
 * gets one recommendation, whether the calibration, the feedback or both found it (a forward head seen by the
 * CVA, the head distance and the feedback was listed three times, with different priorities).
 */
const METRIC_TOPIC: Record<keyof CalibrationMetrics, string> = {
  cranialVertebralAngle: 'forward_head',
  forwardHeadDistance: 'forward_head',
  shoulderTiltAngle: 'shoulder_asymmetry',
  headTiltAngle: 'tilt',
};

const PRIORITY_RANK: Record<Recommendation['priority'], number> = { high: 0, medium: 1, low: 2 };

export function issueLabel(issue: string): string {
  return ISSUE_LABELS[issue] ?? issue.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/**
 * Recommendations, most urgent first:
 * 1. no calibration → calibrate (high); an expired one → recalibrate (medium);
 * 2. each calibration metric at poor (high) or warning (medium) → that metric's advice;
 * 3. each posture issue seen in at least 10% of the last 30 days' feedback → its advice (high above 30%, else medium);
 * 4. nothing found → a maintenance recommendation (low).
 * One recommendation per posture problem (METRIC_TOPIC): a problem found again keeps the first advice, adds
 * what the later source says about it, and takes the more urgent priority.
 */
export function recommendationsFor(input: {
  calibration: CalibrationMetrics | null;
  needsRecalibration: boolean;
  issueShares: Record<string, number>;
}): Recommendation[] {
  const out: Recommendation[] = [];
  const byTopic = new Map<string, Recommendation>();
  const add = (topic: string, next: Recommendation, extra = '') => {
    const seen = byTopic.get(topic);
    if (!seen) {
      byTopic.set(topic, next);
      out.push(next);
      return;
    }
    if (extra) seen.recommendation = `${seen.recommendation} ${extra}`;
    if (PRIORITY_RANK[next.priority] < PRIORITY_RANK[seen.priority]) seen.priority = next.priority;
  };
  if (!input.calibration)
    out.push({
      category: 'Calibration',
      recommendation:
        'Complete a three-photo posture calibration so your sessions are measured against your own baseline.',
      priority: 'high',
    });
  else if (input.needsRecalibration)
    out.push({
      category: 'Calibration',
      recommendation: 'Your calibration has expired. Recalibrate so feedback matches your current posture.',
      priority: 'medium',
    });
  if (input.calibration) {
    for (const [metric, status] of Object.entries(metricStatuses(input.calibration))) {
      if (status === 'good') continue;
      const advice = METRIC_ADVICE[metric as keyof CalibrationMetrics];
      add(METRIC_TOPIC[metric as keyof CalibrationMetrics], {
        category: advice.category,
        recommendation: advice.text,
        priority: status === 'poor' ? 'high' : 'medium',
      });
    }
  }
  const issues = Object.entries(input.issueShares)
    .filter(([, share]) => share >= 0.1)
    .sort((a, b) => b[1] - a[1]);
  for (const [issue, share] of issues) {
    const seen = `${issueLabel(issue)} appeared in ${Math.round(share * 100)}% of your recent feedback.`;
    add(
      issue,
      {
        category: issueLabel(issue),
        recommendation: `${seen} ${ISSUE_ADVICE[issue] ?? 'Correct it when the live tool shows it.'}`,
        priority: share > 0.3 ? 'high' : 'medium',
      },
      seen,
    );
  }
  if (!out.length)
    out.push({
      category: 'General',
      recommendation:
        'Your posture metrics are in the healthy range. Keep it up with a short stretch break every 30 minutes.',
      priority: 'low',
    });
  return out;
}
