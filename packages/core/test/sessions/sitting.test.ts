// The sitting and breaks rule on both sides of its thresholds: nobody in view (or no look at all, the camera off
// while idle or locked) for BREAK_MIN_MS is a break and starts a new stretch, a moment less is not; the stand-up
// reminder comes once the stretch reaches the user's minutes, not a sample before, once per stretch, again after
// its snooze, and a break resets it.
import { detectionFrame } from '@posture-vision/testkit/frames';
import { describe, expect, it } from 'vitest';
import {
  addPresence,
  BREAK_MIN_MS,
  FEEDBACK_GAP_CAP_S,
  isSomebodyInView,
  normalizeStandUpMinutes,
  presenceLooks,
  reminded,
  SITTING_MESSAGES,
  type SittingState,
  STAND_UP_MINUTE_CHOICES,
  STAND_UP_MINUTES,
  STAND_UP_SNOOZE_MS,
  sessionSitting,
  sessionSittingText,
  sittingFigures,
  snoozeStandUp,
  standUpDue,
  stopWatching,
} from '../../src/sessions';

const MIN = 60_000;
/** Noon of a day, so no test crosses midnight unless it means to. */
const T0 = new Date(2026, 11, 2, 12, 0, 0).getTime();

/** Looks at the desk every `every` ms from `from` to `to` (inclusive), somebody there or not. */
function run(
  state: SittingState | null,
  present: boolean,
  from: number,
  to: number,
  every = 2000,
): SittingState {
  let s = state;
  for (let at = from; at <= to; at += every) s = addPresence(s, { at, present });
  return s as SittingState;
}

describe('somebody in view', () => {
  it("is the frame's watch when it has one, else enough of a person in its keypoints", () => {
    expect(isSomebodyInView(detectionFrame({ posture_watch: 'steady' }))).toBe(true);
    expect(isSomebodyInView(detectionFrame({ posture_watch: 'at_risk' }))).toBe(true);
    expect(isSomebodyInView(detectionFrame({ posture_watch: 'nobody' }))).toBe(false);
    expect(isSomebodyInView(detectionFrame())).toBe(true);
    expect(isSomebodyInView(detectionFrame({ hns: { poses: [], boxes: [], emotions: [] } }))).toBe(false);
  });
});

