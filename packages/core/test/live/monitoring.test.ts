// The passive monitor's cost rules (live/monitoring): the change gate on real webcam frames, and the rate for each
// posture watch.
import { realRgb } from '@posture-vision/testkit/real-media';
import { describe, expect, it } from 'vitest';
import { createReference, initialPostureState, RECOVERY_MS, stepPosture } from '../../src/analysis';
import type { Keypoint } from '../../src/detection';
import {
  BATTERY_RATE_DIVISOR,
  BATTERY_RATES,
  FRAME_INTERVAL_SLACK,
  frameDue,
  frameWatch,
  gateDecision,
  type LumaGrid,
  lumaGrid,
  MONITOR_RATES,
  type PostureWatch,
  postureWatch,
  rgbPixels,
  STEADY_FPS,
  watchFps,
  yPlane,
} from '../../src/live-monitoring';
import { POSE_FRAME, slouched, upright } from '../analysis/poses';

type Rgb = { width: number; height: number; data: Uint8Array };
const grid = (img: Rgb): LumaGrid => lumaGrid(rgbPixels(img.data, img.width, img.height));
const students = 'webcam-students-good-vs-bad';
const man = 'webcam-upright-vs-slouched';
/** The man's body box in his upright frames (normalised), as the model finds it. */
const box = { x: 0.2, y: 0.05, w: 0.6, h: 0.95 };

/** The picture moved down by `px` rows (the top row repeated): a person sinking in the chair, a pixel at a time. */
function sunk(img: Rgb, px: number): Rgb {
  const data = new Uint8Array(img.data.length);
  const row = img.width * 3;
  for (let y = 0; y < img.height; y++) {
    const from = Math.max(0, y - px) * row;
    data.set(img.data.subarray(from, from + row), y * row);
  }
  return { ...img, data };
}

describe('the change gate', () => {
  it('lets the last detection stand between consecutive frames of real webcam video where the student sits still', () => {
    // Frames 3 apart in the source video (test split): the sensor noise and compression of a real camera.
    for (const [a, b] of [
      ['good/test-075.jpg', 'good/test-078.jpg'],
      ['bad/test-033.jpg', 'bad/test-036.jpg'],
      ['bad/dataset1-310.jpg', 'bad/dataset1-315.jpg'],
    ]) {
      const before = grid(realRgb(`${students}/${a}`));
      const d = gateDecision(
        { grid: before, time: 0, box: null },
        grid(realRgb(`${students}/${b}`)),
        500,
        5000,
      );
      expect(d).toMatchObject({ run: false, reason: 'still' });
    }
  });

  it('runs the model at once when the person slouches, sits up or moves', () => {
    const upright = grid(realRgb(`${man}/notSlouching/sample-1542640808958-0.jpg`));
    const slouched = grid(realRgb(`${man}/isSlouching/sample-1542640808958-0.jpg`));
    const movedOn = grid(realRgb(`${man}/notSlouching/sample-1542640808958-5.jpg`));
    expect(gateDecision({ grid: upright, time: 0, box }, slouched, 200, 5000)).toMatchObject({
      run: true,
      reason: 'moved',
    });
    expect(gateDecision({ grid: slouched, time: 0, box }, upright, 200, 5000)).toMatchObject({
      run: true,
      reason: 'moved',
    });
    expect(gateDecision({ grid: upright, time: 0, box }, movedOn, 200, 5000)).toMatchObject({
      run: true,
      reason: 'moved',
    });
  });

  it('runs the model on the first frame, and on a still picture once the last run is due', () => {
    const img = grid(realRgb(`${man}/notSlouching/sample-1542640808958-0.jpg`));
    expect(gateDecision(null, img, 0, 5000)).toMatchObject({ run: true, reason: 'first' });
    expect(gateDecision({ grid: img, time: 0, box }, img, 4999, 5000)).toMatchObject({ run: false });
    expect(gateDecision({ grid: img, time: 0, box }, img, 5000, 5000)).toMatchObject({
      run: true,
      reason: 'due',
    });
  });

  it('sees a slow sink: each frame moves less than the gate sees, but against the model frame it adds up', () => {
    const upright = realRgb(`${man}/notSlouching/sample-1542640808958-0.jpg`);
    const low = sunk(upright, 4);
    // Sinking 4 pixels over 20 frames: each frame a twentieth of the way (a blend, the sub-pixel steps of a camera).
    const at = (k: number): LumaGrid => {
      const f = k / 20;
      return grid({
        ...upright,
        data: upright.data.map((v, i) => Math.round(v * (1 - f) + (low.data[i] ?? 0) * f)),
      });
    };
    const frames = Array.from({ length: 21 }, (_, k) => at(k));
    // Frame to frame the picture hardly changes ...
    for (let k = 1; k <= 20; k++)
      expect(
        gateDecision({ grid: frames[k - 1] as LumaGrid, time: 0, box }, frames[k] as LumaGrid, 500, 60_000)
          .run,
      ).toBe(false);
    // ... but against the model's last frame it adds up, and the model runs before the sink is complete.
    let model = { grid: frames[0] as LumaGrid, time: 0, box };
    const runs: number[] = [];
    for (let k = 1; k <= 20; k++) {
      const d = gateDecision(model, frames[k] as LumaGrid, k * 500, 60_000);
      if (d.run) {
        expect(d.reason).toBe('moved');
        runs.push(k);
        model = { grid: frames[k] as LumaGrid, time: k * 500, box };
      }
    }
    expect(runs.length).toBeGreaterThan(0);
    expect(runs[0]).toBeLessThan(20);
  });

  it('takes the camera adjusting its exposure (every cell brighter alike) as no movement', () => {
    const img = realRgb(`${students}/good/test-075.jpg`);
    const brighter = { ...img, data: img.data.map((v) => Math.min(255, v + 12)) };
    expect(gateDecision({ grid: grid(img), time: 0, box: null }, grid(brighter), 200, 5000).run).toBe(false);
  });

  it('reads the same grid from an I420 luma plane as from the RGB picture it was made from', () => {
    const img = realRgb(`${students}/good/test-075.jpg`);
    const y = new Uint8Array(img.width * img.height);
    for (let i = 0; i < y.length; i++)
      y[i] = Math.round(
        16 +
          (66 * (img.data[i * 3] ?? 0) + 129 * (img.data[i * 3 + 1] ?? 0) + 25 * (img.data[i * 3 + 2] ?? 0)) /
            256,
      );
    const fromY = lumaGrid(yPlane(y, img.width, img.height));
    const fromRgb = grid(img);
    const worst = Math.max(...Array.from(fromY.cells, (v, i) => Math.abs(v - (fromRgb.cells[i] ?? 0))));
    expect(worst).toBeLessThan(0.5);
  });
});

