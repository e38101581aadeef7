// The photo analysis colours its metrics with the calibration summary's rule: a tilt to
// either side counts, and vision, API and web agree on every threshold.
import {
  cvaStatus,
  forwardHeadStatus,
  headTiltStatus,
  shoulderTiltStatus,
} from '@posture-vision/core/calibration';
import { describe, expect, it } from 'vitest';
import { assessmentNotes, status } from '../src/photo/metrics.ts';

describe('photo metric status (the key-metric status rule)', () => {
  it('counts a tilt to either side', () => {
    expect(status.shoulder_tilt_angle(-7)).toBe('warning');
    expect(status.head_tilt_angle(-5.5)).toBe('warning');
    expect(status.shoulder_tilt_angle(-4)).toBe('good');
    expect(assessmentNotes({ shoulder_tilt_angle: -8 })).toBe('Shoulders are uneven.');
  });

  it('agrees with the calibration summary on both sides of every threshold', () => {
    const values = [-101, -48, -6, -5, -4.9, 0, 4.9, 5, 5.1, 44.9, 45, 47.9, 48, 90, 90.1, 100, 100.1];
    for (const v of values) {
      expect(status.cranial_vertebral_angle(v)).toBe(cvaStatus(v));
      expect(status.forward_head_distance(v)).toBe(forwardHeadStatus(v));
      expect(status.shoulder_tilt_angle(v)).toBe(shoulderTiltStatus(v));
      expect(status.head_tilt_angle(v)).toBe(headTiltStatus(v));
    }
  });
});
