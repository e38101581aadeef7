import { describe, expect, it } from 'vitest';
import {
  cvaStatus,
  forwardHeadStatus,
  goalSuggestions,
  headTiltStatus,
  keyMetrics,
  MAINTAIN_GOAL,
  MEASURE_GOAL,
  shoulderTiltStatus,
  summaryScoreBand,
  unmeasuredMetrics,
} from '../../src/calibration';

describe('key metric status', () => {
  it.each([
    [44.9, 'poor'],
    [45, 'warning'],
    [47.9, 'warning'],
    [48, 'good'],
    [55, 'good'],
  ])('CVA %f → %s', (v, s) => {
    expect(cvaStatus(v)).toBe(s);
  });

  it.each([
    [100.1, 'poor'],
    [100, 'warning'],
    [90.1, 'warning'],
    [90, 'good'],
    [40, 'good'],
  ])('forward head %f → %s', (v, s) => {
    expect(forwardHeadStatus(v)).toBe(s);
  });

  it.each([
    [5.1, 'warning'],
    [5, 'good'],
    [-6, 'warning'],
    [0, 'good'],
  ])('shoulder tilt %f → %s', (v, s) => {
    expect(shoulderTiltStatus(v)).toBe(s);
  });

  it.each([
    [5.1, 'warning'],
    [5, 'good'],
    [-7, 'warning'],
  ])('head tilt %f → %s', (v, s) => {
    expect(headTiltStatus(v)).toBe(s);
  });
});

describe('key metrics and goals', () => {
  const good = {
    cranialVertebralAngle: 52,
    forwardHeadDistance: 60,
    shoulderTiltAngle: 1.2,
    headTiltAngle: 2,
  };

  it('lists the metrics present with formatted values and statuses', () => {
    const metrics = keyMetrics({ ...good, cranialVertebralAngle: 44.44, headTiltAngle: null });
    expect(metrics.map((m) => [m.name, m.value, m.status])).toEqual([
      ['Cranial Vertebral Angle', '44.4°', 'poor'],
      ['Forward Head Distance', '60.0 mm', 'good'],
      ['Shoulder Tilt', '1.2°', 'good'],
    ]);
    expect(metrics.every((m) => m.comment.length > 0)).toBe(true);
    expect(unmeasuredMetrics({ ...good, cranialVertebralAngle: 44.44, headTiltAngle: null })).toEqual([
      { key: 'headTiltAngle', name: 'Head Tilt' },
    ]);
    expect(unmeasuredMetrics(good)).toEqual([]);
  });

  it("suggests the 'maintain' goal when nothing needs work", () => {
    expect(goalSuggestions(good).map((g) => g.id)).toEqual(['maintain']);
  });

  it('suggests measuring, not maintaining, when no key metric was measured', () => {
    const none = {
      cranialVertebralAngle: null,
      forwardHeadDistance: null,
      shoulderTiltAngle: null,
      headTiltAngle: null,
    };
    expect(goalSuggestions(none)).toEqual([MEASURE_GOAL]);
    expect(goalSuggestions({ ...none, headTiltAngle: 2 })).toEqual([MAINTAIN_GOAL]);
  });

  it('suggests one goal per issue', () => {
    const goals = goalSuggestions({ ...good, cranialVertebralAngle: 46, shoulderTiltAngle: 8 });
    expect(goals.map((g) => g.id)).toEqual(['cva', 'shoulder-tilt']);
    expect(goalSuggestions({ ...good, forwardHeadDistance: 120, headTiltAngle: 9 }).map((g) => g.id)).toEqual(
      ['forward-head', 'head-tilt'],
    );
  });
});

describe('summary score colour', () => {
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79.9, 'mid'],
    [60, 'mid'],
    [59, 'poor'],
    [0, 'poor'],
  ])('%f → %s', (score, band) => {
    expect(summaryScoreBand(score)).toBe(band);
  });
});
