// The session report, computed from the stored feedback. Every time in it comes from the
// feedback timestamps under core's feedback contract (packages/core/src/domain/sessions/feedback.ts): clients send a
// feedback on every change and a heartbeat every FEEDBACK_HEARTBEAT_MS while nothing changes, so each feedback
// holds until the next one when the client spoke again in time (feedbackHeldUntil).
import {
  FRAMES_STOPPED,
  feedbackHeldUntil,
  type PostureStatus,
  presenceLooks,
  type SessionReport,
  STEADY_RUN_S,
  sessionSitting,
  wholeSeconds,
} from '@posture-vision/core/sessions';

export type { PostureStatus, SessionReport };
export { STEADY_RUN_S, wholeSeconds };

export interface FeedbackPoint {
  timestamp: Date;
  postureStatus: PostureStatus;
  score: number;
  issue: string | null;
  /** details.cva in degrees when the client sent one (see `feedbackCva`), else null. */
  cva?: number | null;
  /** details.kind as the client sent it: 'stop' (FRAMES_STOPPED) says when its frames stopped and holds no time. */
  kind?: string | null;
  /** details.inView as the client sent it: whether somebody was in view (the sitting figures); null when not sent. */
  inView?: boolean | null;
  /** details.inViewFrom and details.lastInViewAt as valid times (core's presenceLooks), else null. */
  inViewFrom?: Date | null;
  lastInViewAt?: Date | null;
}

const isPosture = (p: FeedbackPoint) => p.kind !== FRAMES_STOPPED;

/** The score a feedback counts for when the client sends none: good 100, neutral 70, poor 40. */
export const STATUS_SCORE: Record<PostureStatus, number> = { good: 100, neutral: 70, poor: 40 };

export const TIMELINE_POINTS = 300;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Seconds each feedback holds: until the next one (or the end) when that came within FEEDBACK_GAP_CAP_S, else
 * none — a longer silence means the frames stopped somewhere in it (a reload, a closed tab, a machine asleep), and
 * time without frames is not posture time; a feedback saying the frames stopped holds none (core's
 * feedbackHeldUntil). The rule applies to the gap after each feedback, so a heartbeating client is counted in full
 * however long the session. Only time inside the session (from its start to its end) counts: feedback is stamped by
 * the client's clock, and one running behind the server's (or a client that sends old timestamps) must not make a
 * report's posture times add up to more than its duration. */
export function spans(points: FeedbackPoint[], window: { start: Date; end: Date }): number[] {
  const start = window.start.getTime();
  const end = window.end.getTime();
  return points.map((p, i) => {
    const at = p.timestamp.getTime();
    const next = points[i + 1]?.timestamp.getTime() ?? Math.max(end, at);
    const to = Math.min(feedbackHeldUntil(at, next, p.kind), end);
    return Math.max(0, (to - Math.max(at, start)) / 1000);
  });
}

/**
 * Stability index (0–100), from time: the share of the tracked posture time spent in steady runs — stretches
 * in which the posture status (good, neutral or poor) stayed the same for at least STEADY_RUN_S. A user who
 * holds one posture scores 100 (good or poor alike: stability says how steady, the score says how good); one who
 * flips between good and poor every few seconds scores near 0; a 3 s slip in a minute of good posture costs 3 s
 * of it. A session tracked for less than STEADY_RUN_S in all counts a run covering all of it as steady. No
 * tracked time: 0. (Old sessions, whose clients sent feedback on changes only, are measured the same way.)
 */
export function stabilityIndex(points: FeedbackPoint[], weights: number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return 0;
  const steadyAfter = Math.min(STEADY_RUN_S, total);
  let steady = 0;
  let run = 0;
  for (let i = 0; i < points.length; i++) {
    run += weights[i] ?? 0;
    if (points[i + 1]?.postureStatus !== points[i]?.postureStatus) {
      if (run >= steadyAfter) steady += run;
      run = 0;
    }
  }
  return round1((100 * steady) / total);
}

/**
 * The session's score: the time-weighted mean score of its judged feedback (good or poor); the plain mean when
 * that feedback carries no time (all at one instant). Not-judged (neutral) time is left out: nobody in view, a
 * head turned away or a picture too dark to see is no posture, and counting it at any score (the 70 a neutral
 * feedback carries) would move a session's score by time nothing judged. Nothing judged: null.
 */
export function averageScore(points: FeedbackPoint[], weights: number[]): number | null {
  const judged = points.flatMap((p, i) =>
    p.postureStatus === 'neutral' ? [] : [{ score: p.score, weight: weights[i] ?? 0 }],
  );
  if (!judged.length) return null;
  const total = judged.reduce((s, j) => s + j.weight, 0);
  if (total === 0) return round1(judged.reduce((s, j) => s + j.score, 0) / judged.length);
  return round1(judged.reduce((s, j) => s + j.score * j.weight, 0) / total);
}

/**
 * The session's cranial vertebral angle: the mean of the `details.cva` values its feedback carried, each weighted
 * by the time it held (as the score is), so a CVA sent for 50 s counts ten times one sent for 5 s. Feedback
 * without a CVA is left out; none with one gives null (no CVA is better than an invented one). All at one
 * instant: the plain mean.
 */
export function averageCva(points: FeedbackPoint[], weights: number[]): number | null {
  const withCva = points.flatMap((p, i) =>
    typeof p.cva === 'number' ? [{ cva: p.cva, weight: weights[i] ?? 0 }] : [],
  );
  if (!withCva.length) return null;
  const total = withCva.reduce((s, c) => s + c.weight, 0);
  if (total === 0) return round1(withCva.reduce((s, c) => s + c.cva, 0) / withCva.length);
  return round1(withCva.reduce((s, c) => s + c.cva * c.weight, 0) / total);
}

