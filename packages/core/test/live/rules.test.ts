import { describe, expect, it } from 'vitest';
import { classifyTilt, keypointWeight, TILT_DEG, tiltLevel } from '../../src/analysis';
import type { Keypoint, TemporalPostureData } from '../../src/domain/detection/frame';
import {
  appendCapped,
  arrowWidth,
  CONNECTION_LABELS,
  centroid,
  correctionArrow,
  correctionArrows,
  DEBUG_LOG_CAP,
  formatFreeTimer,
  frameQuality,
  isDrawableBox,
  isDrawableKeypoint,
  isDrawableOffset,
  isFreeTimerWarning,
  isOutlineDrawable,
  isValidPeerId,
  maxArrowLength,
  minPixelOffset,
  NOT_CONNECTED_LABEL,
  nextWorkflowStep,
  outlineShift,
  peerStateIndicator,
  placeOutline,
  REFERENCE_FRAME_SIZE,
  randomPeerId,
  recordProcessingError,
  SESSION_LOG_CAP,
  shouldDrawCorrections,
  tickFreeTimer,
  watchdogIndicator,
} from '../../src/live';

function pose(eyeLeftY: number, eyeRightY: number, count = 17): Keypoint[] {
  return Array.from({ length: count }, (_, i) => {
    if (i === 1) return { x: 0.55, y: eyeLeftY };
    if (i === 2) return { x: 0.45, y: eyeRightY };
    return { x: 0.5, y: 0.5 };
  });
}

describe('tilt classification', () => {
  // One tilt rule for the panel and the analysis: the eye line's angle, in pixels of the 640x640
  // reference frame; the eyes here are 0.1 of the frame apart.
  it('the posture rule counts a tilt from where the panel says Moderate', () => {
    expect(tiltLevel(14.9)).toBeNull();
    expect(tiltLevel(TILT_DEG.mild)).toBe('mild');
    expect(tiltLevel(-TILT_DEG.severe)).toBe('severe');
  });

  const dy = (deg: number) => 0.1 * Math.tan((deg * Math.PI) / 180);
  it.each([
    [0.3, 0.3, 'Neutral'],
    [0.3, 0.319, 'Neutral'], // 10.8°: mild, normal head movement
    [0.3, 0.3 + dy(14.9), 'Neutral'],
    [0.3, 0.3 + dy(15), 'Moderate'],
    [0.33, 0.3, 'Moderate'], // 16.7°
    [0.3, 0.3 + dy(24.9), 'Moderate'],
    [0.3 + dy(25), 0.3, 'Severe'],
    [0.3, 0.351, 'Severe'],
    [0.4, 0.3, 'Severe'],
  ])('eyes at %f and %f → %s', (a, b, tilt) => {
    expect(classifyTilt(pose(a, b))).toBe(tilt);
  });

  it('is the same angle at any distance from the camera', () => {
    // Twice as close: eyes twice as far apart and the vertical difference doubled — the same 16.7°.
    const near = pose(0.36, 0.3);
    near[1] = { x: 0.6, y: 0.36 };
    near[2] = { x: 0.4, y: 0.3 };
    expect(classifyTilt(near)).toBe('Moderate');
    expect(classifyTilt(pose(0.33, 0.3))).toBe('Moderate');
  });

  it("'Analyzing...' with fewer than 11 keypoints or missing eyes", () => {
    expect(classifyTilt(pose(0.3, 0.4, 10))).toBe('Analyzing...');
    expect(classifyTilt(pose(0.3, 0.4, 11))).toBe('Severe');
    const missing = pose(0.3, 0.4);
    missing[2] = { x: 0.45, y: Number.NaN };
    expect(classifyTilt(missing)).toBe('Analyzing...');
    expect(classifyTilt(null)).toBe('Analyzing...');
  });
});

