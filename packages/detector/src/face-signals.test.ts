import { describe, expect, it } from 'vitest';
import { type FaceState, initialFaceState, stepFace } from './face-signals.ts';
import type { FaceDetection } from './normalise.ts';

const face = (eye: number, mouth: number, pitch = 0): FaceDetection => ({
  box: { x: 0.4, y: 0.2, w: 0.2, h: 0.2 },
  score: 1,
  eyeOpenness: eye,
  mouthOpenness: mouth,
  pitch,
  emotions: [],
});

/** Feeds (face, duration ms) segments at 10 fps and returns the last signals. */
function run(segments: [FaceDetection | undefined, number][]) {
  let state: FaceState = initialFaceState();
  let time = 0;
  let signals = stepFace(state, undefined, 0).signals;
  for (const [f, ms] of segments)
    for (let t = 0; t < ms; t += 100) {
      ({ state, signals } = stepFace(state, f, time));
      time += 100;
    }
  return signals;
}

describe('face signals', () => {
  it('counts short eye closures as blinks and keeps eyes open otherwise', () => {
    const s = run([
      [face(0.3, 0.05), 1000],
      [face(0.1, 0.05), 200],
      [face(0.3, 0.05), 1000],
      [face(0.1, 0.05), 200],
      [face(0.3, 0.05), 500],
    ]);
    expect(s).toMatchObject({ eye_state: 'open', blinking_count: 2, drowsiness_state: false });
  });

  it('reports drowsiness when the eyes stay closed, and it is not a blink', () => {
    const s = run([
      [face(0.3, 0.05), 500],
      [face(0.1, 0.05), 2000],
    ]);
    expect(s).toMatchObject({ eye_state: 'closed', blinking_count: 0, drowsiness_state: true });
  });

  it('reports drowsiness when the head hangs down', () => {
    expect(run([[face(0.3, 0.05, 0.5), 2500]]).drowsiness_state).toBe(true);
    expect(run([[face(0.3, 0.05, 0.5), 1000]]).drowsiness_state).toBe(false);
  });

  it('counts a long wide mouth opening once as a yawn, talking not at all', () => {
    const s = run([
      [face(0.3, 0.2), 1000],
      [face(0.3, 0.8), 2500],
      [face(0.3, 0.1), 500],
    ]);
    expect(s).toMatchObject({ yawning_count: 1, mouth_state: 'closed' });
    expect(run([[face(0.3, 0.8), 1000]])).toMatchObject({ yawning_count: 0, mouth_state: 'open' });
  });

  it('says unknown without a face', () => {
    expect(run([[undefined, 500]])).toMatchObject({ eye_state: 'unknown', mouth_state: 'unknown' });
  });
});