describe('sitting stretches and breaks', () => {
  it('continuous presence is one stretch, counted from the first look', () => {
    const s = run(null, true, T0, T0 + 30 * MIN);
    expect(sittingFigures(s, T0 + 30 * MIN)).toEqual({
      sittingNowMs: 30 * MIN,
      onBreak: false,
      breaksToday: 0,
      longestTodayMs: 30 * MIN,
    });
  });

  it('nobody in view a moment less than the break minimum is no break: the stretch goes on', () => {
    let s = run(null, true, T0, T0 + 10 * MIN);
    const left = T0 + 10 * MIN;
    s = run(s, false, left + 2000, left + BREAK_MIN_MS - 1000, 1000);
    s = addPresence(s, { at: left + BREAK_MIN_MS - 1, present: true });
    expect(sittingFigures(s, left + BREAK_MIN_MS)).toEqual({
      sittingNowMs: 10 * MIN + BREAK_MIN_MS - 1,
      onBreak: false,
      breaksToday: 0,
      longestTodayMs: 10 * MIN + BREAK_MIN_MS - 1,
    });
  });

  it('nobody in view for the break minimum is a break at once, and the return starts a new stretch', () => {
    let s = run(null, true, T0, T0 + 10 * MIN);
    const left = T0 + 10 * MIN;
    s = run(s, false, left + 3000, left + BREAK_MIN_MS - 1, 3000);
    expect(sittingFigures(s, left + BREAK_MIN_MS - 1).breaksToday).toBe(0);
    s = addPresence(s, { at: left + BREAK_MIN_MS, present: false });
    // Still away: the popup already shows the break.
    expect(sittingFigures(s, left + BREAK_MIN_MS)).toEqual({
      sittingNowMs: null,
      onBreak: true,
      breaksToday: 1,
      longestTodayMs: 10 * MIN,
    });
    s = run(s, false, left + BREAK_MIN_MS + 3000, left + 8 * MIN, 3000);
    const back = left + 8 * MIN + 1000;
    s = run(s, true, back, back + 4000);
    expect(sittingFigures(s, back + 4000)).toEqual({
      sittingNowMs: 4000,
      onBreak: false,
      breaksToday: 1,
      longestTodayMs: 10 * MIN,
    });
  });

  it('no look for the break minimum (the camera off while idle or locked) is a break; a moment less is not', () => {
    const s = run(null, true, T0, T0 + 20 * MIN);
    const last = T0 + 20 * MIN;
    const short = addPresence(s, { at: last + BREAK_MIN_MS - 1, present: true });
    expect(sittingFigures(short, last + BREAK_MIN_MS).breaksToday).toBe(0);
    expect(sittingFigures(short, last + BREAK_MIN_MS).sittingNowMs).toBe(20 * MIN + BREAK_MIN_MS - 1);
    const long = addPresence(s, { at: last + BREAK_MIN_MS, present: true });
    expect(sittingFigures(long, last + BREAK_MIN_MS)).toEqual({
      sittingNowMs: 0,
      onBreak: false,
      breaksToday: 1,
      longestTodayMs: 20 * MIN,
    });
  });

  it('the camera off (idle or locked) for the break minimum is shown as a break before anybody is seen again', () => {
    const s = run(null, true, T0, T0 + 20 * MIN);
    const last = T0 + 20 * MIN;
    expect(sittingFigures(s, last + BREAK_MIN_MS - 1)).toMatchObject({
      sittingNowMs: 20 * MIN,
      onBreak: false,
      breaksToday: 0,
    });
    expect(sittingFigures(s, last + BREAK_MIN_MS)).toMatchObject({
      sittingNowMs: null,
      onBreak: true,
      breaksToday: 1,
    });
  });

  it('the longest stretch of the day is kept across breaks', () => {
    let s = run(null, true, T0, T0 + 40 * MIN);
    s = run(s, false, T0 + 40 * MIN + 3000, T0 + 45 * MIN, 3000);
    s = run(s, true, T0 + 46 * MIN, T0 + 56 * MIN);
    expect(sittingFigures(s, T0 + 56 * MIN)).toEqual({
      sittingNowMs: 10 * MIN,
      onBreak: false,
      breaksToday: 1,
      longestTodayMs: 40 * MIN,
    });
  });

  it('a long gap after monitoring was stopped starts a new stretch but was not watched: no break', () => {
    let s = run(null, true, T0, T0 + 20 * MIN);
    s = stopWatching(s, T0 + 20 * MIN);
    expect(sittingFigures(s, T0 + 20 * MIN)).toMatchObject({ sittingNowMs: null, onBreak: false });
    // Not watched, so never shown as a break however long.
    expect(sittingFigures(s, T0 + 60 * MIN)).toMatchObject({ onBreak: false, breaksToday: 0 });
    s = addPresence(s, { at: T0 + 60 * MIN, present: true });
    expect(sittingFigures(s, T0 + 60 * MIN)).toEqual({
      sittingNowMs: 0,
      onBreak: false,
      breaksToday: 0,
      longestTodayMs: 20 * MIN,
    });
  });

  it('a short stop goes on with the same stretch', () => {
    let s = run(null, true, T0, T0 + 20 * MIN);
    s = stopWatching(s, T0 + 20 * MIN);
    s = addPresence(s, { at: T0 + 21 * MIN, present: true });
    expect(sittingFigures(s, T0 + 21 * MIN).sittingNowMs).toBe(21 * MIN);
  });

  it('a new day starts its figures at 0; the stretch going on counts for it from midnight', () => {
    const evening = new Date(2026, 11, 2, 23, 0, 0).getTime();
    let s = run(null, true, evening, evening + 30 * MIN);
    s = run(s, false, evening + 30 * MIN + 3000, evening + 35 * MIN, 3000);
    expect(sittingFigures(s, evening + 35 * MIN).breaksToday).toBe(1);
    s = run(s, true, evening + 40 * MIN, evening + 70 * MIN);
    const after = evening + 70 * MIN;
    expect(sittingFigures(s, after)).toEqual({
      sittingNowMs: 30 * MIN,
      onBreak: false,
      breaksToday: 0,
      longestTodayMs: 10 * MIN,
    });
  });
});

