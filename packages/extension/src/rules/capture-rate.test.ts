import { AT_RISK_FPS, NOBODY_FPS, STEADY_FPS } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import { cameraConstraints, captureFps, START_FPS } from './capture-rate';

const verdict = (status: 'good' | 'poor' | 'neutral') => ({ status, issue: null, level: null });

describe('capture rate', () => {
  it("follows the frame's watch: fast at risk, slower while steady, a frame every few seconds with nobody", () => {
    expect(captureFps({ posture_watch: 'at_risk', posture_verdict: verdict('good') })).toBe(AT_RISK_FPS);
    expect(captureFps({ posture_watch: 'steady', posture_verdict: verdict('good') })).toBe(STEADY_FPS);
    expect(captureFps({ posture_watch: 'nobody', posture_verdict: verdict('neutral') })).toBe(NOBODY_FPS);
    expect(NOBODY_FPS).toBeLessThan(STEADY_FPS);
    expect(STEADY_FPS).toBeLessThan(AT_RISK_FPS);
  });

  it('follows the verdict of a frame without a watch (an older vision service)', () => {
    expect(captureFps({ posture_verdict: verdict('poor') })).toBe(AT_RISK_FPS);
    expect(captureFps({ posture_verdict: verdict('good') })).toBe(STEADY_FPS);
    expect(captureFps({ posture_verdict: verdict('neutral') })).toBe(STEADY_FPS);
    expect(START_FPS).toBe(STEADY_FPS);
  });

  it('opens the camera at the fastest capture rate, not the camera default', () => {
    const { frameRate, width, height } = cameraConstraints();
    expect(frameRate).toEqual({ ideal: AT_RISK_FPS });
    expect({ width, height }).toEqual({ width: 640, height: 480 });
  });
});
