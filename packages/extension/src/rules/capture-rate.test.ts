import { describe, expect, it } from 'vitest';
import { BACKGROUND_FPS, cameraConstraints, captureFps, POOR_POSTURE_FPS } from './capture-rate';

describe('capture rate', () => {
  it('captures slowly while posture is good or unknown and faster while it is poor', () => {
    expect(captureFps('good')).toBe(BACKGROUND_FPS);
    expect(captureFps('neutral')).toBe(BACKGROUND_FPS);
    expect(captureFps('poor')).toBe(POOR_POSTURE_FPS);
  });

  it('opens the camera at the fastest capture rate, not the camera default', () => {
    const { frameRate, width, height } = cameraConstraints();
    expect(frameRate).toEqual({ ideal: POOR_POSTURE_FPS });
    expect({ width, height }).toEqual({ width: 640, height: 480 });
    for (const posture of ['good', 'neutral', 'poor'] as const)
      expect(captureFps(posture)).toBeLessThanOrEqual(POOR_POSTURE_FPS);
  });
});