describe('arrow rules', () => {
  it.each([
    [0, 1],
    [1, 0.9],
    [2, 0.9],
    [3, 0.5],
    [4, 0.5],
    [5, 0.8],
    [6, 0.8],
    [7, 0.5],
    [11, 0.7],
    [12, 0.7],
    [16, 0.5],
  ])('keypoint %i weighs %f', (index, weight) => {
    expect(keypointWeight(index)).toBe(weight);
  });

  it.each([
    [0.9, 1, 3],
    [0.81, 0.5, 4.5],
    [0.8, 1, 5], // 0.8 is not above 0.8
    [0.5, 0.7, 6.5],
    [0.5, 0.9, 5.5],
  ])('minimum offset at confidence %f, weight %f is %f px', (confidence, weight, px) => {
    expect(minPixelOffset(confidence, weight)).toBeCloseTo(px, 10);
  });

  it('lengths and widths by level', () => {
    expect([maxArrowLength('mild'), maxArrowLength('moderate'), maxArrowLength('severe')]).toEqual([
      80, 80, 100,
    ]);
    expect([arrowWidth('mild'), arrowWidth('moderate'), arrowWidth('severe')]).toEqual([2, 3, 4]);
  });

  const size = REFERENCE_FRAME_SIZE;
  const nose = { x: 0.5, y: 0.5 };

  it('points from the keypoint back toward its calibrated place', () => {
    // Nose 0.05 (32 px) right of its reference: the arrow points left, 32 px long.
    const arrow = correctionArrow(0, nose, [0.05, 0], size, 'moderate', 0.9);
    expect(arrow?.from).toEqual({ x: 320, y: 320 });
    expect(arrow?.to.x).toBeCloseTo(288, 6);
    expect(arrow?.to.y).toBeCloseTo(320, 6);
    expect(arrow?.width).toBe(3);
  });

  it('clamps short offsets up to 15 px and long ones to 80 (100 when severe)', () => {
    const short = correctionArrow(0, nose, [0, 0.01], size, 'mild', 0.9); // 6.4 px ≥ 3
    expect(short && short.from.y - short.to.y).toBeCloseTo(15, 6);
    const long = correctionArrow(0, nose, [0, 0.5], size, 'moderate', 0.9);
    expect(long && long.from.y - long.to.y).toBeCloseTo(80, 6);
    const severe = correctionArrow(0, nose, [0, 0.5], size, 'severe', 0.9);
    expect(severe && severe.from.y - severe.to.y).toBeCloseTo(100, 6);
    expect(severe?.width).toBe(4);
  });

  it('skips offsets under the minimum for the keypoint', () => {
    // 4 px: enough for the nose at high confidence (3), not for an ear (3 × 1.5 = 4.5).
    expect(correctionArrow(0, nose, [4 / 640, 0], size, 'mild', 0.9)).not.toBeNull();
    expect(correctionArrow(3, nose, [4 / 640, 0], size, 'mild', 0.9)).toBeNull();
    // Low confidence: 5 px for the nose.
    expect(correctionArrow(0, nose, [4 / 640, 0], size, 'mild', 0.5)).toBeNull();
  });

  it('skips undrawable keypoints and offsets', () => {
    expect(correctionArrow(0, { x: Number.NaN, y: 0.5 }, [0.1, 0], size, 'mild', 0.9)).toBeNull();
    expect(correctionArrow(0, nose, [0, 0], size, 'mild', 0.9)).toBeNull();
    expect(correctionArrow(0, nose, ['a', 0.1], size, 'mild', 0.9)).toBeNull();
  });

  it('draws one arrow per drawable keypoint of the frame', () => {
    const posture: TemporalPostureData = {
      is_posture_deviated: true,
      deviation_level: 'severe',
      confidence: 0.95,
      stability_factor: 1,
      smoothing_factor: 0.5,
      all_offset_vector: [
        [0.1, 0],
        [0, 0],
        [0.001, 0],
        [0, 0.1],
      ],
    };
    const keypoints = [nose, nose, nose, nose];
    expect(correctionArrows(keypoints, posture, size).map((a) => a.index)).toEqual([0, 3]);
  });

  it('draws corrections only in Active Mode while deviated', () => {
    const deviated = { is_posture_deviated: true } as TemporalPostureData;
    const fine = { is_posture_deviated: false } as TemporalPostureData;
    expect(shouldDrawCorrections(true, deviated)).toBe(true);
    expect(shouldDrawCorrections(true, fine)).toBe(false);
    expect(shouldDrawCorrections(false, deviated)).toBe(false);
    expect(shouldDrawCorrections(true, null)).toBe(false);
  });
});