describe('the stand-up reminder', () => {
  const minutes = 50;

  it('is due once the stretch reaches the minutes, not a look before', () => {
    const before = run(null, true, T0, T0 + minutes * MIN - 2000);
    expect(standUpDue(before, minutes, T0 + minutes * MIN - 2000)).toBe(false);
    const at = addPresence(before, { at: T0 + minutes * MIN, present: true });
    expect(standUpDue(at, minutes, T0 + minutes * MIN)).toBe(true);
  });

  it('is never due when off', () => {
    const s = run(null, true, T0, T0 + 3 * 60 * MIN, 60_000);
    expect(standUpDue(s, null, T0 + 3 * 60 * MIN)).toBe(false);
  });

  it('comes once per stretch, and again once its snooze is over', () => {
    let s = run(null, true, T0, T0 + minutes * MIN);
    s = reminded(s, T0 + minutes * MIN);
    s = run(s, true, T0 + minutes * MIN + 2000, T0 + (minutes + 30) * MIN);
    expect(standUpDue(s, minutes, T0 + (minutes + 30) * MIN)).toBe(false);
    s = snoozeStandUp(s, T0 + (minutes + 30) * MIN);
    const end = T0 + (minutes + 30) * MIN + STAND_UP_SNOOZE_MS;
    s = run(s, true, T0 + (minutes + 30) * MIN + 2000, end - 1, 1000);
    expect(standUpDue(s, minutes, end - 1)).toBe(false);
    s = addPresence(s, { at: end, present: true });
    expect(standUpDue(s, minutes, end)).toBe(true);
  });

  it('a break resets it: the next stretch is timed from its own start', () => {
    let s = run(null, true, T0, T0 + minutes * MIN);
    s = snoozeStandUp(reminded(s, T0 + minutes * MIN), T0 + minutes * MIN);
    s = run(s, false, T0 + minutes * MIN + 3000, T0 + (minutes + 5) * MIN, 3000);
    const back = T0 + (minutes + 6) * MIN;
    s = run(s, true, back, back + (minutes - 1) * MIN, 60_000);
    expect(standUpDue(s, minutes, back + (minutes - 1) * MIN)).toBe(false);
    s = addPresence(s, { at: back + minutes * MIN, present: true });
    expect(standUpDue(s, minutes, back + minutes * MIN)).toBe(true);
  });

  it('is not due on a break or after monitoring stopped', () => {
    let s = run(null, true, T0, T0 + minutes * MIN);
    expect(standUpDue(stopWatching(s, T0 + minutes * MIN), minutes, T0 + minutes * MIN)).toBe(false);
    s = run(s, false, T0 + minutes * MIN + 3000, T0 + (minutes + 4) * MIN, 3000);
    expect(standUpDue(s, minutes, T0 + (minutes + 4) * MIN)).toBe(false);
  });
});

describe("a session's sitting", () => {
  const looks = (from: number, to: number, present: boolean, every = 5000) =>
    Array.from({ length: Math.floor((to - from) / every) + 1 }, (_, i) => ({
      at: from + i * every,
      present,
    }));

  it('counts the breaks in it and its longest stretch, by the break minimum on both sides', () => {
    const sat = looks(T0, T0 + 30 * MIN, true);
    const away = looks(T0 + 30 * MIN + 5000, T0 + 33 * MIN - 5000, false);
    const shortBack = [{ at: T0 + 33 * MIN - 1, present: true }];
    expect(sessionSitting([...sat, ...away, ...shortBack], T0 + 34 * MIN)).toEqual({
      breaks: 0,
      longestStretchMs: 33 * MIN - 1,
      sittingMs: 33 * MIN - 1,
    });
    const back = looks(T0 + 33 * MIN, T0 + 43 * MIN, true);
    expect(sessionSitting([...sat, ...away, ...back], T0 + 43 * MIN)).toEqual({
      breaks: 1,
      longestStretchMs: 30 * MIN,
      // The 30 min before the break and the 10 min after it; the break itself is not sitting.
      sittingMs: 40 * MIN,
    });
  });

  it('counts frames that stopped for the break minimum (no look) as a break, and one going on at its end', () => {
    const sat = looks(T0, T0 + 10 * MIN, true);
    expect(sessionSitting([...sat, ...looks(T0 + 13 * MIN, T0 + 20 * MIN, true)], T0 + 20 * MIN)).toEqual({
      breaks: 1,
      longestStretchMs: 10 * MIN,
      sittingMs: 17 * MIN,
    });
    expect(sessionSitting(sat, T0 + 10 * MIN + BREAK_MIN_MS - 1)?.breaks).toBe(0);
    expect(sessionSitting(sat, T0 + 10 * MIN + BREAK_MIN_MS)?.breaks).toBe(1);
  });

  it('holds a last look with somebody in view to the end when the frames were still coming, not after a silence', () => {
    const sat = looks(T0, T0 + 10 * MIN, true);
    expect(sessionSitting(sat, T0 + 10 * MIN + 4000)).toEqual({
      breaks: 0,
      longestStretchMs: 10 * MIN + 4000,
      sittingMs: 10 * MIN + 4000,
    });
    expect(sessionSitting(sat, T0 + 10 * MIN + FEEDBACK_GAP_CAP_S * 1000 + 1)?.sittingMs).toBe(10 * MIN);
    // Gone at the end: nothing held.
    expect(
      sessionSitting([...sat, { at: T0 + 10 * MIN + 5000, present: false }], T0 + 10 * MIN + 6000),
    ).toEqual({
      breaks: 0,
      longestStretchMs: 10 * MIN,
      sittingMs: 10 * MIN,
    });
  });

  it('is null without any look', () => {
    expect(sessionSitting([], T0)).toBeNull();
  });
});

