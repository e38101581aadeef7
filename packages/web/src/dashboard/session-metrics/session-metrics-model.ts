// The session metrics view model and its sample data.
export interface SessionMetricsView {
  id: string;
  overallScore: number;
  /** Seconds. */
  duration: number;
  dateDisplay: string;
  streakCount: number;
  /** Metric name to percent. */
  metrics: Record<string, number>;
  /** Metric name to delta against the previous session. */
  improvements: Record<string, number>;
  /** Seconds. */
  timeInGoodPosture: number;
  corrections: number;
}

export interface Achievement {
  icon: string;
  name: string;
  description: string;
  earned: boolean;
}

export interface MetricsPageData {
  /** Whether this is the user's own data or the specification's sample. */
  source: 'user' | 'sample';
  level: number;
  xp: number;
  xpForNextLevel: number;
  weeklyCompleted: number;
  weeklyTotal: number;
  sessions: SessionMetricsView[];
  achievements: Achievement[];
  /** Mon..Sun average scores. */
  weekTrend: number[];
}

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** Sample limits: level 8, 750 of 1000 XP, 4 of 5 weekly sessions. */
export const SAMPLE_LEVEL = 8;
export const SAMPLE_XP = 750;
export const XP_PER_LEVEL = 1000;
export const WEEKLY_GOAL = 5;
export const SAMPLE_WEEKLY_COMPLETED = 4;

// Icons are plain symbols every system font has (headless and minimal installs have no emoji font).
export const BADGES: readonly Omit<Achievement, 'earned'>[] = [
  { icon: '★', name: 'Perfect Week', description: `Complete ${WEEKLY_GOAL} sessions in one week` },
  { icon: '✔', name: 'Consistency Champion', description: 'Keep a 5-day session streak' },
  { icon: '☀', name: 'Early Bird', description: 'Finish a session before 8 am' },
  { icon: '☾', name: 'Night Owl', description: 'Finish a session after 10 pm' },
  { icon: '↗', name: 'Steady Progress', description: 'Improve your score three sessions in a row' },
  { icon: '∞', name: 'Endurance Master', description: 'Hold a session for 30 minutes' },
];

export const SAMPLE_METRICS: MetricsPageData = {
  source: 'sample',
  level: SAMPLE_LEVEL,
  xp: SAMPLE_XP,
  xpForNextLevel: XP_PER_LEVEL,
  weeklyCompleted: SAMPLE_WEEKLY_COMPLETED,
  weeklyTotal: WEEKLY_GOAL,
  sessions: [
    {
      id: 'sample-1',
      overallScore: 92,
      duration: 1800,
      dateDisplay: 'Today, 9:30 AM',
      streakCount: 5,
      metrics: {
        'Neck Alignment': 94,
        'Shoulder Position': 90,
        'Spinal Curvature': 88,
        'Head Tilt': 95,
        'Sitting Posture': 91,
      },
      improvements: {
        'Neck Alignment': 6,
        'Shoulder Position': 3,
        'Spinal Curvature': 2,
        'Head Tilt': 4,
        'Sitting Posture': 5,
      },
      timeInGoodPosture: 1560,
      corrections: 3,
    },
    {
      id: 'sample-2',
      overallScore: 85,
      duration: 1500,
      dateDisplay: 'Yesterday, 2:15 PM',
      streakCount: 4,
      metrics: {
        'Neck Alignment': 88,
        'Shoulder Position': 87,
        'Spinal Curvature': 86,
        'Head Tilt': 91,
        'Sitting Posture': 86,
      },
      improvements: {
        'Neck Alignment': 2,
        'Shoulder Position': -1,
        'Spinal Curvature': 3,
        'Head Tilt': 0,
        'Sitting Posture': 2,
      },
      timeInGoodPosture: 1200,
      corrections: 6,
    },
    {
      id: 'sample-3',
      overallScore: 78,
      duration: 1200,
      dateDisplay: 'Mon, 10:00 AM',
      streakCount: 3,
      metrics: {
        'Neck Alignment': 82,
        'Shoulder Position': 88,
        'Spinal Curvature': 83,
        'Head Tilt': 91,
        'Sitting Posture': 84,
      },
      improvements: {
        'Neck Alignment': -2,
        'Shoulder Position': 1,
        'Spinal Curvature': 0,
        'Head Tilt': 2,
        'Sitting Posture': -1,
      },
      timeInGoodPosture: 900,
      corrections: 9,
    },
  ],
  achievements: BADGES.map((badge, index) => ({ ...badge, earned: index < 4 })),
  weekTrend: [78, 82, 85, 80, 88, 92, 0],
};