describe('drawability', () => {
  it.each([
    [{ x: 0.1, y: 0.2 }, true],
    [{ x: 0, y: 0 }, true],
    [{ x: Number.NaN, y: 0.2 }, false],
    [{ x: '0.1', y: 0.2 }, false],
    [{ y: 0.2 }, false],
    [null, false],
  ])('keypoint %j → %s', (point, ok) => {
    expect(isDrawableKeypoint(point as never)).toBe(ok);
  });

  it.each([
    [{ x: 0, y: 0, w: 1, h: 1 }, true],
    [{ x: 0, y: 0, w: 1 }, false],
    [{ x: 0, y: 0, w: 1, h: '1' }, false],
  ])('box %j → %s', (box, ok) => {
    expect(isDrawableBox(box as never)).toBe(ok);
  });

  it.each([
    [[0.1, 0], true],
    [[0, -0.1], true],
    [[0, 0], false],
    [[0.1], false],
    [[0.1, null], false],
    ['x', false],
  ])('offset %j → %s', (offset, ok) => {
    expect(isDrawableOffset(offset)).toBe(ok);
  });
});

describe('reference outline', () => {
  const square = [
    [100, 100],
    [200, 100],
    [200, 200],
    [100, 200],
  ] as [number, number][];

  it('needs at least 3 numeric points', () => {
    expect(isOutlineDrawable(square.slice(0, 3))).toBe(true);
    expect(isOutlineDrawable(square.slice(0, 2))).toBe(false);
    expect(
      isOutlineDrawable([
        [1, 2],
        [3, 4],
        ['a', 5],
      ]),
    ).toBe(false);
    expect(isOutlineDrawable(null)).toBe(false);
    expect(isOutlineDrawable([])).toBe(false);
  });

  it('shifts only when the centre offset is over 50 px', () => {
    expect(outlineShift({ x: 0, y: 0 }, { x: 30, y: 40 })).toEqual({ x: 0, y: 0 }); // exactly 50
    expect(outlineShift({ x: 0, y: 0 }, { x: 31, y: 40 })).toEqual({ x: 31, y: 40 });
    expect(outlineShift({ x: 10, y: 10 }, { x: -50, y: 10 })).toEqual({ x: -60, y: 0 });
  });

  it('places the outline on the canvas: scaled, then shifted', () => {
    expect(placeOutline(square, { width: 640, height: 480 }, { width: 320, height: 240 })).toEqual([
      { x: 50, y: 50 },
      { x: 100, y: 50 },
      { x: 100, y: 100 },
      { x: 50, y: 100 },
    ]);
    const moved = placeOutline(square, REFERENCE_FRAME_SIZE, REFERENCE_FRAME_SIZE, { x: 250, y: 150 });
    expect(moved?.[0]).toEqual({ x: 200, y: 100 });
    const still = placeOutline(square, REFERENCE_FRAME_SIZE, REFERENCE_FRAME_SIZE, { x: 170, y: 150 });
    expect(still?.[0]).toEqual({ x: 100, y: 100 });
    expect(placeOutline([[1, 1]], REFERENCE_FRAME_SIZE, REFERENCE_FRAME_SIZE)).toBeNull();
    expect(centroid([])).toEqual({ x: 0, y: 0 });
  });
});

describe('frame quality', () => {
  it.each([
    [0, 'Excellent'],
    [99, 'Excellent'],
    [100, 'Good'],
    [199, 'Good'],
    [200, 'Fair'],
    [499, 'Fair'],
    [500, 'Poor'],
    [5000, 'Poor'],
  ])('%i ms → %s', (gap, quality) => {
    expect(frameQuality(gap)).toBe(quality);
  });
});

