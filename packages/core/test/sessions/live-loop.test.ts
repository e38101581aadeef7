// The live loop: every frame a producer gives is read once, whoever subscribes (the overlay, the page's posture,
// the extension's reports); the producer's verdict is the verdict (nothing judges the keypoints again); the
// reference of record reaches every producer, the one running and the ones opened later.
import { monitorApi } from '@posture-vision/testkit/monitor-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostureFeedback } from '../../src/clients/api/types';
import { analyseFrame } from '../../src/domain/analysis/verdict';
import type { ProfileReference } from '../../src/domain/calibration/profiles';
import type { DetectionFrame, PostureVerdict } from '../../src/domain/detection/frame';
import { frameVerdict } from '../../src/domain/detection/verdict';
import { createLiveLoop, type FrameProducer, type LiveReading, REFERENCE_DELAY_MS } from '../../src/sessions';
import { POSE_FRAME, transform, upright } from '../analysis/poses';
import { judgedFrame } from '../detection/frames';

// Counted, not replaced: reading a frame's verdict, and the analysis that judges keypoints against a reference.
vi.mock('../../src/domain/detection/verdict', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/domain/detection/verdict')>();
  return { ...actual, frameVerdict: vi.fn(actual.frameVerdict) };
});
vi.mock('../../src/domain/analysis/verdict', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/domain/analysis/verdict')>();
  return { ...actual, analyseFrame: vi.fn(actual.analyseFrame) };
});

const GOOD: PostureVerdict = { status: 'good', issue: null, level: null };
const SLOUCH: PostureVerdict = { status: 'poor', issue: 'slouch', level: 'moderate' };
const UPRIGHT: ProfileReference = { keypoints: upright(), frame: POSE_FRAME };
const FORWARD: ProfileReference = { keypoints: transform(upright(), { headScale: 1.4 }), frame: POSE_FRAME };

/** A frame with a body, as a producer judged it against its reference. */
const judged = (verdict: PostureVerdict, keypoints = UPRIGHT.keypoints): DetectionFrame =>
  judgedFrame(verdict, keypoints, POSE_FRAME);

let clock: number;
let sent: PostureFeedback[];
const api = monitorApi({ onFeedback: (payload) => void sent.push(payload) });

/** A producer that records every reference it is handed. */
function producer(): FrameProducer & { handed: (ProfileReference | null)[] } {
  const handed: (ProfileReference | null)[] = [];
  return { handed, setReference: (reference) => void handed.push(reference) };
}

async function sessionLoop(onReferenceTaken?: (reference: ProfileReference | null) => void) {
  const loop = createLiveLoop({ session: { api, type: 'realtime', now: () => clock, onReferenceTaken } });
  await loop.monitor.checkCalibration();
  await loop.monitor.start('active');
  return loop;
}

beforeEach(() => {
  clock = 0;
  sent = [];
  vi.mocked(frameVerdict).mockClear();
  vi.mocked(analyseFrame).mockClear();
});

describe('the live loop', () => {
  it('reads each frame once, however many subscribe, and never judges it again', async () => {
    const loop = await sessionLoop();
    loop.attach(producer());
    loop.adoptReference(UPRIGHT);
    // The hosts' subscribers: the overlay, the page's posture pill, the developer log.
    const readings: LiveReading[][] = [[], [], []];
    for (const seen of readings) loop.onFrame((reading) => seen.push(reading));
    // The producer judged an upright body a slouch (against its reference): a slouch it stays.
    const frames = [judged(GOOD), judged(SLOUCH), judged(SLOUCH), judged(GOOD, FORWARD.keypoints)];
    const answers = frames.map((frame) => {
      clock += 200;
      return loop.frame(frame);
    });
    // One reading per frame, decided once, and every subscriber got that same reading.
    expect(vi.mocked(frameVerdict)).toHaveBeenCalledTimes(frames.length);
    expect(vi.mocked(frameVerdict).mock.calls.map(([frame]) => frame)).toEqual(frames);
    expect(vi.mocked(analyseFrame)).not.toHaveBeenCalled();
    for (const seen of readings) expect(seen).toEqual(answers);
    expect(answers.map((a) => a.step?.verdict)).toEqual([GOOD, SLOUCH, SLOUCH, GOOD]);
    expect(answers.map((a) => a.step?.changed)).toEqual([true, true, false, true]);
    // One feedback per change, none for the repeat.
    expect(sent.map((f) => f.postureStatus)).toEqual(['good', 'poor', 'good']);
  });

  it('without a session frames are only passed on: no verdict, no feedback', () => {
    const loop = createLiveLoop();
    const seen: LiveReading[] = [];
    loop.onFrame((reading) => seen.push(reading));
    const frame = judged(SLOUCH);
    expect(loop.frame(frame)).toEqual({ frame, step: null, stale: false });
    expect(seen).toHaveLength(1);
    expect(loop.monitor).toBeNull();
    expect(vi.mocked(frameVerdict)).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('hands the reference of record to the producer running and to every producer opened later', async () => {
    const loop = await sessionLoop();
    const drawn: (ProfileReference | null)[] = [];
    loop.onReference((reference) => drawn.push(reference));
    const first = producer();
    // Before anyone said which reference, a new producer keeps its own.
    const detach = loop.attach(first);
    expect(first.handed).toEqual([]);
    expect(loop.adoptReference(UPRIGHT)).toBe(true);
    expect(first.handed).toEqual([UPRIGHT]);
    // A reconnect (or device mode) is a new producer: it is handed the same reference; the closed one no more.
    detach();
    const second = producer();
    loop.attach(second);
    expect(second.handed).toEqual([UPRIGHT]);
    loop.adoptReference(FORWARD);
    expect(second.handed).toEqual([UPRIGHT, FORWARD]);
    expect(first.handed).toEqual([UPRIGHT]);
    expect(drawn).toEqual([UPRIGHT, FORWARD]);
    expect(loop.reference).toBe(FORWARD);
  });

  it('a reference taken with Calibrate Posture becomes the reference of record and is given to be stored', async () => {
    const stored: (ProfileReference | null)[] = [];
    const loop = await sessionLoop((reference) => stored.push(reference));
    const running = producer();
    loop.attach(running);
    // The producer said which reference it took.
    expect(loop.referenceTaken(FORWARD)).toBe(FORWARD);
    expect(running.handed).toEqual([FORWARD]);
    // It did not: the newest body seen is kept.
    loop.frame(judged(GOOD, UPRIGHT.keypoints));
    expect(loop.referenceTaken(null)).toEqual(UPRIGHT);
    expect(stored).toEqual([FORWARD, UPRIGHT]);
    expect(loop.reference).toEqual(UPRIGHT);
  });

  it('takes the automatic reference from the producer when the host asks for it', async () => {
    const taken: ProfileReference[] = [];
    const loop = createLiveLoop({
      session: {
        api,
        type: 'passive',
        now: () => clock,
        takesReference: true,
        onReferenceTaken: (reference) => reference && taken.push(reference),
      },
    });
    await loop.monitor.checkCalibration();
    await loop.monitor.start('passive');
    loop.attach({ setReference: () => undefined, takeReference: async () => UPRIGHT });
    loop.monitor.awaitReference();
    for (let end = clock + REFERENCE_DELAY_MS + 400; clock < end; clock += 200) loop.frame(judged(GOOD));
    // The taking is asynchronous (the producer answers): let its promises settle.
    await new Promise((settled) => setImmediate(settled));
    expect(taken).toEqual([UPRIGHT]);
  });
});
