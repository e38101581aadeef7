import { describe, expect, it } from 'vitest';
import {
  analyseFrame,
  createReference,
  initialPostureState,
  ONSET_MS,
  type PostureInput,
  type PostureResult,
  stepPosture,
  verdictWithoutReference,
} from '../../src/analysis/index';
import type { Keypoint } from '../../src/detection/frame';
import { POSE_FRAME, transform, upright } from './poses';

const frame = POSE_FRAME;

/** Runs a sequence of (keypoints, duration) segments at 10 fps; returns every result with its time. */
function run(segments: [Keypoint[] | null, number][]) {
  const ref = createReference(upright(), frame);
  let state = initialPostureState();
  const out: { time: number; result: PostureResult }[] = [];
  let time = 0;
  for (const [keypoints, ms] of segments) {
    for (let t = 0; t < ms; t += 100) {
      const kp = keypoints ?? [];
      // Small detector jitter so the analysis never sees perfectly still points.
      const jittered = kp.map((p, i) => ({ ...p, x: p.x + 0.002 * Math.sin(time / 70 + i), y: p.y }));
      const input: PostureInput = { keypoints: jittered, time };
      const step = stepPosture(state, input, ref);
      state = step.state;
      out.push({ time, result: step.result });
      time += 100;
    }
  }
  return out;
}

const last = (r: ReturnType<typeof run>) => (r.at(-1) as { result: PostureResult }).result;

describe('live posture analysis', () => {
  it('an upright person stays good, confident and stable', () => {
    const r = run([[upright(), 5000]]);
    expect(r.every((f) => !f.result.is_posture_deviated)).toBe(true);
    expect(last(r).body_status).toBe('Good posture');
    expect(last(r).confidence).toBeGreaterThan(0.7);
    expect(last(r).stability_factor).toBeGreaterThan(0.8);
    expect(last(r).all_offset_vector).toHaveLength(17);
  });

  it('a brief glance down at the keyboard is not a deviation', () => {
    const glance = transform(upright(), { dy: 0.12 });
    const r = run([
      [upright(), 2000],
      [glance, 1200],
      [upright(), 3000],
    ]);
    expect(r.some((f) => f.result.is_posture_deviated)).toBe(false);
  });

  it('a sustained slouch becomes a deviation only after the onset delay, and says so', () => {
    const slouch = transform(upright(), { scale: 1.1, dy: 0.14 });
    const r = run([
      [upright(), 2000],
      [slouch, 6000],
    ]);
    const first = r.find((f) => f.result.is_posture_deviated);
    expect(first).toBeDefined();
    expect((first?.time ?? 0) - 2000).toBeGreaterThanOrEqual(ONSET_MS);
    expect(last(r).is_posture_deviated).toBe(true);
    expect(['moderate', 'severe']).toContain(last(r).deviation_level);
    expect(last(r).body_status).toMatch(/Slouching/);
    // Offsets point down (positive dy) for the shoulders.
    expect(last(r).all_offset_vector[5]?.[1]).toBeGreaterThan(0.05);
  });

  it('recovery needs the posture to be back for a while (hysteresis)', () => {
    const slouch = transform(upright(), { dy: 0.12 });
    const r = run([
      [upright(), 1000],
      [slouch, 5000],
      [upright(), 3000],
    ]);
    expect(r.some((f) => f.result.is_posture_deviated)).toBe(true);
    const backAt = 6000;
    expect(r.find((f) => f.time === backAt + 300)?.result.is_posture_deviated).toBe(true);
    expect(last(r).is_posture_deviated).toBe(false);
    expect(last(r).body_status).toBe('Good posture');
  });

  it('detects forward head when the head grows relative to the shoulders', () => {
    const forward = transform(upright(), { headScale: 1.3 });
    const r = run([
      [upright(), 1000],
      [forward, 5000],
    ]);
    expect(last(r).is_posture_deviated).toBe(true);
    expect(last(r).measures.forward_head_ratio).toBeGreaterThan(1.2);
    expect(last(r).body_status).toMatch(/Forward head posture/);
  });

  it('leaning in as a whole is told apart from the head alone moving forward', () => {
    const closer = transform(upright(), { scale: 1.3 });
    const r = run([
      [upright(), 1000],
      [closer, 5000],
    ]);
    expect(last(r).is_posture_deviated).toBe(true);
    expect(last(r).body_status).toMatch(/Leaning toward the screen/);
    expect(last(r).body_status).not.toMatch(/Forward head/);
    // A small shift toward the camera is within the normal range.
    expect(
      run([[transform(upright(), { scale: 1.05 }), 5000]]).some((f) => f.result.is_posture_deviated),
    ).toBe(false);
  });

  it('detects a lateral head tilt with its angle', () => {
    const tilted = transform(upright(), { headDeg: 20 });
    const r = run([
      [upright(), 1000],
      [tilted, 5000],
    ]);
    expect(last(r).is_posture_deviated).toBe(true);
    expect(Math.abs(last(r).measures.tilt_deg)).toBeGreaterThan(15);
    expect(last(r).body_status).toMatch(/Head tilted sideways \(2\d°\)/);
  });

  it('when the person leaves, nothing is judged and the onset starts again', () => {
    const slouch = transform(upright(), { dy: 0.12 });
    const r = run([
      [slouch, 2000],
      [null, 1000],
      [slouch, 2000],
    ]);
    const gone = r.find((f) => f.time === 2500)?.result;
    expect(gone?.body_status).toBe('No person detected');
    expect(gone?.confidence).toBe(0);
    // 2 s before and 2 s after the absence never add up to the onset delay.
    expect(r.some((f) => f.result.is_posture_deviated)).toBe(false);
  });

  it('refuses a calibration without both shoulders', () => {
    const k = upright();
    k[6] = { x: 0.35, y: 0.55, score: 0.1 };
    expect(() => createReference(k, frame)).toThrow(/shoulders/);
  });
});

