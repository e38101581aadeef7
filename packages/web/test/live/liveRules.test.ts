// The live tool's rules of document 2 (sections 4.1, 5.1 and 9).
import { describe, expect, it } from 'vitest';
import { correctionArrows, keypointWeight } from '../../src/live/rules/arrows.ts';
import { frameQuality, watchdogVerdict } from '../../src/live/rules/frameQuality.ts';
import { formatFreeTimer, isFreeTimerLow } from '../../src/live/rules/freeTimer.ts';
import { scaleOutline, shiftOutline } from '../../src/live/rules/outline.ts';
import { classifyTilt } from '../../src/live/rules/tilt.ts';

const pose = (overrides: Record<number, { x: number; y: number }> = {}, count = 17) =>
  Array.from({ length: count }, (_, i) => overrides[i] ?? { x: 0.5, y: 0.3 + i * 0.02 });

describe('free timer', () => {
  it('shows m:ss and turns red at 30 s or less', () => {
    expect(formatFreeTimer(120)).toBe('2:00');
    expect(formatFreeTimer(69)).toBe('1:09');
    expect(formatFreeTimer(-3)).toBe('0:00');
    expect(isFreeTimerLow(31)).toBe(false);
    expect(isFreeTimerLow(30)).toBe(true);
  });
});

describe('head tilt from keypoints 1 and 2', () => {
  it('is Severe above 0.05, Moderate above 0.02, otherwise Neutral', () => {
    expect(classifyTilt(pose({ 1: { x: 0.45, y: 0.3 }, 2: { x: 0.55, y: 0.36 } }))).toBe('Severe');
    expect(classifyTilt(pose({ 1: { x: 0.45, y: 0.3 }, 2: { x: 0.55, y: 0.33 } }))).toBe('Moderate');
    expect(classifyTilt(pose({ 1: { x: 0.45, y: 0.3 }, 2: { x: 0.55, y: 0.315 } }))).toBe('Neutral');
  });
  it('is Analyzing... with fewer than 11 keypoints or missing eyes', () => {
    expect(classifyTilt(pose({}, 10))).toBe('Analyzing...');
    expect(classifyTilt(pose({ 2: { x: Number.NaN, y: 0.3 } }))).toBe('Analyzing...');
    expect(classifyTilt(undefined)).toBe('Analyzing...');
  });
});

describe('frame quality and watchdog', () => {
  it('grades the gap between frames', () => {
    expect(frameQuality(99)).toBe('Excellent');
    expect(frameQuality(150)).toBe('Good');
    expect(frameQuality(499)).toBe('Fair');
    expect(frameQuality(500)).toBe('Poor');
  });
  it('warns after 5 s without frames and calls the link lost after 15 s', () => {
    expect(watchdogVerdict(4000)).toBeNull();
    expect(watchdogVerdict(6000)).toBe('warning');
    expect(watchdogVerdict(16000)).toBe('error');
  });
});

describe('correction arrows', () => {
  const base = { width: 640, height: 480, confidence: 0.9, level: 'moderate' as const };
  it('weights the nose, eyes, shoulders and hips', () => {
    expect([0, 1, 2, 5, 6, 11, 12, 3].map(keypointWeight)).toEqual([1, 0.9, 0.9, 0.8, 0.8, 0.7, 0.7, 0.5]);
  });
  it('skips small, zero and invalid offsets and clamps lengths to 15..80', () => {
    const offsets = Array.from({ length: 17 }, () => [0, 0]);
    offsets[0] = [0.002, 0]; // 1.3 px < 3 px minimum for the nose
    offsets[5] = [0, 0.5]; // 240 px → clamped to 80
    offsets[6] = [0.01, 0]; // 6.4 px → drawn at the 15 px minimum
    offsets[7] = [Number.NaN, 0.1];
    const arrows = correctionArrows({ ...base, keypoints: pose(), offsets });
    expect(arrows.map((a) => a.keypoint)).toEqual([5, 6]);
    const [shoulder, other] = arrows as [(typeof arrows)[0], (typeof arrows)[0]];
    expect(Math.hypot(shoulder.toX - shoulder.fromX, shoulder.toY - shoulder.fromY)).toBeCloseTo(80);
    expect(Math.hypot(other.toX - other.fromX, other.toY - other.fromY)).toBeCloseTo(15);
    expect(shoulder.lineWidth).toBe(3);
  });
  it('allows 100 px and width 4 when severe, and needs 5 px when confidence is low', () => {
    const offsets = Array.from({ length: 17 }, () => [0, 0]);
    offsets[0] = [0.4, 0];
    offsets[1] = [0.0065, 0]; // 4.2 px: enough at high confidence (3 × 1.1), not at low (5 × 1.1)
    const severe = correctionArrows({ ...base, level: 'severe', keypoints: pose(), offsets });
    expect(severe).toHaveLength(2);
    expect(severe[0]?.lineWidth).toBe(4);
    expect(Math.abs((severe[0]?.toX ?? 0) - (severe[0]?.fromX ?? 0))).toBeCloseTo(100);
    expect(correctionArrows({ ...base, confidence: 0.5, keypoints: pose(), offsets })).toHaveLength(1);
  });
});

describe('reference outline', () => {
  it('scales normalised points and 640x640 reference pixels to the canvas', () => {
    expect(scaleOutline([[0.5, 0.5]], { width: 640, height: 480 })).toEqual([[320, 240]]);
    expect(scaleOutline([[320, 320]], { width: 640, height: 480 })).toEqual([[320, 240]]);
  });
  it('follows the person only when the centres are more than 50 px apart', () => {
    const canvas = { width: 640, height: 640 };
    const outline: [number, number][] = [
      [300, 300],
      [340, 300],
      [320, 340],
    ];
    const near = shiftOutline(outline, [{ x: 0.55, y: 0.5 }], canvas); // 32 px away
    expect(near).toEqual(outline);
    const far = shiftOutline(outline, [{ x: 0.7, y: 0.49 }], canvas); // ~128 px away
    expect(far[0]?.[0]).toBeCloseTo(300 + 448 - 320);
  });
});
