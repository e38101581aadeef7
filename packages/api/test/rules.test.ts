import { POSTURE_ISSUES } from '@posture-vision/core/sessions';
import { describe, expect, it } from 'vitest';
import {
  calibrationState,
  ISSUE_ADVICE,
  ISSUE_LABELS,
  metricStatuses,
  recommendationsFor,
} from '../src/calibration/rules.ts';
import { buildReport, type FeedbackPoint, stabilityIndex, wholeSeconds } from '../src/sessions/report.ts';

const at = (s: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, s));
const point = (
  s: number,
  postureStatus: FeedbackPoint['postureStatus'],
  score: number,
  issue: string | null = null,
): FeedbackPoint => ({
  timestamp: at(s),
  postureStatus,
  score,
  issue,
});

describe('session report rules', () => {
  const report = (feedback: FeedbackPoint[], end: number, start = 0) =>
    buildReport({
      session: { id: 's', startTime: at(start), endTime: at(end) },
      feedback,
      issueLabel: (i) => i,
      issueAdvice: () => undefined,
    });
  it('gives no score to a session that judged nothing, and leaves not-judged time out of the score of one that judged', () => {
    // Not calibrated, or nobody in view, the whole time: the session page's summary said "Average score: 70".
    const none = report([point(0, 'neutral', 70), point(5, 'neutral', 70)], 10);
    expect(none.averageScore).toBeNull();
    expect(none.keyFindings).toMatchObject({
      goodPostureTime: 0,
      poorPostureTime: 0,
      neutralPostureTime: 10,
    });
    expect(report([], 10).averageScore).toBeNull();
    // Once something was judged, the score is of the judged time: good 5 s at 100, then 5 s not judged, is 100
    // (counting the neutral 5 s at 70 made it 85); with 5 s poor at 40 besides, (100 × 5 + 40 × 5) / 10.
    expect(report([point(0, 'good', 100), point(5, 'neutral', 70)], 10).averageScore).toBe(100);
    expect(
      report([point(0, 'good', 100), point(5, 'neutral', 70), point(10, 'poor', 40)], 15).averageScore,
    ).toBe(70);
  });

  /** A client following core's contract: a feedback on each change and a heartbeat every 5 s in between. */
  const heartbeats = (
    segments: [FeedbackPoint['postureStatus'], number, number][],
    cva?: number,
  ): FeedbackPoint[] => {
    const out: FeedbackPoint[] = [];
    let t = 0;
    for (const [status, score, seconds] of segments) {
      for (let s = 0; s < seconds; s += 5) out.push({ ...point(t + s, status, score), cva: cva ?? null });
      t += seconds;
    }
    return out;
  };

  it("counts a heartbeating client's time in full: 9 minutes of good posture are 9 minutes", () => {
    const r = report(heartbeats([['good', 100, 540]]), 540);
    expect(r.keyFindings).toMatchObject({ goodPostureTime: 540, poorPostureTime: 0, neutralPostureTime: 0 });
    expect(r.stabilityIndex).toBe(100);
    expect(r.duration).toBe(540);
  });

  it('weights score and CVA by time, and leaves feedback without a CVA out of the CVA', () => {
    // 40 s good (score 90) then 20 s poor (score 30): time-weighted 70, where a per-event mean of a
    // change-only client would say 60.
    const r = report(
      heartbeats([
        ['good', 90, 40],
        ['poor', 30, 20],
      ]).map((p, i) => ({ ...p, cva: i < 8 ? 50 : 44 })),
      60,
    );
    expect(r.keyFindings).toMatchObject({ goodPostureTime: 40, poorPostureTime: 20 });
    expect(r.averageScore).toBe(70);
    expect(r.averageCVAngle).toBe(48);
    expect(report([point(0, 'good', 100)], 10).averageCVAngle).toBeNull();
    expect(report([{ ...point(0, 'good', 100), cva: 52 }, point(5, 'good', 100)], 10).averageCVAngle).toBe(
      52,
    );
  });

  it('measures stability from time: the share of tracked time in runs held for 10 s or more', () => {
    const at0 = (feedback: FeedbackPoint[], end: number) => report(feedback, end).stabilityIndex;
    expect(stabilityIndex([], [])).toBe(0);
    // One steady posture, good or poor alike, is fully stable.
    expect(at0(heartbeats([['poor', 40, 60]]), 60)).toBe(100);
    // 55 s good with a 3 s slip in the middle: the slip is the only unsteady time (3 of 58 s).
    const slip = [
      ...[0, 5, 10, 15, 20].map((t) => point(t, 'good', 100)),
      point(25, 'poor', 40),
      ...[28, 33, 38, 43, 48, 53].map((t) => point(t, 'good', 100)),
    ];
    expect(at0(slip, 58)).toBe(94.8);
    // Flipping every 4 s for a minute: never steady.
    const flips = Array.from({ length: 15 }, (_, i) => point(i * 4, i % 2 ? 'poor' : 'good', 70));
    expect(at0(flips, 60)).toBe(0);
    // A session tracked for less than 10 s in all: its one run is steady.
    expect(at0([point(0, 'good', 100)], 6)).toBe(100);
  });

  it('counts none of a silence longer than FEEDBACK_GAP_CAP_S (10 s): time without frames is not judged', () => {
    const r = report(
      [point(0, 'good', 100), point(5, 'good', 100), point(300, 'poor', 40), point(305, 'poor', 40)],
      310,
    );
    // 5 s good, then a 295 s silence (the frames stopped somewhere in it) that is neither good nor poor, then
    // 10 s poor to the end.
    expect(r.keyFindings).toMatchObject({ goodPostureTime: 5, poorPostureTime: 10, neutralPostureTime: 295 });
    expect(r.duration).toBe(310);
    // A silence just within the cap is a late heartbeat: counted.
    expect(report([point(0, 'good', 100), point(10, 'good', 100)], 11).keyFindings.goodPostureTime).toBe(11);
    expect(report([point(0, 'good', 100), point(11, 'good', 100)], 12).keyFindings.goodPostureTime).toBe(1);
  });

  it('holds no time from a feedback saying the frames stopped: the time to the next reading is not judged', () => {
    // Good until the frames stopped at 7 s (a reload, a tab taking the session over), monitoring again at 12 s.
    const r = report(
      [
        point(0, 'good', 100),
        point(5, 'good', 100),
        { ...point(7, 'neutral', 70), kind: 'stop' },
        point(12, 'good', 100),
      ],
      15,
    );
    expect(r.keyFindings).toMatchObject({ goodPostureTime: 10, poorPostureTime: 0, neutralPostureTime: 5 });
    // It is no posture: not counted as a neutral feedback, nor in the score; the timeline keeps it (nobody judged
    // from there on the strip).
    expect(r.statusCounts).toEqual({ good: 3, poor: 0, neutral: 0 });
    expect(r.feedbackCount).toBe(3);
    expect(r.averageScore).toBe(100);
    expect(r.timeline.map((t) => t.postureStatus)).toEqual(['good', 'good', 'neutral', 'good']);
  });

  it("gives the session's whole length as good, poor and not judged: the time before the first reading too", () => {
    // The first reading a second after the start: that second is not judged, and the three add up to the length.
    const r = report(
      [point(1, 'good', 100), point(6, 'good', 100), point(11, 'poor', 40), point(16, 'poor', 40)],
      20,
    );
    expect(r.keyFindings).toMatchObject({ goodPostureTime: 10, poorPostureTime: 9, neutralPostureTime: 1 });
    const k = r.keyFindings;
    expect(k.goodPostureTime + k.poorPostureTime + k.neutralPostureTime).toBe(r.duration);
  });

  it('counts only time inside the session: posture times never add up to more than its duration', () => {
    // A client whose clock runs 20 s behind the server's: its feedback stamped before the start holds only from
    // the start on.
    const behind = report(
      [
        point(0, 'good', 100),
        point(5, 'good', 100),
        point(10, 'poor', 40),
        point(15, 'poor', 40),
        point(20, 'poor', 40),
        point(25, 'poor', 40),
      ],
      30,
      20,
    );
    expect(behind.duration).toBe(10);
    expect(behind.keyFindings).toMatchObject({ goodPostureTime: 0, poorPostureTime: 10 });
    // A feedback stamped 4 s before the start holding to the end 6 s after it: 2 s of it is inside.
    expect(report([point(0, 'good', 100)], 6, 4).keyFindings.goodPostureTime).toBe(2);
    // Stamped after the end (a clock ahead, or a client that kept sending): no time.
    const ahead = report([point(0, 'good', 100), point(6, 'poor', 40)], 4);
    expect(ahead.keyFindings).toMatchObject({ goodPostureTime: 4, poorPostureTime: 0 });
    // All of it before the start: nothing judged, the whole session not judged, and the score is the feedback's
    // plain mean.
    const before = report([point(0, 'good', 100), point(5, 'poor', 40)], 120, 60);
    expect(before.keyFindings).toMatchObject({
      goodPostureTime: 0,
      poorPostureTime: 0,
      neutralPostureTime: 60,
    });
    expect(before.duration).toBe(60);
  });

  it('rounds the posture times so that they add up to the length rounded', () => {
    expect(wholeSeconds([10.5, 10.5, 0])).toEqual([11, 10, 0]);
    expect(wholeSeconds([0.4, 0.4, 0.4])).toEqual([1, 0, 0]);
    expect(wholeSeconds([40, 20, 0])).toEqual([40, 20, 0]);
    const r = buildReport({
      session: { id: 's', startTime: at(0), endTime: new Date(at(0).getTime() + 11_000) },
      feedback: [
        point(0, 'good', 100),
        { ...point(0, 'poor', 40), timestamp: new Date(at(0).getTime() + 5_500) },
      ],
      issueLabel: (i) => i,
      issueAdvice: () => undefined,
    });
    const { goodPostureTime, poorPostureTime, neutralPostureTime } = r.keyFindings;
    expect([goodPostureTime, poorPostureTime, neutralPostureTime]).toEqual([6, 5, 0]);
    expect(goodPostureTime + poorPostureTime).toBe(r.duration);
  });

  it('orders by time and downsamples long timelines to 300 points', () => {
    const report = buildReport({
      session: { id: 's', startTime: at(0), endTime: at(10) },
      feedback: [point(5, 'poor', 40, 'tilt'), point(0, 'good', 100)],
      issueLabel: (i) => i,
      issueAdvice: () => undefined,
    });
    expect(report.duration).toBe(10);
    expect(report.keyFindings).toMatchObject({ goodPostureTime: 5, poorPostureTime: 5 });
    expect(report.averageScore).toBe(70);
    expect(report.timeline.map((t) => t.postureStatus)).toEqual(['good', 'poor']);
    expect(report.keyFindings.improvementAreas).toContain('Work on tilt.');

    const many = Array.from({ length: 900 }, (_, i) =>
      point(i, i < 450 ? 'good' : 'poor', i < 450 ? 100 : 40),
    );
    const long = buildReport({
      session: { id: 's', startTime: at(0), endTime: at(900) },
      feedback: many,
      issueLabel: (i) => i,
      issueAdvice: () => undefined,
    });
    expect(long.timeline).toHaveLength(300);
    expect(long.timeline[0]).toMatchObject({ postureStatus: 'good', score: 100 });
    expect(long.timeline[299]).toMatchObject({ postureStatus: 'poor', score: 40 });
    expect(long.stabilityIndex).toBe(100);
  });

  it('reports an empty session as not scored and zero, not as invented data', () => {
    const empty = buildReport({
      session: { id: 's', startTime: at(0), endTime: at(30) },
      feedback: [],
      issueLabel: (i) => i,
      issueAdvice: () => undefined,
    });
    expect(empty).toMatchObject({ duration: 30, averageScore: null, stabilityIndex: 0, timeline: [] });
    expect(empty.sitting).toBeNull();
  });

  it("counts the session's breaks, longest sitting stretch and sitting time from the feedback saying who was in view", () => {
    // Seen for 20 min, nobody for 3 min (a break at the break minimum), seen again for 5 min: feedback every 5 s.
    const looks = (from: number, to: number, inView: boolean): FeedbackPoint[] =>
      Array.from({ length: (to - from) / 5 + 1 }, (_, i) => ({
        ...point(from + i * 5, inView ? 'good' : 'neutral', inView ? 100 : 70),
        inView,
      }));
    const seen = looks(0, 1200, true);
    const away = looks(1205, 1375, false);
    expect(report([...seen, ...away, ...looks(1380, 1680, true)], 1680).sitting).toEqual({
      breaks: 1,
      longestStretch: 1200,
      // 20 min, then 5 min after the break: the break is no sitting.
      sittingTime: 1500,
    });
    // Back a moment before the minimum: no break, one stretch, to the session's end a second after its last look
    // (the frames were still coming).
    expect(report([...seen, ...away, ...looks(1379, 1679, true)], 1680).sitting).toEqual({
      breaks: 0,
      longestStretch: 1680,
      sittingTime: 1680,
    });
    // A client from before it says nothing about who was in view.
    expect(report(heartbeats([['good', 100, 60]]), 60).sitting).toBeNull();
  });
});

