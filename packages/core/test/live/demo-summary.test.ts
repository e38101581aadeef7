import { describe, expect, it } from 'vitest';
import {
  createDemoTally,
  DEMO_FRAME_HOLD_MS,
  DEMO_MAX_SECONDS,
  demoShares,
  demoSummaryLines,
  type PostureVerdict,
  sampleReportRequest,
} from '../../src/index';

const good: PostureVerdict = { status: 'good', issue: null, level: null };
const neutral: PostureVerdict = { status: 'neutral', issue: null, level: null };
const poor = (issue: PostureVerdict['issue']): PostureVerdict => ({
  status: 'poor',
  issue,
  level: 'moderate',
});

describe('the demo tally', () => {
  it('counts each verdict until the next frame, time before the first frame as not judged', () => {
    const tally = createDemoTally(0);
    tally.add(neutral, 4_000); // 4 s connecting
    tally.add(good, 10_000); // 6 s not calibrated
    tally.add(good, 25_000);
    tally.add(poor('forward_head'), 40_000); // 30 s good
    tally.add(poor('forward_head'), 50_000);
    tally.add(good, 55_000); // 15 s poor, one beginning
    tally.add(poor('slouch'), 60_000);
    tally.add(poor('forward_head'), 62_000); // another issue: a beginning of each
    expect(tally.summary(70_000)).toEqual({
      goodSeconds: 35,
      poorSeconds: 25,
      notJudgedSeconds: 10,
      issues: { forward_head: 2, slouch: 1 },
    });
  });

  it('holds a verdict at most DEMO_FRAME_HOLD_MS: frames that stopped are not judged time', () => {
    const tally = createDemoTally(1_000);
    tally.add(good, 1_000);
    expect(tally.summary(1_000 + DEMO_FRAME_HOLD_MS + 5_000)).toMatchObject({
      goodSeconds: DEMO_FRAME_HOLD_MS / 1000,
      notJudgedSeconds: 5,
    });
  });

  it('rounds the three times together, so they add up to the demo rounded', () => {
    const tally = createDemoTally(0);
    tally.add(good, 0);
    tally.add(poor(null), 10_500);
    tally.add(neutral, 21_000);
    const summary = tally.summary(21_000);
    expect(summary.goodSeconds + summary.poorSeconds + summary.notJudgedSeconds).toBe(21);
    // Poor without a named cause is poor time, and no issue began.
    expect(summary.issues).toEqual({});
  });
});

describe('the demo summary lines', () => {
  it('shows each time with its share (adding up to 100) and every issue seen, in fixed words', () => {
    const summary = {
      goodSeconds: 61,
      poorSeconds: 30,
      notJudgedSeconds: 29,
      issues: { forward_head: 2, tilt: 1 },
    };
    expect(demoShares(summary)).toEqual({ good: 51, poor: 25, notJudged: 24 });
    expect(demoSummaryLines(summary)).toEqual({
      times: [
        { label: 'Time in the demo', value: '2m 0s' },
        { label: 'Good posture', value: '51% (1m 1s)' },
        { label: 'Poor posture', value: '25% (0m 30s)' },
        { label: 'Not judged', value: '24% (0m 29s)' },
      ],
      issues: [
        { label: 'Forward head', value: '2 times' },
        { label: 'Head tilt', value: '1 time' },
      ],
    });
  });

  it('a demo of no time has no shares', () => {
    expect(demoShares({ goodSeconds: 0, poorSeconds: 0, notJudgedSeconds: 0, issues: {} })).toEqual({
      good: 0,
      poor: 0,
      notJudged: 0,
    });
  });
});

describe('the sample-report request', () => {
  const summary = { goodSeconds: 60, poorSeconds: 30, notJudgedSeconds: 30, issues: { slouch: 3 } };

  it('takes an address and the figures', () => {
    expect(sampleReportRequest.parse({ email: ' Ada@Example.org ', summary })).toEqual({
      email: 'ada@example.org',
      summary,
    });
  });

  it.each([
    ['no address', { summary }],
    ['an address without @', { email: 'ada.example.org', summary }],
    ['a fraction of a second', { email: 'a@b.co', summary: { ...summary, goodSeconds: 1.5 } }],
    ['a negative time', { email: 'a@b.co', summary: { ...summary, poorSeconds: -1 } }],
    ['a time as text', { email: 'a@b.co', summary: { ...summary, poorSeconds: '30' } }],
    [
      'more than a day in all',
      { email: 'a@b.co', summary: { ...summary, goodSeconds: DEMO_MAX_SECONDS, poorSeconds: 1 } },
    ],
    ['an unknown issue', { email: 'a@b.co', summary: { ...summary, issues: { 'Click here': 1 } } }],
    ['an issue count of 0', { email: 'a@b.co', summary: { ...summary, issues: { slouch: 0 } } }],
    ['a field more in the summary', { email: 'a@b.co', summary: { ...summary, note: 'hello' } }],
    ['a field more in the request', { email: 'a@b.co', summary, message: 'hello' }],
  ])('refuses %s', (_what, body) => {
    expect(sampleReportRequest.safeParse(body).success).toBe(false);
  });
});
