// The overall score of a calibration and the sentence that shows what each metric cost (issue 13: a figure on a
// screen traceable to its rule).
import { describe, expect, it } from 'vitest';
import {
  overallPostureScore,
  SCORE_PENALTIES,
  scoreBreakdown,
  scoreBreakdownText,
} from '../../src/calibration/index';

const good = { cranialVertebralAngle: 52, forwardHeadDistance: 80, shoulderTiltAngle: 2, headTiltAngle: 1 };

describe('overall score', () => {
  it('is 100 when every metric is good, and ramps without steps at the status thresholds', () => {
    expect(overallPostureScore(good)).toBe(100);
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

  it('leaves out a metric not measured, and the worst case is 0', () => {
    expect(overallPostureScore({ ...good, shoulderTiltAngle: null })).toBe(100);
    expect(overallPostureScore({ cranialVertebralAngle: 46.5 })).toBe(90);
    const worst = {
      cranialVertebralAngle: 10,
      forwardHeadDistance: 300,
      shoulderTiltAngle: 30,
      headTiltAngle: 30,
    };
    expect(overallPostureScore(worst)).toBe(0);
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
    expect(scoreBreakdownText(stored(100))).toBe('No measured metric cost points: 100/100.');
  });

  it('says nothing when the metrics do not give the stored score by this rule, or there is no score', () => {
    // A score stored by an earlier rule, or sent with figures that do not make it: a breakdown would not add up.
    expect(scoreBreakdownText(stored(82))).toBeNull();
    expect(scoreBreakdownText(stored(null))).toBeNull();
  });
});