describe('the verdict as data', () => {
  it('an upright person is good, with no issue', () => {
    expect(last(run([[upright(), 3000]])).verdict).toEqual({ status: 'good', issue: null, level: null });
  });

  it("a slouch is poor with the issue 'slouch', not 'shoulder_asymmetry'", () => {
    const r = run([
      [upright(), 2000],
      [transform(upright(), { scale: 1.1, dy: 0.14 }), 6000],
    ]);
    expect(last(r).verdict).toEqual({ status: 'poor', issue: 'slouch', level: last(r).deviation_level });
  });

  it('names forward head, leaning in and tilt as their issues', () => {
    const issue = (k: Keypoint[]) =>
      last(
        run([
          [upright(), 1000],
          [k, 5000],
        ]),
      ).verdict.issue;
    expect(issue(transform(upright(), { headScale: 1.3 }))).toBe('forward_head');
    expect(issue(transform(upright(), { scale: 1.3 }))).toBe('leaning_in');
    expect(issue(transform(upright(), { headDeg: 20 }))).toBe('tilt');
  });

  it('names uneven shoulders when the shoulder line turned', () => {
    const k = transform(upright(), { dy: 0.12 });
    k[5] = { ...(k[5] as Keypoint), y: (k[5] as Keypoint).y + 0.06 };
    const r = run([
      [upright(), 1000],
      [k, 5000],
    ]);
    expect(last(r).verdict.status).toBe('poor');
    expect(last(r).body_status).toMatch(/Shoulders uneven/);
  });

  it('is neutral while nobody is in view', () => {
    const r = run([
      [upright(), 1000],
      [null, 500],
    ]);
    expect(last(r).verdict).toEqual({ status: 'neutral', issue: null, level: null });
  });

  it('without a reference judges the head tilt alone', () => {
    expect(verdictWithoutReference(upright(), frame)).toEqual({ status: 'good', issue: null, level: null });
    expect(verdictWithoutReference(transform(upright(), { headDeg: 20 }), frame)).toEqual({
      status: 'poor',
      issue: 'tilt',
      level: 'moderate',
    });
    // A mild tilt is normal head movement.
    expect(verdictWithoutReference(transform(upright(), { headDeg: 10 }), frame).status).toBe('good');
    expect(verdictWithoutReference([], frame).status).toBe('neutral');
  });
});

describe("a frame's posture fields", () => {
  const input = (keypoints: Keypoint[] | null) => ({ keypoints, time: 0, frame });

  it('before calibration: the head tilt alone, no temporal data', () => {
    const state = initialPostureState();
    expect(analyseFrame(state, input(upright()), null).posture).toEqual({
      body_status: 'Calibrate to start posture analysis',
      temporal_posture_data: null,
      posture_verdict: { status: 'good', issue: null, level: null },
    });
    expect(analyseFrame(state, input(null), null).posture.body_status).toBe('No person detected');
    expect(analyseFrame(state, input(null), null).posture.posture_verdict.status).toBe('neutral');
  });

  it('after calibration: the analysis, with its verdict beside the temporal data', () => {
    const ref = createReference(upright(), frame);
    const { state, posture } = analyseFrame(initialPostureState(), input(upright()), ref);
    expect(posture.body_status).toBe('Good posture');
    expect(posture.temporal_posture_data).toMatchObject({
      is_posture_deviated: false,
      confidence: expect.any(Number),
    });
    expect(posture.temporal_posture_data).not.toHaveProperty('verdict');
    expect(posture.temporal_posture_data).not.toHaveProperty('measures');
    expect(posture.posture_verdict.status).toBe('good');
    expect(state.lastTime).toBe(0);
  });
});
