// The session report, computed from the stored feedback (document 2, section 3.4). Its shape is core's
// `SessionReport`, the type the web app and the extension read the answer with.
import type { PostureStatus, SessionReport } from '@posture-vision/core/api';

export type { PostureStatus, SessionReport };

export interface FeedbackPoint {
  timestamp: Date;
  postureStatus: PostureStatus;
  score: number;
  issue: string | null;
}

/** The score a feedback counts for when the client sends none: good 100, neutral 70, poor 40. */
export const STATUS_SCORE: Record<PostureStatus, number> = { good: 100, neutral: 70, poor: 40 };

/** A feedback holds until the next one, but no longer than this: a silent client does not count as posture time. */
export const MAX_FEEDBACK_SPAN_S = 10;
export const TIMELINE_POINTS = 300;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Stability index: the share (0–100) of consecutive feedback pairs whose posture status stayed the same — a session
 * that flips between good and poor all the time is unstable even if its average is fine. One feedback is 100,
 * none is 0.
 */
export function stabilityIndex(points: FeedbackPoint[]): number {
  if (points.length === 0) return 0;
  if (points.length === 1) return 100;
  let same = 0;
  for (let i = 1; i < points.length; i++)
    if (points[i]?.postureStatus === points[i - 1]?.postureStatus) same++;
  return round1((100 * same) / (points.length - 1));
}

/** Seconds each feedback holds: until the next one (or the end), at most MAX_FEEDBACK_SPAN_S. */
export function spans(points: FeedbackPoint[], end: Date): number[] {
  return points.map((p, i) => {
    const next = points[i + 1]?.timestamp ?? end;
    return Math.max(0, Math.min(MAX_FEEDBACK_SPAN_S, (next.getTime() - p.timestamp.getTime()) / 1000));
  });
}

/** Time-weighted mean score; the plain mean when the feedback carries no time (all at one instant). */
export function averageScore(points: FeedbackPoint[], weights: number[]): number {
  if (!points.length) return 0;
  const total = weights.reduce((s, w) => s + w, 0);
  if (total === 0) return round1(points.reduce((s, p) => s + p.score, 0) / points.length);
  return round1(points.reduce((s, p, i) => s + p.score * (weights[i] ?? 0), 0) / total);
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

export function buildReport(input: {
  session: { id: string; startTime: Date; endTime: Date | null };
  feedback: FeedbackPoint[];
  now?: Date;
  issueLabel: (issue: string) => string;
  issueAdvice: (issue: string) => string | undefined;
}): SessionReport {
  const points = [...input.feedback].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  const end = input.session.endTime ?? input.now ?? new Date();
  const weights = spans(points, end);
  const timeIn = (status: PostureStatus) =>
    Math.round(points.reduce((s, p, i) => s + (p.postureStatus === status ? (weights[i] ?? 0) : 0), 0));
  const goodPostureTime = timeIn('good');
  const poorPostureTime = timeIn('poor');
  const neutralPostureTime = timeIn('neutral');
  const stability = stabilityIndex(points);
  const issues = frequentIssues(points, (i) => i);
  const improvementAreas = issues.map(
    (i) => input.issueAdvice(i) ?? `Work on ${input.issueLabel(i).toLowerCase()}.`,
  );
  const tracked = goodPostureTime + poorPostureTime + neutralPostureTime;
  if (tracked > 0 && poorPostureTime / tracked > 0.3)
    improvementAreas.push('Spend less time in poor posture: take a short posture break every 30 minutes.');
  if (points.length > 1 && stability < 70)
    improvementAreas.push('Hold a steady position: your posture changed often during this session.');
  return {
    sessionId: input.session.id,
    startTime: input.session.startTime.toISOString(),
    endTime: input.session.endTime?.toISOString() ?? null,
    duration: Math.max(0, Math.round((end.getTime() - input.session.startTime.getTime()) / 1000)),
    averageScore: averageScore(points, weights),
    stabilityIndex: stability,
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
    timeline: downsample(points),
  };
}
