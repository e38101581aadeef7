import type { PostureWatch } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import { cameraConstraints, captureFps } from './capture-rate';

const verdict = (status: 'good' | 'poor' | 'neutral') => ({ status, issue: null, level: null });
const watching = (watch: PostureWatch) =>
  captureFps({ posture_watch: watch, posture_verdict: verdict(watch === 'nobody' ? 'neutral' : 'good') });

describe('capture rate', () => {
  it("follows the frame's watch: fast at risk, slower while steady, a frame every few seconds with nobody", () => {
    expect(watching('at_risk')).toBeGreaterThan(watching('steady'));
    expect(watching('steady')).toBeGreaterThan(watching('nobody'));
    expect(1 / watching('nobody')).toBeGreaterThanOrEqual(2);
  });

  it('follows the verdict of a frame without a watch (an older vision service)', () => {
    expect(captureFps({ posture_verdict: verdict('poor') })).toBe(watching('at_risk'));
    expect(captureFps({ posture_verdict: verdict('good') })).toBe(watching('steady'));
    expect(captureFps({ posture_verdict: verdict('neutral') })).toBe(watching('steady'));
  });

  it('opens the camera at the fastest capture rate, not the camera default', () => {
    const { frameRate, width, height } = cameraConstraints();
    expect(frameRate).toEqual({ ideal: watching('at_risk') });
    expect({ width, height }).toEqual({ width: 640, height: 480 });
  });
});
