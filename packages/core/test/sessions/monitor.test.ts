// The posture monitor's workflow with the API as a recorded edge: verdict → status, issue and feedback with the
// heartbeat cadence of feedback.ts, the automatic reference, session start and end.
import { monitorApi } from '@posture-vision/testkit/monitor-api';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PostureFeedback } from '../../src/clients/api/types';
import type { DetectionFrame, Keypoint, PostureVerdict } from '../../src/domain/detection/frame';
import { CALIBRATION_PROBLEMS, savedReferenceProblem } from '../../src/domain/live/calibration-problems';
import {
  createPostureMonitor,
  FEEDBACK_HEARTBEAT_MS,
  FRAMES_STOPPED,
  feedbackDue,
  type MonitorApi,
  monitorLinkAction,
  POSTURE_SCORES,
  postureScore,
  REFERENCE_DELAY_MS,
  REFERENCE_RETRY_MS,
  STALE_AFTER_MS,
} from '../../src/sessions';
import { POSE_FRAME, transform, upright } from '../analysis/poses';
import { emptyFrame, judgedFrame } from '../detection/frames';

const GOOD: PostureVerdict = { status: 'good', issue: null, level: null };
const SLOUCH: PostureVerdict = { status: 'poor', issue: 'slouch', level: 'moderate' };
const TILT: PostureVerdict = { status: 'poor', issue: 'tilt', level: 'moderate' };
const NOBODY: PostureVerdict = { status: 'neutral', issue: null, level: null };

function frame(verdict: PostureVerdict, body_status = 'text the monitor never reads'): DetectionFrame {
  return { ...emptyFrame(), body_status, posture_verdict: verdict };
}

let clock: number;
let calls: string[];
let sent: PostureFeedback[];
let active: boolean;

const api = monitorApi({
  onFeedback: (payload) => void sent.push(payload),
  onCall: (call) => void calls.push(call),
  active: () => active,
});

beforeEach(() => {
  clock = 0;
  calls = [];
  sent = [];
  active = true;
});

async function running(type: 'realtime' | 'passive' = 'realtime') {
  const m = createPostureMonitor({ api, type, now: () => clock });
  expect(await m.checkCalibration()).toMatchObject({ ok: true });
  expect(await m.start('active')).toEqual({ ok: true, sessionId: 'session-1' });
  return m;
}

