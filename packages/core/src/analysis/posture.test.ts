import { describe, expect, it } from 'vitest';
import type { Keypoint } from '../detection/frame';
import {
  createReference,
  initialState,
  ONSET_MS,
  type PostureInput,
  type PostureResult,
  stepPosture,
} from './index';

// Square so that turning normalised points is a true rotation in pixels.
const frame = { width: 640, height: 640 };

/** An upright person facing the camera: COCO-17, normalised. Shoulders 0.3 of the width apart. */
function upright(): Keypoint[] {
  const k: Keypoint[] = Array.from({ length: 17 }, () => ({ x: Number.NaN, y: Number.NaN, score: 0 }));
  const set = (i: number, x: number, y: number) => {
    k[i] = { x, y, score: 0.8 };
  };
  set(0, 0.5, 0.35);
  set(1, 0.53, 0.31);
  set(2, 0.47, 0.31);
  set(3, 0.57, 0.33);
  set(4, 0.43, 0.33);
  set(5, 0.65, 0.55);
  set(6, 0.35, 0.55);
  return k;
}

/** Moves every keypoint: scale about a point, shift, rotate the head about the neck. */
function transform(
  k: Keypoint[],
  o: { scale?: number; headScale?: number; dy?: number; dx?: number; headDeg?: number },
): Keypoint[] {
  const neck = { x: 0.5, y: 0.5 };
  const a = ((o.headDeg ?? 0) * Math.PI) / 180;
  return k.map((p, i) => {
    if (!Number.isFinite(p.x)) return p;
    let x = neck.x + (p.x - neck.x) * (o.scale ?? 1);
    let y = neck.y + (p.y - neck.y) * (o.scale ?? 1);
    if (i <= 4) {
      // Head: grows about the nose for forward head, turns about the neck for tilt.
      const nose = k[0] as Keypoint;
      const nx = neck.x + (nose.x - neck.x) * (o.scale ?? 1);
      const ny = neck.y + (nose.y - neck.y) * (o.scale ?? 1);
      x = nx + (x - nx) * (o.headScale ?? 1);
      y = ny + (y - ny) * (o.headScale ?? 1);
      const rx = neck.x + (x - neck.x) * Math.cos(a) - (y - neck.y) * Math.sin(a);
      const ry = neck.y + (x - neck.x) * Math.sin(a) + (y - neck.y) * Math.cos(a);
      x = rx;
      y = ry;
    }
    return { ...p, x: x + (o.dx ?? 0), y: y + (o.dy ?? 0) };
  });
}

/** Runs a sequence of (keypoints, duration) segments at 10 fps; returns every result with its time. */
function run(segments: [Keypoint[] | null, number][]) {
  const ref = createReference(upright(), frame);
  let state = initialState();
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
