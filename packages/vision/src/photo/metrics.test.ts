import type { Keypoint } from '@posture-vision/core/analysis';
import {
  earForwardForCva,
  overallPostureScore,
  type ScoredMetrics,
  SIDE_VIEW_SHOULDER_SCORE,
  TRUNK_HIP_SCORE,
} from '@posture-vision/core/calibration';
import { describe, expect, it } from 'vitest';
import {
  assessmentNotes,
  calibrationMetrics,
  type FrontMetrics,
  frontMetrics,
  NotMeasurable,
  overallScore,
  type SideMetrics,
  sideMetrics,
  status,
} from './metrics.ts';

const kp = (points: Record<number, [number, number]>): Keypoint[] =>
  Array.from({ length: 17 }, (_, i) => {
    const p = points[i];
    return p ? { x: p[0], y: p[1], score: 0.9 } : { x: Number.NaN, y: Number.NaN, score: 0 };
  });

describe('side view metrics', () => {
  // Pixels of a 1000x1000 photo: shoulder at (500, 500), ear `up` above it and `forward` ahead (facing right).
  const side = (forward: number, up = 100, extra: Record<number, [number, number]> = {}) =>
    kp({
      0: [(520 + forward) / 1000, (500 - up) / 1000],
      3: [(500 + forward) / 1000, (500 - up) / 1000],
      5: [0.5, 0.5],
      ...extra,
    });

  it('reads the plumb-line posture (ear above the shoulder) as 53.7°, facing either way', () => {
    const right = sideMetrics(side(0), 1000, 1000);
    expect(right.cranial_vertebral_angle).toBe(53.7);
    // Mirror image (facing left, right-side ear and shoulder): same numbers.
    const left = sideMetrics(kp({ 0: [0.48, 0.4], 4: [0.5, 0.4], 6: [0.5, 0.5] }), 1000, 1000);
    expect(left).toEqual(right);
    // A head further forward reads lower.
    expect(sideMetrics(side(20), 1000, 1000).cranial_vertebral_angle).toBeLessThan(50);
  });

  it('agrees with the key-metric thresholds at 45° and 48° (CVA below 45° poor)', () => {
    const at = (deg: number) => sideMetrics(side(earForwardForCva(deg, 100)), 1000, 1000);
    expect(at(45).cranial_vertebral_angle).toBe(45);
    expect(at(45).forward_head_distance).toBeCloseTo(100, 0);
    expect(at(48).forward_head_distance).toBeCloseTo(90, 0);
    expect(status.cranial_vertebral_angle(44.9)).toBe('poor');
    expect(status.forward_head_distance(at(44).forward_head_distance as number)).toBe('poor');
  });

  it('says a frontal photo or a face turned to the camera is not measurable, never a number', () => {
    // Both shoulders seen, 300 px apart with the ear 100 px above them: a person facing the camera.
    expect(() => sideMetrics(side(0, 100, { 6: [0.2, 0.5] }), 1000, 1000)).toThrow(NotMeasurable);
    expect(() => sideMetrics(side(0, 100, { 6: [0.2, 0.5] }), 1000, 1000)).toThrow(/from the front/);
    // Shoulders one behind the other (a side view) are fine.
    expect(sideMetrics(side(0, 100, { 6: [0.46, 0.5] }), 1000, 1000).cranial_vertebral_angle).toBe(53.7);
    // Nose between the two ears: the face looks at the camera.
    expect(() => sideMetrics(side(0, 100, { 4: [0.55, 0.4] }), 1000, 1000)).toThrow(/face is turned/);
  });

  it('reports a low CVA as a reading (poor), without the forward head distance below 20°, and refuses above 85°', () => {
    // Ear far ahead of the shoulder: 100 px up, 250 px forward -> about 15°, a severe forward head, still a reading.
    let error: unknown;
    try {
      sideMetrics(side(250), 1000, 1000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NotMeasurable);
    const low = (error as NotMeasurable).measured;
    expect(low.cranial_vertebral_angle).toBeGreaterThan(10);
    expect(low.cranial_vertebral_angle).toBeLessThan(20);
    expect(low.forward_head_distance).toBeUndefined();
    expect(status.cranial_vertebral_angle(low.cranial_vertebral_angle as number)).toBe('poor');
    expect((error as NotMeasurable).message).toMatch(/forward head distance is not given/);
    // At 20° and above both are given.
    expect(sideMetrics(side(earForwardForCva(21, 100)), 1000, 1000).forward_head_distance).toBeGreaterThan(
      250,
    );
    // Ear far behind the shoulder -> above 85°: no seated posture, refused.
    expect(() => sideMetrics(side(-70), 1000, 1000)).toThrow(/outside the human range of -30-85°/);
  });

  describe('with the hips in the photo (C7 from the trunk)', () => {
    // Facing right; shoulders' mean at (500, 500), hips 300 px below: C7 is 30 px behind and 48 px above the
    // shoulders' mean (core C7_TRUNK_BACK 0.1, C7_TRUNK_UP 0.16 of the trunk's length), at (470, 452).
    const trunk = (ear: [number, number], shoulders: [number, number][]) =>
      kp({
        0: [(ear[0] + 40) / 1000, ear[1] / 1000],
        3: [ear[0] / 1000, ear[1] / 1000],
        ...Object.fromEntries(shoulders.map((s, i) => [5 + i, [s[0] / 1000, s[1] / 1000]])),
        11: [0.5, 0.8],
      });

    it('measures the angle from C7 placed on the trunk, whichever shoulder point is in front', () => {
      // Tragus 80 px above C7 and 50 px ahead of it: atan(80/50) = 58.0°.
      const one = sideMetrics(trunk([520, 372], [[500, 500]]), 1000, 1000);
      expect(one.cranial_vertebral_angle).toBeCloseTo(58, 0);
      // Two shoulder points 40 px apart about the same mean: the same angle either way round.
      const a = sideMetrics(
        trunk(
          [520, 372],
          [
            [480, 500],
            [520, 500],
          ],
        ),
        1000,
        1000,
      );
      const b = sideMetrics(
        trunk(
          [520, 372],
          [
            [520, 500],
            [480, 500],
          ],
        ),
        1000,
        1000,
      );
      expect(a.cranial_vertebral_angle).toBe(b.cranial_vertebral_angle);
      expect(a.cranial_vertebral_angle).toBeCloseTo(58, 0);
    });

    it('reads a head hung to the level of C7 near 0°, a reading, not a refusal', () => {
      let error: unknown;
      try {
        sideMetrics(trunk([600, 452], [[500, 500]]), 1000, 1000);
      } catch (e) {
        error = e;
      }
      expect((error as NotMeasurable).measured.cranial_vertebral_angle).toBeCloseTo(0, 0);
    });

    it('takes the trunk, not the ear height, as the ruler of a side view: a head hung low is not called frontal', () => {
      // Shoulder points 100 px apart (a third of the trunk) with the ear only 20 px above them: the ear-height
      // rule (1.5 ear heights) would call it frontal.
      expect(() =>
        sideMetrics(
          trunk(
            [560, 480],
            [
              [450, 500],
              [550, 500],
            ],
          ),
          1000,
          1000,
        ),
      ).not.toThrow(/from the front/);
      // Facing the camera: shoulders 260 px apart on a 300 px trunk.
      expect(() =>
        sideMetrics(
          trunk(
            [520, 372],
            [
              [370, 500],
              [630, 500],
            ],
          ),
          1000,
          1000,
        ),
      ).toThrow(/from the front/);
    });

    it('does not take a hip the model guesses at (below core TRUNK_HIP_SCORE) for the trunk', () => {
      const k = trunk([500, 400], [[500, 500]]);
      k[11] = { x: 0.5, y: 0.8, score: TRUNK_HIP_SCORE - 0.05 };
      // The ear-height rule: the plumb line reads 53.7°.
      expect(sideMetrics(k, 1000, 1000).cranial_vertebral_angle).toBe(53.7);
    });
  });

  it('measures from the near shoulder when the model is less sure of it than of the far one behind', () => {
    // Facing right. Near shoulder under the ear scored 0.25, the far one placed 150 px behind scored 0.35 (the photo
    // model on some side-view retakes). Measured from the far one alone the CVA would read about 34°.
    const k = side(0);
    k[5] = { x: 0.5, y: 0.5, score: SIDE_VIEW_SHOULDER_SCORE + 0.05 };
    k[6] = { x: 0.35, y: 0.5, score: 0.35 };
    expect(sideMetrics(k, 1000, 1000).cranial_vertebral_angle).toBe(53.7);
    // Below the side view's bar it is not a candidate, and the far one is all there is.
    k[5] = { x: 0.5, y: 0.5, score: SIDE_VIEW_SHOULDER_SCORE - 0.05 };
    expect(sideMetrics(k, 1000, 1000).cranial_vertebral_angle).toBeLessThan(40);
  });

  it('needs the ear, the shoulder and the face', () => {
    expect(() => sideMetrics(kp({ 3: [0.5, 0.35], 5: [0.45, 0.45] }), 100, 100)).toThrow(/visible/);
  });
});

describe('front view metrics', () => {
  it('measures the shoulder line and the eye line against the horizontal', () => {
    const m = frontMetrics(kp({ 1: [0.55, 0.3], 2: [0.45, 0.3], 5: [0.7, 0.55], 6: [0.3, 0.5] }), 1000, 1000);
    expect(m.head_tilt_angle).toBe(0);
    expect(m.shoulder_tilt_angle).toBeCloseTo(7.1, 1);
    expect(assessmentNotes(m)).toBe('Shoulders are uneven.');
  });

  it('refuses a shoulder line steeper than someone sitting upright has, naming leaning and a hidden shoulder', () => {
    // Shoulders 400 px apart, one 230 px lower: a 30° line (she leans sideways, or a shoulder was misplaced).
    const leaning = kp({ 1: [0.55, 0.3], 2: [0.45, 0.3], 5: [0.7, 0.73], 6: [0.3, 0.5] });
    expect(() => frontMetrics(leaning, 1000, 1000)).toThrow(
      /shoulder tilt measured 29.9°, more than the 20° of someone sitting upright, so either you lean sideways or a shoulder was hidden .*\. Sit upright/,
    );
  });

  it('keeps the eye line measured when only the shoulder line is refused, and refuses both when both are', () => {
    const leaning = kp({ 1: [0.55, 0.29], 2: [0.45, 0.3], 5: [0.7, 0.73], 6: [0.3, 0.5] });
    const refusal = (() => {
      try {
        frontMetrics(leaning, 1000, 1000);
      } catch (error) {
        return error as NotMeasurable;
      }
    })();
    expect(refusal).toBeInstanceOf(NotMeasurable);
    expect(refusal?.measured).toEqual({ head_tilt_angle: 5.7 });
    expect(refusal?.message).toMatch(/^Not measurable from this view: the shoulder tilt measured 29.9°/);
    expect(refusal?.message).not.toMatch(/head tilt/);
    const both = kp({ 1: [0.55, 0.2], 2: [0.45, 0.32], 5: [0.7, 0.73], 6: [0.3, 0.5] });
    expect(() => frontMetrics(both, 1000, 1000)).toThrow(
      /shoulder tilt measured 29.9°.*head tilt measured 50.2°/,
    );
  });

  it('refuses an eye line steeper than someone sitting upright has, naming a hidden eye', () => {
    const tilted = kp({ 1: [0.55, 0.2], 2: [0.45, 0.32], 5: [0.7, 0.5], 6: [0.3, 0.5] });
    expect(() => frontMetrics(tilted, 1000, 1000)).toThrow(
      /head tilt measured 50.2°, more than the 45° of someone sitting upright, so either you lean sideways or an eye was hidden/,
    );
  });
});

describe('a calibration of three photos', () => {
  it('gives the side metrics as the mean of the two side photos, and the tilts as the front photo gives them', () => {
    const front = { metrics: { shoulder_tilt_angle: 3.2, head_tilt_angle: 1.4 } };
    const left = { metrics: { cranial_vertebral_angle: 48, forward_head_distance: 80 } };
    const right = { metrics: { cranial_vertebral_angle: 51, forward_head_distance: 85 } };
    expect(calibrationMetrics({ front, left, right })).toEqual({
      cranial_vertebral_angle: 49.5,
      forward_head_distance: 82.5,
      shoulder_tilt_angle: 3.2,
      head_tilt_angle: 1.4,
    });
    // A side photo without a value: the other photo's alone.
    expect(calibrationMetrics({ front, left, right: { metrics: {} } }).cranial_vertebral_angle).toBe(48);
  });

  it('leaves out a tilt the front photo could not measure; the score counts what was measured and the notes say why', () => {
    const left = { metrics: { cranial_vertebral_angle: 46.5, forward_head_distance: 80 } };
    const right = { metrics: { cranial_vertebral_angle: 46.5, forward_head_distance: 80 } };
    const metrics = calibrationMetrics({ front: { metrics: { head_tilt_angle: 2 } }, left, right });
    expect(metrics.shoulder_tilt_angle).toBeUndefined();
    // The CVA's warning ramp alone: (48 - 46.5) x 20 / 3 = 10 points.
    expect(overallScore(metrics)).toBe(90);
    const reason = 'The front photo: Not measurable from this view: the shoulder tilt measured 26.1°.';
    expect(assessmentNotes(metrics, [reason])).toBe(
      `Cranial vertebral angle is slightly low: the head sits a little forward of the shoulders. ${reason}`,
    );
    expect(assessmentNotes({ head_tilt_angle: 2 }, [reason])).toBe(
      `Posture is within the healthy range on every measured metric. ${reason}`,
    );
    // Nothing measured: the reason alone, never an all-good sentence.
    expect(assessmentNotes({}, [reason])).toBe(reason);
  });
});

describe('overall score', () => {
  it("scores the answer's metrics by core's rule, each name to its own metric", () => {
    // Values that cost points under their own metric's penalty and none (or other points) under another's.
    const cases: [keyof SideMetrics | keyof FrontMetrics, keyof ScoredMetrics, number, number][] = [
      ['cranial_vertebral_angle', 'cranialVertebralAngle', 46.5, 90],
      ['forward_head_distance', 'forwardHeadDistance', 95, 95],
      ['shoulder_tilt_angle', 'shoulderTiltAngle', 8, 94],
      ['head_tilt_angle', 'headTiltAngle', 9, 92],
    ];
    for (const [name, key, value, score] of cases) {
      expect(overallScore({ [name]: value })).toBe(score);
      expect(overallPostureScore({ [key]: value })).toBe(score);
    }
    const all = {
      cranial_vertebral_angle: 44,
      forward_head_distance: 104,
      shoulder_tilt_angle: 12,
      head_tilt_angle: 9,
    };
    expect(overallScore(all)).toBe(
      overallPostureScore({
        cranialVertebralAngle: 44,
        forwardHeadDistance: 104,
        shoulderTiltAngle: 12,
        headTiltAngle: 9,
      }),
    );
  });
});
