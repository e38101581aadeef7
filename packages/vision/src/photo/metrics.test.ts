import type { Keypoint } from '@posture-vision/core/analysis';
import { describe, expect, it } from 'vitest';
import { assessmentNotes, frontMetrics, overallScore, sideMetrics, status } from './metrics.ts';

const kp = (points: Record<number, [number, number]>): Keypoint[] =>
  Array.from({ length: 17 }, (_, i) => {
    const p = points[i];
    return p ? { x: p[0], y: p[1], score: 0.9 } : { x: Number.NaN, y: Number.NaN, score: 0 };
  });

describe('side view metrics', () => {
  it('gives the ear-over-shoulder angle and forward distance, facing either way', () => {
    // Facing right (nose right of the ear): ear 50 px ahead of and 100 px above the shoulder.
    const right = sideMetrics(kp({ 0: [0.6, 0.3], 3: [0.5, 0.35], 5: [0.45, 0.45] }), 1000, 1000);
    expect(right.cranial_vertebral_angle).toBeCloseTo(63.4, 1);
    expect(right.forward_head_distance).toBeCloseTo(50, 1);
    // Mirror image: same numbers.
    const left = sideMetrics(kp({ 0: [0.4, 0.3], 4: [0.5, 0.35], 6: [0.55, 0.45] }), 1000, 1000);
    expect(left).toEqual(right);
  });

  it('agrees with the section 5.2 thresholds at 45° and 48°', () => {
    const at = (deg: number) => {
      const dx = 0.1 / Math.tan((deg * Math.PI) / 180);
      return sideMetrics(kp({ 0: [0.5 + dx + 0.1, 0.3], 3: [0.5 + dx, 0.35], 5: [0.5, 0.45] }), 1000, 1000);
    };
    expect(at(45).forward_head_distance).toBeCloseTo(100, 0);
    expect(at(48).forward_head_distance).toBeCloseTo(90, 0);
    expect(status.cranial_vertebral_angle(44.9)).toBe('poor');
    expect(status.forward_head_distance(at(44).forward_head_distance)).toBe('poor');
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
});

describe('overall score', () => {
  it('is 100 when everything is good and stays above 75 with one warning', () => {
    const good = {
      cranial_vertebral_angle: 52,
      forward_head_distance: 70,
      shoulder_tilt_angle: 2,
      head_tilt_angle: 1,
    };
    expect(overallScore(good)).toBe(100);
    expect(overallScore({ ...good, cranial_vertebral_angle: 46 })).toBeGreaterThan(75);
    expect(assessmentNotes(good)).toMatch(/healthy range/);
  });

  it('falls to 70 or less with forward head posture and lower with tilts', () => {
    const poor = {
      cranial_vertebral_angle: 44,
      forward_head_distance: 104,
      shoulder_tilt_angle: 2,
      head_tilt_angle: 1,
    };
    expect(overallScore(poor)).toBeLessThanOrEqual(70);
    expect(overallScore({ ...poor, shoulder_tilt_angle: 12, head_tilt_angle: 9 })).toBeLessThan(
      overallScore(poor),
    );
    expect(
      overallScore({
        cranial_vertebral_angle: 10,
        forward_head_distance: 600,
        shoulder_tilt_angle: 40,
        head_tilt_angle: 40,
      }),
    ).toBe(0);
  });
});