describe('connection indicator and watchdog', () => {
  it('names each connection state in the indicator', () => {
    expect(CONNECTION_LABELS).toEqual({
      good: 'Connected',
      warning: 'Connection issues',
      error: 'Disconnected',
    });
    expect(NOT_CONNECTED_LABEL).toBe('Not connected');
  });

  it.each([
    [0, 'good'],
    [5000, 'good'],
    [5001, 'warning'],
    [15000, 'warning'],
    [15001, 'error'],
  ])('%i ms without frames → %s', (ms, state) => {
    expect(watchdogIndicator(ms)).toBe(state);
  });

  it.each([
    ['connected', 'good'],
    ['completed', 'good'],
    ['disconnected', 'warning'],
    ['failed', 'warning'],
    ['checking', null],
    ['new', null],
  ])('peer %s → %s', (state, indicator) => {
    expect(peerStateIndicator(state)).toBe(indicator);
  });
});

describe('processing errors', () => {
  it('degrades and enables debug above 5, resets above 10', () => {
    let count = 0;
    const steps = [];
    for (let i = 0; i < 12; i++) {
      const step = recordProcessingError(count);
      count = step.count;
      steps.push([step.count, step.degraded]);
    }
    expect(steps).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
      [6, true],
      [7, true],
      [8, true],
      [9, true],
      [10, true],
      [0, false],
      [1, false],
    ]);
    expect(recordProcessingError(5).enableDebug).toBe(true);
    expect(recordProcessingError(4).enableDebug).toBe(false);
  });
});

describe('free timer', () => {
  it.each([
    [120, '2:00'],
    [119, '1:59'],
    [65, '1:05'],
    [30, '0:30'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatFreeTimer(seconds)).toBe(text);
  });

  it('turns red at 30 s or less and expires at 0', () => {
    expect(isFreeTimerWarning(31)).toBe(false);
    expect(isFreeTimerWarning(30)).toBe(true);
    expect(tickFreeTimer(2)).toEqual({ seconds: 1, expired: false });
    expect(tickFreeTimer(1)).toEqual({ seconds: 0, expired: true });
  });
});

describe('capped logs', () => {
  it('keeps the newest 50 debug lines and 500 session entries', () => {
    let log: number[] = [];
    for (let i = 0; i < 60; i++) log = appendCapped(log, i, DEBUG_LOG_CAP);
    expect(log).toHaveLength(50);
    expect(log[0]).toBe(10);
    expect(log.at(-1)).toBe(59);
    let big: number[] = [];
    for (let i = 0; i < 501; i++) big = appendCapped(big, i, SESSION_LOG_CAP);
    expect([big.length, big[0]]).toEqual([500, 1]);
  });
});

describe('workflow steps', () => {
  it.each([
    ['start', { type: 'resultsOpened' }, 'calibrate'],
    ['active', { type: 'resultsOpened' }, 'active'],
    ['calibrate', { type: 'calibrated' }, 'active'],
    ['active', { type: 'activeModeOn' }, 'complete'],
    ['complete', { type: 'activeModeOff', calibrated: true }, 'active'],
    ['complete', { type: 'activeModeOff', calibrated: false }, 'calibrate'],
    ['complete', { type: 'stopped' }, 'start'],
  ] as const)('%s + %j → %s', (step, event, next) => {
    expect(nextWorkflowStep(step, event)).toBe(next);
  });
});

describe('peer id', () => {
  it('is 6 digits between 100000 and 999999', () => {
    expect(randomPeerId(() => 0)).toBe('100000');
    expect(randomPeerId(() => 0.999999999)).toBe('999999');
    for (let i = 0; i < 200; i++) expect(isValidPeerId(randomPeerId())).toBe(true);
    expect(isValidPeerId('099999')).toBe(false);
    expect(isValidPeerId('1000000')).toBe(false);
    expect(isValidPeerId('12a456')).toBe(false);
  });
});