/** Issues among the not-good feedback, most frequent first (at most 3), as readable labels. */
export function frequentIssues(points: FeedbackPoint[], label: (issue: string) => string): string[] {
  const counts = new Map<string, number>();
  for (const p of points)
    if (p.issue && p.postureStatus !== 'good') counts.set(p.issue, (counts.get(p.issue) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([issue]) => label(issue));
}

function downsample(points: FeedbackPoint[]): SessionReport['timeline'] {
  const point = (p: FeedbackPoint) => ({
    timestamp: p.timestamp.toISOString(),
    postureStatus: p.postureStatus,
    score: p.score,
    ...(p.issue ? { issue: p.issue } : {}),
  });
  if (points.length <= TIMELINE_POINTS) return points.map(point);
  // Long sessions: one point per bucket, with the bucket's most common status and mean score.
  const size = points.length / TIMELINE_POINTS;
  return Array.from({ length: TIMELINE_POINTS }, (_, b) => {
    const bucket = points.slice(Math.floor(b * size), Math.floor((b + 1) * size));
    const tally = new Map<PostureStatus, number>();
    for (const p of bucket) tally.set(p.postureStatus, (tally.get(p.postureStatus) ?? 0) + 1);
    const status: PostureStatus = [...tally.entries()].sort((a, c) => c[1] - a[1])[0]?.[0] ?? 'neutral';
    const first = bucket[0] as FeedbackPoint;
    return {
      timestamp: first.timestamp.toISOString(),
      postureStatus: status,
      score: round1(bucket.reduce((s, p) => s + p.score, 0) / bucket.length),
    };
  });
}

/** The session's breaks, longest stretch and sitting time (core's sessionSitting) from the feedback saying who was
 * in view (core's presenceLooks): a silence (the frames stopped) is no look, as for the extension's day. Whole
 * seconds; null when none said. */
export function sittingOf(points: FeedbackPoint[], start: Date, end: Date): SessionReport['sitting'] {
  const said = points.flatMap((p) =>
    typeof p.inView === 'boolean'
      ? [
          {
            at: p.timestamp.getTime(),
            inView: p.inView,
            inViewFrom: p.inViewFrom?.getTime() ?? null,
            lastInViewAt: p.lastInViewAt?.getTime() ?? null,
          },
        ]
      : [],
  );
  const sitting = sessionSitting(presenceLooks(said, start.getTime()), end.getTime());
  return (
    sitting && {
      breaks: sitting.breaks,
      longestStretch: Math.round(sitting.longestStretchMs / 1000),
      sittingTime: Math.round(sitting.sittingMs / 1000),
    }
  );
}

export function buildReport(input: {
  session: { id: string; startTime: Date; endTime: Date | null };
  feedback: FeedbackPoint[];
  now?: Date;
  issueLabel: (issue: string) => string;
  issueAdvice: (issue: string) => string | undefined;
}): SessionReport {
  const sorted = [...input.feedback].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  const end = input.session.endTime ?? input.now ?? new Date();
  const allWeights = spans(sorted, { start: input.session.startTime, end });
  // A feedback saying the frames stopped only ends the one before it: it is no posture, and holds no time.
  const points = sorted.filter(isPosture);
  const weights = allWeights.filter((_, i) => isPosture(sorted[i] as FeedbackPoint));
  const timeIn = (status: PostureStatus) =>
    points.reduce((s, p, i) => s + (p.postureStatus === status ? (weights[i] ?? 0) : 0), 0);
  // The session's length in parts that add up to it: good, poor, and not judged — neutral feedback and every
  // second no feedback holds (before the first reading, a silence, after the frames stopped), which is never
  // good or poor.
  const length = Math.max(0, (end.getTime() - input.session.startTime.getTime()) / 1000);
  const good = timeIn('good');
  const poor = timeIn('poor');
  const [goodPostureTime, poorPostureTime, neutralPostureTime] = wholeSeconds([
    good,
    poor,
    Math.max(0, length - good - poor),
  ]) as [number, number, number];
  const stability = stabilityIndex(points, weights);
  const issues = frequentIssues(points, (i) => i);
  const improvementAreas = issues.map(
    (i) => input.issueAdvice(i) ?? `Work on ${input.issueLabel(i).toLowerCase()}.`,
  );
  const tracked = weights.reduce((s, w) => s + w, 0);
  if (tracked > 0 && poor / tracked > 0.3)
    improvementAreas.push('Spend less time in poor posture: take a short posture break every 30 minutes.');
  if (points.length > 1 && stability < 70)
    improvementAreas.push('Hold a steady position: your posture changed often during this session.');
  return {
    sessionId: input.session.id,
    startTime: input.session.startTime.toISOString(),
    endTime: input.session.endTime?.toISOString() ?? null,
    duration: Math.round(length),
    averageScore: averageScore(points, weights),
    stabilityIndex: stability,
    averageCVAngle: averageCva(points, weights),
    feedbackCount: points.length,
    statusCounts: {
      good: points.filter((p) => p.postureStatus === 'good').length,
      neutral: points.filter((p) => p.postureStatus === 'neutral').length,
      poor: points.filter((p) => p.postureStatus === 'poor').length,
    },
    keyFindings: {
      poorPostureTime,
      goodPostureTime,
      neutralPostureTime,
      frequentIssues: issues.map(input.issueLabel),
      improvementAreas,
    },
    sitting: sittingOf(points, input.session.startTime, end),
    // The timeline keeps the feedback saying the frames stopped: from it on the strip shows nobody judged.
    timeline: downsample(sorted),
  };
}