describe("a session's looks from its feedback", () => {
  it('adds when the person was first in view, and when last, to the looks of the feedback itself', () => {
    const start = T0 - 10_000;
    const feedback = [
      // The first feedback, once the reference was taken 5 s after she sat down; heartbeats; she left at +12 s.
      { at: T0, inView: true, inViewFrom: T0 - 5000 },
      { at: T0 + 5000, inView: true },
      { at: T0 + 10_000, inView: true },
      { at: T0 + 13_000, inView: false, lastInViewAt: T0 + 12_000 },
    ];
    expect(presenceLooks(feedback, start)).toEqual([
      { at: T0 - 5000, present: true },
      { at: T0, present: true },
      { at: T0 + 5000, present: true },
      { at: T0 + 10_000, present: true },
      { at: T0 + 12_000, present: true },
      { at: T0 + 13_000, present: false },
    ]);
    expect(sessionSitting(presenceLooks(feedback, start), T0 + 20_000)?.sittingMs).toBe(17_000);
    // Times outside the session or on the wrong side of their feedback are not taken; before the start is the start.
    expect(
      presenceLooks(
        [
          { at: T0, inView: true, inViewFrom: T0 - 60_000 },
          { at: T0 + 1000, inView: true, inViewFrom: T0 + 2000 },
          { at: T0 + 3000, inView: false, lastInViewAt: T0 + 4000 },
          { at: T0 + 5000, inView: false, lastInViewAt: start - 1 },
          { at: T0 + 6000, inView: true, lastInViewAt: T0 + 5500 },
          { at: T0 + 7000, inView: false, inViewFrom: T0 + 6500 },
        ],
        start,
      ),
    ).toEqual([
      { at: start, present: true },
      { at: T0, present: true },
      { at: T0 + 1000, present: true },
      { at: T0 + 3000, present: false },
      { at: T0 + 5000, present: false },
      { at: T0 + 6000, present: true },
      { at: T0 + 7000, present: false },
    ]);
  });
});

describe('the reminder setting', () => {
  it('offers 20 to 120 minutes in steps of 10, with 50 by default', () => {
    expect(STAND_UP_MINUTE_CHOICES).toEqual([20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
    expect(STAND_UP_MINUTES.default).toBe(50);
  });

  it.each([
    [null, null],
    [undefined, 50],
    ['garbage', 50],
    [19, 20],
    [20, 20],
    [120, 120],
    [121, 120],
    [44, 40],
    [45, 50],
  ])('%j is kept as %j', (input, kept) => {
    expect(normalizeStandUpMinutes(input)).toBe(kept);
  });

  it('says the reminder in minutes', () => {
    expect(SITTING_MESSAGES.standUpText(50)).toBe(
      'You have been sitting for 50 min. Stand up and move for a few minutes.',
    );
    expect(SITTING_MESSAGES.standUpChoice(20)).toBe('After 20 min of sitting');
    expect(SITTING_MESSAGES.standUpSnooze(10)).toBe('Snooze 10 min');
    expect(sessionSittingText({ breaks: 2, longestStretch: 1500 }, (s) => `${s / 60} min`)).toBe(
      'Breaks: 2 · Longest sitting stretch: 25 min',
    );
  });
});