describe('the rate that follows what is happening', () => {
  const person: Keypoint[] = Array.from({ length: 17 }, (_, i) => ({
    x: 0.3 + i * 0.02,
    y: 0.4,
    score: 0.9,
  }));
  const good = initialPostureState();

  it('on battery, the slower watch divides every capture rate by the battery divisor, keeping the forced model runs', () => {
    expect(BATTERY_RATE_DIVISOR).toBe(2);
    expect(BATTERY_RATES.fps).toEqual({ at_risk: 2.5, poor: 1, steady: 0.5, nobody: 1 / 6 });
    for (const watch of ['at_risk', 'poor', 'steady', 'nobody'] as const)
      expect(watchFps(watch, BATTERY_RATES)).toBe(watchFps(watch) / BATTERY_RATE_DIVISOR);
    expect(BATTERY_RATES.modelAtLeastEveryMs).toEqual(MONITOR_RATES.modelAtLeastEveryMs);
    // Still two frames in every recovery second while at risk, so one frame under the threshold ends nothing.
    expect(watchFps('at_risk', BATTERY_RATES) * (RECOVERY_MS / 1000)).toBeGreaterThanOrEqual(2);
  });

  it('watches nobody when no person is in view, steady before a reference or in good posture', () => {
    expect(postureWatch(null, good, true)).toBe('nobody');
    expect(postureWatch([], good, true)).toBe('nobody');
    expect(postureWatch(person, good, false)).toBe('steady');
    expect(postureWatch(person, good, true)).toBe('steady');
  });

  it('watches at risk while a deviation is timed, recovering, or the head is turned away; poor while one is held', () => {
    expect(postureWatch(person, { ...good, overSince: 1000 }, true)).toBe('at_risk');
    expect(postureWatch(person, { ...good, deviated: true, overSince: 1000 }, true)).toBe('poor');
    expect(postureWatch(person, { ...good, deviated: true, underSince: 2000 }, true)).toBe('at_risk');
    expect(postureWatch(person, { ...good, deviated: true, turnedSince: 2000 }, true)).toBe('at_risk');
    expect(postureWatch(person, { ...good, turnedSince: 500 }, true)).toBe('at_risk');
    // A frame where the model lost the person while the analysis still times the deviation: still at risk.
    expect(postureWatch(null, { ...good, overSince: 1000 }, true)).toBe('at_risk');
  });

  it('watches at risk while a slouch is timed, poor once it is reported, and steady again once it has recovered', () => {
    const ref = createReference(upright(), POSE_FRAME);
    let state = initialPostureState();
    const watches = (keypoints: Keypoint[], from: number, to: number) => {
      const seen: string[] = [];
      for (let t = from; t < to; t += 200) {
        state = stepPosture(state, { keypoints, time: t }, ref).state;
        seen.push(postureWatch(keypoints, state, true));
      }
      return seen;
    };
    expect(new Set(watches(upright(), 0, 2000))).toEqual(new Set(['steady']));
    const slouching = watches(slouched(), 2000, 8000);
    expect(slouching[0]).toBe('at_risk');
    expect(state.deviated).toBe(true);
    // Timed at the at-risk rate until it is reported, then held at the poor rate: once poor, never at risk again
    // while it is held.
    const reported = slouching.indexOf('poor');
    expect(reported).toBeGreaterThan(0);
    expect(new Set(slouching.slice(0, reported))).toEqual(new Set(['at_risk']));
    expect(new Set(slouching.slice(reported))).toEqual(new Set(['poor']));
    const back = watches(upright(), 8000, 20_000);
    expect(state.deviated).toBe(false);
    // Sitting up is timed at the at-risk rate (recovering), then the camera slows down again, for good.
    expect(back[back.indexOf('at_risk') - 1]).toBe('poor');
    expect(back.at(-1)).toBe('steady');
    expect(back.slice(back.indexOf('steady'))).not.toContain('at_risk');
  });

  it('looks fast at risk, slower while a poor posture is held, slower still while steady, a frame every few seconds with nobody', () => {
    // A camera delivering 15 frame/s for a minute, thinned to each watch's rate: the frames taken per second and
    // the shortest time between two of them.
    const looks = (watch: PostureWatch) => {
      const taken: number[] = [];
      for (let i = 0; i < 15 * 60; i++) {
        const t = (i * 1000) / 15;
        if (frameDue(taken.at(-1) ?? null, t, watch)) taken.push(t);
      }
      const gaps = taken.slice(1).map((t, k) => t - (taken[k] as number));
      return { perSecond: taken.length / 60, shortestGap: Math.min(...gaps) };
    };
    const [atRisk, poor, steady, nobody] = [
      looks('at_risk'),
      looks('poor'),
      looks('steady'),
      looks('nobody'),
    ];
    expect(atRisk.perSecond).toBeGreaterThan(poor.perSecond);
    expect(poor.perSecond).toBeGreaterThan(steady.perSecond);
    expect(steady.perSecond).toBeGreaterThan(nobody.perSecond);
    expect(nobody.shortestGap).toBeGreaterThanOrEqual(2000);
    // Each watch takes what its rate asks for from the faster camera, and never a frame sooner than the rate allows.
    for (const [watch, seen] of [
      ['at_risk', atRisk],
      ['poor', poor],
      ['steady', steady],
      ['nobody', nobody],
    ] as const) {
      expect(seen.perSecond, watch).toBeGreaterThanOrEqual(watchFps(watch));
      expect(seen.shortestGap, watch).toBeGreaterThanOrEqual((1000 / watchFps(watch)) * FRAME_INTERVAL_SLACK);
    }
  });

  it('thins faster frames to the rate, with room for a camera frame arriving a little early', () => {
    const steadyMs = 1000 / STEADY_FPS;
    expect(frameDue(null, 0, 'steady')).toBe(true);
    expect(frameDue(0, steadyMs / 2, 'steady')).toBe(false);
    expect(frameDue(0, steadyMs - 20, 'steady')).toBe(true);
    expect(frameDue(0, 190, 'at_risk')).toBe(true);
    expect(frameDue(0, 1000, 'nobody')).toBe(false);
    expect(frameDue(0, 3000, 'nobody')).toBe(true);
  });

  it('reads the watch of a frame, or its verdict from a producer that sends none', () => {
    const verdict = (status: 'good' | 'poor' | 'neutral') => ({ status, issue: null, level: null });
    expect(frameWatch({ posture_watch: 'nobody', posture_verdict: verdict('neutral') })).toBe('nobody');
    expect(frameWatch({ posture_verdict: verdict('poor') })).toBe('at_risk');
    expect(frameWatch({ posture_verdict: verdict('good') })).toBe('steady');
  });
});