describe('calibration rules', () => {
  const now = new Date(Date.UTC(2026, 0, 31));
  it('expires by the recalibration frequency', () => {
    expect(calibrationState(null, 'monthly', now)).toEqual({
      hasActive: false,
      needsRecalibration: true,
      daysUntilExpiry: null,
    });
    expect(calibrationState(new Date(Date.UTC(2026, 0, 20)), 'monthly', now)).toEqual({
      hasActive: true,
      needsRecalibration: false,
      daysUntilExpiry: 19,
    });
    expect(calibrationState(new Date(Date.UTC(2026, 0, 20)), 'weekly', now)).toMatchObject({
      hasActive: false,
      needsRecalibration: true,
      daysUntilExpiry: 0,
    });
    expect(calibrationState(new Date(Date.UTC(2020, 0, 1)), 'never', now)).toMatchObject({ hasActive: true });
  });

  it('classifies metrics with the key-metric status thresholds and recommends accordingly', () => {
    expect(
      metricStatuses({
        cranialVertebralAngle: 47,
        forwardHeadDistance: 101,
        shoulderTiltAngle: -6,
        headTiltAngle: 5,
      }),
    ).toEqual({
      cranialVertebralAngle: 'warning',
      forwardHeadDistance: 'poor',
      shoulderTiltAngle: 'warning',
      headTiltAngle: 'good',
    });
    const healthy = {
      cranialVertebralAngle: 52,
      forwardHeadDistance: 80,
      shoulderTiltAngle: 1,
      headTiltAngle: 1,
    };
    expect(recommendationsFor({ calibration: healthy, needsRecalibration: false, issueShares: {} })).toEqual([
      expect.objectContaining({ category: 'General', priority: 'low' }),
    ]);
    const issues = recommendationsFor({
      calibration: healthy,
      needsRecalibration: true,
      issueShares: { forward_head: 0.4, tilt: 0.12, shoulder_asymmetry: 0.05 },
    });
    expect(issues.map((r) => [r.category, r.priority])).toEqual([
      ['Calibration', 'medium'],
      ['Forward head posture', 'high'],
      ['Head tilt', 'medium'],
    ]);
  });

  it('lists one recommendation per posture problem, with the more urgent priority of its sources', () => {
    // A forward head in the calibration (CVA poor, head distance at warning) and in 40% of the feedback.
    const forward = recommendationsFor({
      calibration: {
        cranialVertebralAngle: 40,
        forwardHeadDistance: 4,
        shoulderTiltAngle: 1,
        headTiltAngle: 1,
      },
      needsRecalibration: false,
      issueShares: { forward_head: 0.4 },
    });
    const statuses = metricStatuses({
      cranialVertebralAngle: 40,
      forwardHeadDistance: 4,
      shoulderTiltAngle: 1,
      headTiltAngle: 1,
    });
    expect(statuses.cranialVertebralAngle).not.toBe('good');
    expect(forward).toHaveLength(1);
    expect(forward[0]).toMatchObject({ priority: 'high' });
    expect(forward[0]?.recommendation).toContain(
      'Forward head posture appeared in 40% of your recent feedback.',
    );
    expect(new Set(forward.map((r) => r.recommendation)).size).toBe(forward.length);
  });
});

describe('issue names in reports', () => {
  it('names every posture issue the monitor can report, with advice, in words rather than its code', () => {
    for (const issue of POSTURE_ISSUES) {
      expect(ISSUE_LABELS[issue], issue).toMatch(/^[A-Z][a-z]/);
      expect(ISSUE_LABELS[issue], issue).not.toContain('_');
      expect(ISSUE_ADVICE[issue], issue).toMatch(/\.$/);
    }
  });
});