describe('the posture monitor', () => {
  it('continues a paused session while the API still runs it, else opens a new one', async () => {
    let running: string | null = 'session-0';
    const withActive: MonitorApi = {
      ...api,
      sessions: {
        ...api.sessions,
        active: async () => ({
          success: true,
          data: running ? { id: running, mode: 'passive', startTime: '2026-11-27T10:00:00Z' } : null,
        }),
      },
    };
    const m = createPostureMonitor({ api: withActive, type: 'passive', now: () => clock });
    await m.checkCalibration();
    expect(await m.start('passive', 'session-0')).toEqual({
      ok: true,
      sessionId: 'session-0',
      resumed: true,
    });
    expect(calls).toEqual([]);
    m.detach();
    // Ended meanwhile (nobody reported on it): its feedback would be refused, so a new session opens.
    running = null;
    expect(await m.start('passive', 'session-0')).toEqual({ ok: true, sessionId: 'session-1' });
    expect(calls).toEqual(['start passive cal-7']);
    expect(m.sessionId).toBe('session-1');
  });

  it('continues a paused session when the API cannot say whether it still runs', async () => {
    const failing: MonitorApi = {
      ...api,
      sessions: { ...api.sessions, active: async () => ({ success: false, message: 'Server error' }) },
    };
    const m = createPostureMonitor({ api: failing, type: 'passive', now: () => clock });
    await m.checkCalibration();
    expect(await m.start('passive', 'session-0')).toEqual({
      ok: true,
      sessionId: 'session-0',
      resumed: true,
    });
    expect(calls).toEqual([]);
  });

  it('needs an active calibration before a session', async () => {
    active = false;
    const m = createPostureMonitor({ api, type: 'realtime', now: () => clock });
    expect(await m.checkCalibration()).toEqual({
      ok: false,
      message: 'Please complete posture calibration before starting a session.',
    });
    expect(await m.start('active')).toEqual({
      ok: false,
      message: 'Calibration required before starting session.',
    });
    expect(calls).toEqual([]);
  });

  it('stores a slouch as a slouch, with the score, level, the calibration’s CVA and who is in view', async () => {
    const m = await running();
    // A person in view, as the producer's watch says (a held deviation).
    m.frame({
      ...frame(SLOUCH, 'Moderate deviation: Slouching (head and shoulders dropped)'),
      posture_watch: 'poor',
    });
    expect(sent).toEqual([
      {
        postureStatus: 'poor',
        timestamp: new Date(0).toISOString(),
        details: {
          type: 'realtime',
          kind: 'change',
          issue: 'slouch',
          deviationLevel: 'moderate',
          score: POSTURE_SCORES.moderate,
          cva: 51.5,
          inView: true,
        },
      },
    ]);
  });

  it('sends on every change and a heartbeat every 5 s while nothing changes', async () => {
    const m = await running('passive');
    const kinds = () =>
      sent.map(
        (f) => `${f.postureStatus}${f.details?.issue ? `/${f.details.issue}` : ''} ${f.details?.kind}`,
      );
    for (const [at, v] of [
      [0, GOOD],
      [1000, GOOD],
      [FEEDBACK_HEARTBEAT_MS - 1, GOOD],
      [FEEDBACK_HEARTBEAT_MS, GOOD],
      [6000, SLOUCH],
      [6500, TILT],
      [7000, NOBODY],
      [12_000, NOBODY],
    ] as const) {
      clock = at;
      m.frame(frame(v));
    }
    expect(kinds()).toEqual([
      'good change',
      'good heartbeat',
      'poor/slouch change',
      'poor/tilt change',
      'neutral change',
      'neutral heartbeat',
    ]);
    expect(sent.every((f) => f.details?.type === 'passive')).toBe(true);
    expect(sent[5]?.details?.score).toBeUndefined();
  });

  it('lets go of a session saying when its last frame was judged: that feedback holds no time', async () => {
    const m = await running();
    for (const at of [0, 5000, 7000]) {
      clock = at;
      m.frame(frame(GOOD));
    }
    clock = 9000;
    m.detach();
    expect(sent.map((f) => [f.postureStatus, f.details?.kind, Date.parse(f.timestamp)])).toEqual([
      ['good', 'change', 0],
      ['good', 'heartbeat', 5000],
      ['neutral', FRAMES_STOPPED, 7000],
    ]);
    // Nothing more is sent for it, and letting go again says nothing twice.
    m.frame(frame(GOOD));
    m.detach();
    expect(sent).toHaveLength(3);
  });

  it('says when the last frame was judged as the page is left, in a request that outlives it, keeping the session', async () => {
    const options: unknown[] = [];
    const m = createPostureMonitor({
      api: {
        ...api,
        sessions: {
          ...api.sessions,
          feedback: async (_id, payload, o) => {
            sent.push(payload);
            options.push(o);
            return { sent: true };
          },
        },
      },
      type: 'realtime',
      now: () => clock,
    });
    await m.checkCalibration();
    await m.start('active');
    m.frame(frame(GOOD));
    clock = 2000;
    m.frame(frame(GOOD));
    m.pageLeft();
    expect(sent.map((f) => [f.details?.kind, Date.parse(f.timestamp)])).toEqual([
      ['change', 0],
      [FRAMES_STOPPED, 2000],
    ]);
    expect(options.at(-1)).toEqual({ keepalive: true });
    // A page shown again goes on: its next frame is a change of the same session.
    clock = 3000;
    expect(m.frame(frame(GOOD))?.feedback).toBe('change');
    expect(m.sessionId).toBe('session-1');
  });

  it('stops sending and tells the host when the API says the session has ended (409)', async () => {
    const ended: string[] = [];
    let refused = false;
    const refusing: MonitorApi = {
      ...api,
      sessions: {
        ...api.sessions,
        feedback: async (_id, payload) => {
          sent.push(payload);
          return refused
            ? { sent: false, status: 409, message: 'This session has already ended.' }
            : { sent: true };
        },
      },
    };
    const m = createPostureMonitor({
      api: refusing,
      type: 'realtime',
      now: () => clock,
      onSessionEnded: (id, message) => void ended.push(`${id}: ${message}`),
    });
    await m.checkCalibration();
    await m.start('active');
    m.frame(frame(GOOD));
    refused = true;
    clock = 1000;
    m.frame(frame(SLOUCH));
    await expect.poll(() => ended).toEqual(['session-1: This session has already ended.']);
    expect(m.sessionId).toBeNull();
    clock = 2000;
    expect(m.frame(frame(TILT))).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it('tells the host when the status or issue changed', async () => {
    const m = await running();
    expect(m.frame(frame(GOOD))).toEqual({
      verdict: GOOD,
      changed: true,
      feedback: 'change',
      calibrated: true,
    });
    expect(m.frame(frame(GOOD))).toEqual({ verdict: GOOD, changed: false, feedback: null, calibrated: true });
    expect(m.frame(frame({ ...SLOUCH, level: 'severe' }))?.changed).toBe(true);
    expect(m.frame(frame(SLOUCH))?.changed).toBe(false);
  });

  it('says whether a neutral frame had a reference: not calibrated, or nobody in view', async () => {
    const m = await running();
    const neutral: PostureVerdict = { status: 'neutral', issue: null, level: null };
    expect(m.frame(frame(neutral))?.calibrated).toBe(false);
    const judged: DetectionFrame = {
      ...frame(neutral),
      temporal_posture_data: {
        is_posture_deviated: false,
        deviation_level: 'mild',
        confidence: 0,
        stability_factor: 0,
        smoothing_factor: 1,
        all_offset_vector: [],
      },
    };
    expect(m.frame(judged)?.calibrated).toBe(true);
  });

  it('skips waiting frames and frames outside a session', async () => {
    const m = createPostureMonitor({ api, type: 'realtime', now: () => clock });
    expect(m.frame(frame(GOOD))).toBeNull();
    await m.checkCalibration();
    await m.start('active');
    expect(m.frame({ ...frame(GOOD), status: 'waiting' })).toBeNull();
    await m.end();
    expect(m.frame(frame(GOOD))).toBeNull();
    expect(calls).toEqual(['start active cal-7', 'end session-1']);
    expect(sent).toEqual([]);
  });

  it('takes the reference once a person has been in view for the delay, retrying after a failure', async () => {
    const results = [false, true];
    const taken: number[] = [];
    const m = createPostureMonitor({
      api,
      type: 'passive',
      now: () => clock,
      takeReference: async () => {
        taken.push(clock);
        return results.shift() ?? true;
      },
      onReferenceTaken: () => calls.push('reference taken'),
    });
    await m.checkCalibration();
    await m.start('passive');
    // Before a reference the producer's verdicts are all neutral: whether someone is in view is the body's.
    const IN_VIEW = { ...frame(NOBODY), hns: { poses: [upright()], boxes: [], emotions: [] } };
    const at = async (ms: number, inView: boolean) => {
      clock = ms;
      const step = m.frame(inView ? IN_VIEW : frame(NOBODY));
      await Promise.resolve();
      await Promise.resolve();
      return step;
    };
    await at(0, true);
    await at(1000, false); // left: the delay starts again
    await at(2000, true);
    expect(await at(2000 + REFERENCE_DELAY_MS - 1, true)).toBeNull();
    await at(2000 + REFERENCE_DELAY_MS, true); // first attempt fails
    await at(2000 + REFERENCE_DELAY_MS + REFERENCE_RETRY_MS, true); // retried
    expect(taken).toEqual([2000 + REFERENCE_DELAY_MS, 2000 + REFERENCE_DELAY_MS + REFERENCE_RETRY_MS]);
    expect(calls).toContain('reference taken');
    expect(sent).toEqual([]);
    clock = 10_000;
    expect(m.frame(frame(GOOD))?.feedback).toBe('change');
    m.awaitReference();
    clock = 10_100;
    expect(m.frame(frame(GOOD))).toBeNull();
  });

  it('says in its feedback since when the person was in view before the reference, and when they were last seen', async () => {
    const m = createPostureMonitor({
      api,
      type: 'passive',
      now: () => clock,
      takeReference: async () => true,
    });
    await m.checkCalibration();
    await m.start('passive');
    const person = { hns: { poses: [upright()], boxes: [], emotions: [] } };
    const look = async (ms: number, verdict: PostureVerdict, inView: boolean) => {
      clock = ms;
      m.frame({ ...frame(verdict), ...(inView ? person : {}) });
      await Promise.resolve();
      await Promise.resolve();
    };
    // She sits down at 1 s; the reference is taken after the delay, and judging starts on the next frame.
    for (let t = 1000; t <= 1000 + REFERENCE_DELAY_MS; t += 1000) await look(t, NOBODY, true);
    expect(sent).toEqual([]);
    await look(6000, GOOD, true);
    expect(sent[0]?.details).toMatchObject({ inView: true, inViewFrom: new Date(1000).toISOString() });
    // Heartbeats, then she leaves between two frames: the feedback that finds nobody says when she was last seen.
    for (let t = 7000; t <= 13_000; t += 1000) await look(t, GOOD, true);
    await look(14_000, NOBODY, false);
    const away = sent.at(-1);
    expect(away?.details).toMatchObject({ inView: false, lastInViewAt: new Date(13_000).toISOString() });
    expect(sent.filter((f) => f.details?.inViewFrom)).toHaveLength(1);
    // Still away: nothing more to say of when she was seen.
    for (let t = 15_000; t <= 20_000; t += 1000) await look(t, NOBODY, false);
    expect(sent.at(-1)).not.toBe(away);
    expect(sent.at(-1)?.details?.lastInViewAt).toBeUndefined();
    // She comes back, not judged yet (her head turned): sent at once, not with the next heartbeat.
    const before = sent.length;
    await look(20_500, NOBODY, true);
    expect(sent.slice(before)).toMatchObject([
      { timestamp: new Date(20_500).toISOString(), details: { inView: true } },
    ]);
  });

  describe('with a calibration profile’s reference', () => {
    const UPRIGHT = { keypoints: upright(), frame: POSE_FRAME };
    const FORWARD = { keypoints: transform(upright(), { headScale: 1.4 }), frame: POSE_FRAME };
    /** A frame with a body and the verdict its producer judged against its reference. */
    const body = (keypoints = UPRIGHT.keypoints, producer: PostureVerdict = SLOUCH): DetectionFrame =>
      judgedFrame(producer, keypoints, POSE_FRAME);
    /** Frames every 200 ms for `ms`; the last step. */
    const hold = (m: ReturnType<typeof createPostureMonitor>, f: DetectionFrame, ms: number) => {
      let step = null;
      for (let end = clock + ms; clock < end; clock += 200) step = m.frame(f);
      return step;
    };
    async function passive(onReferenceTaken?: (r: unknown) => void) {
      const taken: number[] = [];
      /** Every reference handed to the producer, in order. */
      const handed: unknown[] = [];
      const m = createPostureMonitor({
        api,
        type: 'passive',
        now: () => clock,
        takeReference: async () => {
          taken.push(clock);
          return true;
        },
        onReferenceTaken,
        setReference: (reference) => handed.push(reference),
      });
      await m.checkCalibration();
      await m.start('passive');
      return { m, taken, handed };
    }

    it('hands the active profile’s reference to the producer and takes its verdicts as they come; switching profile hands over the new one', async () => {
      const { m, taken, handed } = await passive();
      expect(m.adoptReference(UPRIGHT)).toBe(true);
      expect(handed).toEqual([UPRIGHT]);
      // Each frame is judged once, by its producer: an upright body the producer judged a slouch is a slouch
      // here too (the monitor does not judge the keypoints again against the profile's reference).
      expect(hold(m, body(UPRIGHT.keypoints, SLOUCH), 1000)?.verdict).toEqual(SLOUCH);
      expect(hold(m, body(FORWARD.keypoints, GOOD), 1000)?.verdict).toEqual(GOOD);
      expect(m.adoptReference(FORWARD)).toBe(true);
      expect(handed).toEqual([UPRIGHT, FORWARD]);
      expect(m.reference).toBe(FORWARD);
      // With a profile reference no automatic reference is taken.
      expect(taken).toEqual([]);
      expect(sent.map((f) => f.postureStatus)).toEqual(['poor', 'good']);
    });

    it('a profile without a reference waits for the producer’s automatic one and hands it over to be stored', async () => {
      const stored: unknown[] = [];
      const { m, taken, handed } = await passive((r) => stored.push(r));
      m.adoptReference(UPRIGHT);
      expect(m.adoptReference(null)).toBe(false);
      // The producer is told it has no reference of record any more.
      expect(handed).toEqual([UPRIGHT, null]);
      expect(hold(m, body(), REFERENCE_DELAY_MS + 400)).toBeNull();
      await Promise.resolve();
      await Promise.resolve();
      expect(taken).toHaveLength(1);
      expect(stored).toEqual([{ keypoints: UPRIGHT.keypoints, frame: POSE_FRAME }]);
      // The producer took that reference and judges against it: its verdict counts again.
      expect(hold(m, body(), 600)?.verdict.status).toBe('poor');
      expect(m.referenceFromLastFrame()).toEqual({ keypoints: UPRIGHT.keypoints, frame: POSE_FRAME });
    });

    it('an unusable profile reference (no shoulders) is refused and not handed to the producer', async () => {
      const { m, handed } = await passive();
      const headless = {
        keypoints: upright().map((k, i) => (i >= 5 ? { ...k, score: 0 } : k)),
        frame: POSE_FRAME,
      };
      expect(m.adoptReference(headless)).toBe(false);
      expect(m.reference).toBeNull();
      expect(handed).toEqual([null]);
    });

    it('a profile reference taken with the head turned is refused, and says why', async () => {
      const { m, handed } = await passive();
      // Kept before the ears' rule refused a head turned to talk: the nose half an ear span off the ears' midline.
      const turned = upright();
      turned[0] = { ...(turned[0] as Keypoint), x: 0.52 };
      turned[3] = { ...(turned[3] as Keypoint), x: 0.52 };
      turned[4] = { ...(turned[4] as Keypoint), x: 0.38 };
      const saved = { keypoints: turned, frame: POSE_FRAME };
      expect(m.adoptReference(saved)).toBe(false);
      expect(handed).toEqual([null]);
      expect(savedReferenceProblem(saved)).toBe(CALIBRATION_PROBLEMS.headTurned);
      expect(savedReferenceProblem(UPRIGHT)).toBeNull();
      expect(m.adoptReference(UPRIGHT)).toBe(true);
    });

    it('says the calibration is stale after several minutes off the reference, and not after a new one', async () => {
      const { m } = await passive();
      m.adoptReference(UPRIGHT);
      hold(m, body(FORWARD.keypoints, SLOUCH), STALE_AFTER_MS - 5000);
      expect(m.stale).toBe(false);
      hold(m, body(FORWARD.keypoints, SLOUCH), 10_000);
      expect(m.stale).toBe(true);
      // The new profile's reference is the posture held: its producer judges it good.
      m.adoptReference(FORWARD);
      expect(m.stale).toBe(false);
      hold(m, body(FORWARD.keypoints, GOOD), STALE_AFTER_MS + 1000);
      expect(m.stale).toBe(false);
    });
  });

  it('ends the session and reads the message of a refused start', async () => {
    const refusing: MonitorApi = {
      ...api,
      sessions: {
        ...api.sessions,
        start: async () => ({ success: false, error: { message: 'Too many sessions' } }),
      },
    };
    const m = createPostureMonitor({ api: refusing, type: 'passive', now: () => clock });
    await m.checkCalibration();
    expect(await m.start('passive')).toEqual({ ok: false, message: 'Too many sessions' });
    expect(await m.end('session-9')).toEqual({ ok: true, sessionId: 'session-9' });
    expect(calls).toEqual(['end session-9']);
  });
});

describe('monitor rules', () => {
  it('scores good 100 and poor by level; nobody in view has no score', () => {
    expect(postureScore(GOOD)).toBe(100);
    expect(postureScore({ ...SLOUCH, level: 'mild' })).toBe(60);
    expect(postureScore(SLOUCH)).toBe(40);
    expect(postureScore({ ...SLOUCH, level: 'severe' })).toBe(20);
    expect(postureScore(NOBODY)).toBeUndefined();
  });

  it('the cadence: a change now, a heartbeat when due', () => {
    expect(feedbackDue(null, GOOD, 0)).toBe('change');
    expect(feedbackDue({ verdict: GOOD, at: 0 }, GOOD, FEEDBACK_HEARTBEAT_MS - 1)).toBeNull();
    expect(feedbackDue({ verdict: GOOD, at: 0 }, GOOD, FEEDBACK_HEARTBEAT_MS)).toBe('heartbeat');
    expect(feedbackDue({ verdict: SLOUCH, at: 0 }, TILT, 1)).toBe('change');
    // Somebody sat down or left, the verdict not judged either side: a change too.
    expect(feedbackDue({ verdict: NOBODY, at: 0, inView: false }, NOBODY, 1, true)).toBe('change');
    expect(feedbackDue({ verdict: NOBODY, at: 0, inView: true }, NOBODY, 1, true)).toBeNull();
  });

  it('maps live-link states to stop, reconnect or nothing', () => {
    expect(monitorLinkAction('failed')).toEqual({ stop: 'Failed to connect after 3 attempts' });
    expect(monitorLinkAction('auth-required')).toEqual({
      stop: 'Please log in to access the posture detection feature.',
    });
    expect(monitorLinkAction('closed')).toBe('reconnect');
    expect(monitorLinkAction('connected')).toBeNull();
  });
});
