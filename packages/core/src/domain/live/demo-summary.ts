// The free demo's summary: what the landing page's live tool saw from Start Camera to the Free Tier's time-up
// (good, poor and not-judged time, and how often poor posture began, by issue), shown in the time-up dialog and
// mailed as the sample report the dialog promises. Both show it through `demoSummaryLines`, so the mail carries
// the figures the visitor saw, in the same words. The request that asks for the mail is in contract.ts.
import { DEMO_SUMMARY_TEXTS } from '../../texts/live';
import { countOf } from '../../texts/plural';
import { POSTURE_ISSUE_NAMES } from '../../texts/settings';
import type { PostureVerdict } from '../detection/frame';
import type { PostureStatus } from '../sessions/contract';
import { POSTURE_ISSUES, type PostureIssue } from '../sessions/feedback';
import { formatReportDuration, wholeSeconds } from '../sessions/format';

export interface DemoSummary {
  goodSeconds: number;
  poorSeconds: number;
  /** Time with no verdict: before a calibration, nobody or too little in view, no frames (connecting). */
  notJudgedSeconds: number;
  /** How often poor posture with each named issue began; issues not seen are left out. */
  issues: Partial<Record<PostureIssue, number>>;
}

/** A verdict holds until the next frame, at most this long: a longer gap is frames that stopped, not judged. */
export const DEMO_FRAME_HOLD_MS = 15_000;
/** The longest demo a summary may report: a day (the Free Tier's time is 120 s, a visitor may switch tiers). */
export const DEMO_MAX_SECONDS = 86_400;
/** The most beginnings of one issue a summary may report (one a second for the longest demo). */
export const DEMO_MAX_ISSUE_COUNT = DEMO_MAX_SECONDS;

export interface DemoTally {
  /** A frame's verdict, read at `at` (ms). */
  add(verdict: PostureVerdict, at: number): void;
  /** The summary from the start to `at` (ms); the tally goes on. */
  summary(at: number): DemoSummary;
}

type Times = Record<PostureStatus, number>;

/** Tallies the demo from `start` (ms, the camera started): every frame's verdict holds until the next frame (at
 * most DEMO_FRAME_HOLD_MS), time before the first frame is not judged. */
export function createDemoTally(start: number): DemoTally {
  const ms: Times = { good: 0, poor: 0, neutral: 0 };
  const issues: Partial<Record<PostureIssue, number>> = {};
  let last: { verdict: PostureVerdict; at: number } | null = null;
  let from = start;

  const credit = (times: Times, to: number) => {
    const span = Math.max(0, to - from);
    if (!last) {
      times.neutral += span;
      return;
    }
    const held = Math.min(span, DEMO_FRAME_HOLD_MS);
    times[last.verdict.status] += held;
    times.neutral += span - held;
  };

  return {
    add(verdict, at) {
      if (at < from) at = from;
      credit(ms, at);
      const began =
        verdict.status === 'poor' &&
        verdict.issue !== null &&
        (last?.verdict.status !== 'poor' || last.verdict.issue !== verdict.issue);
      if (began && verdict.issue) issues[verdict.issue] = (issues[verdict.issue] ?? 0) + 1;
      last = { verdict, at };
      from = at;
    },
    summary(at) {
      const times = { ...ms };
      credit(times, Math.max(at, from));
      const [goodSeconds = 0, poorSeconds = 0, notJudgedSeconds = 0] = wholeSeconds(
        [times.good, times.poor, times.neutral].map((t) => t / 1000),
      );
      return { goodSeconds, poorSeconds, notJudgedSeconds, issues: { ...issues } };
    },
  };
}

export function demoDurationSeconds(summary: DemoSummary): number {
  return summary.goodSeconds + summary.poorSeconds + summary.notJudgedSeconds;
}

/** Whole percents of the demo's time, adding up to 100 (all 0 for a demo of no time). */
export function demoShares(summary: DemoSummary): { good: number; poor: number; notJudged: number } {
  const total = demoDurationSeconds(summary);
  if (total <= 0) return { good: 0, poor: 0, notJudged: 0 };
  const [good = 0, poor = 0, notJudged = 0] = wholeSeconds(
    [summary.goodSeconds, summary.poorSeconds, summary.notJudgedSeconds].map((s) => (s / total) * 100),
  );
  return { good, poor, notJudged };
}

export interface DemoSummaryLine {
  label: string;
  value: string;
}

const TIMES = { one: 'time', other: 'times' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The summary as the time-up dialog and the sample-report mail show it: fixed words and numbers only. */
export function demoSummaryLines(summary: DemoSummary): {
  times: DemoSummaryLine[];
  issues: DemoSummaryLine[];
} {
  const shares = demoShares(summary);
  const share = (percent: number, seconds: number) => `${percent}% (${formatReportDuration(seconds)})`;
  return {
    times: [
      { label: DEMO_SUMMARY_TEXTS.duration, value: formatReportDuration(demoDurationSeconds(summary)) },
      { label: DEMO_SUMMARY_TEXTS.good, value: share(shares.good, summary.goodSeconds) },
      { label: DEMO_SUMMARY_TEXTS.poor, value: share(shares.poor, summary.poorSeconds) },
      { label: DEMO_SUMMARY_TEXTS.notJudged, value: share(shares.notJudged, summary.notJudgedSeconds) },
    ],
    issues: POSTURE_ISSUES.flatMap((issue) => {
      const count = summary.issues[issue];
      return count ? [{ label: capitalised(POSTURE_ISSUE_NAMES[issue]), value: countOf(count, TIMES) }] : [];
    }),
  };
}
