// The overall score of a calibration and the sentence that shows what each metric cost (a figure on a screen
// traceable to its rule).
import { describe, expect, it } from 'vitest';
import {
  overallPostureScore,
  SCORE_PENALTIES,
  scoreBreakdown,
  scoreBreakdownText,
} from '../../src/calibration';

const good = { cranialVertebralAngle: 52, forwardHeadDistance: 80, shoulderTiltAngle: 2, headTiltAngle: 1 };

describe('overall score', () => {
  it('is 100 when every metric is good, and stays above 75 with one warning', () => {
    expect(overallPostureScore(good)).toBe(100);
    expect(overallPostureScore({ ...good, cranialVertebralAngle: 46 })).toBeGreaterThan(75);
  });

  it('falls to 70 or less with forward head posture, lower with tilts, and to 0 at worst', () => {
    const poor = { ...good, cranialVertebralAngle: 44, forwardHeadDistance: 104 };
    expect(overallPostureScore(poor)).toBeLessThanOrEqual(70);
    expect(overallPostureScore({ ...poor, shoulderTiltAngle: 12, headTiltAngle: 9 })).toBeLessThan(
      overallPostureScore(poor),
    );
    const worst = {
      cranialVertebralAngle: 10,
      forwardHeadDistance: 600,
      shoulderTiltAngle: 40,
      headTiltAngle: 40,
    };
    expect(overallPostureScore(worst)).toBe(0);
  });

  it('ramps: each penalty at its thresholds and caps', () => {
    // CVA: 0 at 48°, 20 at 45°, then 2 a degree, at most 40.
    expect(SCORE_PENALTIES.cranialVertebralAngle(48)).toBe(0);
    expect(SCORE_PENALTIES.cranialVertebralAngle(46.5)).toBeCloseTo(10);
    expect(SCORE_PENALTIES.cranialVertebralAngle(45)).toBe(20);
    expect(SCORE_PENALTIES.cranialVertebralAngle(40)).toBe(30);
    expect(SCORE_PENALTIES.cranialVertebralAngle(20)).toBe(40);
    // Forward head: 0 → 10 across 90-100 mm, then 0.1 a mm, at most 20.
    expect(SCORE_PENALTIES.forwardHeadDistance(95)).toBe(5);
    expect(SCORE_PENALTIES.forwardHeadDistance(150)).toBe(15);
    expect(SCORE_PENALTIES.forwardHeadDistance(400)).toBe(20);
    // Tilts: 2 a degree above 5°, either way, at most 20.
    expect(SCORE_PENALTIES.shoulderTiltAngle(8)).toBe(6);
    expect(SCORE_PENALTIES.headTiltAngle(-8)).toBe(6);
    expect(SCORE_PENALTIES.headTiltAngle(40)).toBe(20);
  });

  it('has no steps: a 0.1 change of any metric moves the score by at most 1 point', () => {
    const base = {
      cranialVertebralAngle: 50,
      forwardHeadDistance: 80,
      shoulderTiltAngle: 2,
      headTiltAngle: 2,
    };
    const ranges: Record<keyof typeof base, [number, number]> = {
      cranialVertebralAngle: [30, 60],
      forwardHeadDistance: [60, 140],
      shoulderTiltAngle: [0, 30],
      headTiltAngle: [0, 30],
    };
    let largest = 0;
    for (const [metric, [from, to]] of Object.entries(ranges)) {
      for (let v = from; v < to; v += 0.1) {
        const a = overallPostureScore({ ...base, [metric]: v });
        const b = overallPostureScore({ ...base, [metric]: v + 0.1 });
        largest = Math.max(largest, Math.abs(a - b));
      }
    }
    // Rounding to whole points can move one point; a step at a status threshold moved 5 or 10.
    expect(largest).toBeLessThanOrEqual(1);
    expect(
      Math.abs(overallPostureScore({ ...base, cranialVertebralAngle: 47.95 }) - 100),
    ).toBeLessThanOrEqual(1);
    expect(overallPostureScore({ ...base, forwardHeadDistance: 90.05 })).toBeGreaterThanOrEqual(99);
  });

  it('leaves out a metric not measured', () => {
    expect(overallPostureScore({ ...good, shoulderTiltAngle: null })).toBe(100);
    expect(overallPostureScore({ cranialVertebralAngle: 46.5 })).toBe(90);
  });

  it('breaks down into the metrics that cost points, in the key metrics’ order', () => {
    const b = scoreBreakdown({ ...good, cranialVertebralAngle: 46.5, headTiltAngle: 8.2 });
    expect(b.penalties.map((p) => p.key)).toEqual(['cranialVertebralAngle', 'headTiltAngle']);
    expect(b.penalties[0]?.points).toBeCloseTo(10);
    expect(b.penalties[1]?.points).toBeCloseTo(6.4);
    expect(b.score).toBe(84);
  });
});

describe('the summary’s breakdown sentence', () => {
  const stored = (initialPostureScore: number | null, over = {}) => ({
    ...good,
    ...over,
    initialPostureScore,
  });

  it('names what each metric cost and ends on the stored score', () => {
    expect(scoreBreakdownText(stored(84, { cranialVertebralAngle: 46.5, headTiltAngle: 8.2 }))).toBe(
      'How the score is made: 100 minus 10.0 for cranial vertebral angle, minus 6.4 for head tilt, rounded: 84/100.',
    );
    expect(scoreBreakdownText(stored(100))).toBe(
      'Every metric measured is in its good range, so no points were taken off: 100/100.',
    );
  });

  it('says nothing when the metrics do not give the stored score by this rule, or there is no score', () => {
    // A score stored by an earlier rule, or sent with figures that do not make it: a breakdown would not add up.
    expect(scoreBreakdownText(stored(82))).toBeNull();
    expect(scoreBreakdownText(stored(null))).toBeNull();
  });
});
