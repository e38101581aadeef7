// The session report's timeline drawn as posture over time: one stretch per feedback point, each holding
// until the next when that came within the gap cap (the feedback contract, feedbackHeldUntil); a longer silence is
// "away" from the point on (the frames had stopped), as is nobody in view (neutral).
import type { PostureStatus } from './contract';
import { feedbackHeldUntil } from './feedback';

export type StretchTone = 'good' | 'poor' | 'away';

export interface PostureStretch {
  tone: StretchTone;
  /** ms since the epoch */
  from: number;
  to: number;
  issue: string | null;
}

const TONE: Record<PostureStatus, StretchTone> = { good: 'good', poor: 'poor', neutral: 'away' };

/**
 * Stretches from the first point to `end` (the session's end; the last point holds until then, capped).
 * Neighbouring stretches with the same tone and issue are merged so the strip stays readable. Given the
 * session's `start`, nothing is drawn before it and nothing after `end`: the report counts only time inside the
 * session (the API's sessions/report.ts), and the strip shows the same time.
 */
export function postureStretches(
  timeline: { timestamp: string; postureStatus: PostureStatus; issue?: string | null }[],
  end?: number,
  start?: number,
): PostureStretch[] {
  const points = timeline
    .map((p) => ({
      at: Date.parse(p.timestamp),
      tone: TONE[p.postureStatus] ?? 'away',
      issue: p.issue ?? null,
    }))
    .filter((p) => Number.isFinite(p.at))
    .sort((a, b) => a.at - b.at);
  const out: PostureStretch[] = [];
  const push = (stretch: PostureStretch) => {
    const s = {
      ...stretch,
      from: Math.max(stretch.from, start ?? -Infinity),
      to: Math.min(stretch.to, end ?? Infinity),
    };
    if (s.to <= s.from) return;
    const last = out[out.length - 1];
    if (last && last.tone === s.tone && last.issue === s.issue && last.to === s.from) last.to = s.to;
    else out.push(s);
  };
  points.forEach((p, i) => {
    const next = points[i + 1]?.at ?? Math.max(end ?? p.at, p.at);
    const held = feedbackHeldUntil(p.at, next);
    push({ tone: p.tone, from: p.at, to: held, issue: p.tone === 'poor' ? p.issue : null });
    if (next > held) push({ tone: 'away', from: held, to: next, issue: null });
  });
  return out;
}
