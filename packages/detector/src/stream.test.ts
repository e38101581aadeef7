import { describe, expect, it } from 'vitest';
import type { Detection, FaceDetection } from './normalise.ts';
import { COCO17 } from './normalise.ts';
import { DetectionStream } from './stream.ts';

const face = (eye: number): FaceDetection => ({
  box: { x: 0.4, y: 0.1, w: 0.2, h: 0.25 },
  score: 0.9,
  eyeOpenness: eye,
  mouthOpenness: 0.05,
  pitch: 0,
  emotions: ['neutral', 'happy'],
});

/** An upright person facing the camera: head above shoulders, hips below; the person's left side (COCO's
 * odd indices) on the image's right. */
const keypoints = COCO17.map((name, i) => {
  const at: Record<number, [number, number]> = {
    0: [0.5, 0.3],
    1: [0.53, 0.27],
    2: [0.47, 0.27],
    3: [0.56, 0.28],
    4: [0.44, 0.28],
    5: [0.62, 0.5],
    6: [0.38, 0.5],
    11: [0.58, 0.9],
    12: [0.42, 0.9],
  };
  const [x, y] = at[i] ?? [Number.NaN, Number.NaN];
  return { x, y, score: Number.isNaN(x) ? 0 : 0.9, name };
});

const detection = (over: Partial<Detection> = {}): Detection => ({
  width: 640,
  height: 480,
  body: { keypoints, box: { x: 0.3, y: 0.2, w: 0.4, h: 0.8 }, score: 0.9 },
  faces: [],
  faceMeasured: false,
  faceBox: { x: 0.44, y: 0.2, w: 0.12, h: 0.15 },
  hands: null,
  timings: {},
  ...over,
});

describe('detection stream', () => {
  it('steps the face signals only on frames the face mesh measured', () => {
    const s = new DetectionStream();
    const t = (ms: number, d: Detection) => s.frame(d, ms).drowsiness;
    expect(t(0, detection({ faces: [face(0.3)], faceMeasured: true })).eye_state).toBe('open');
    expect(t(100, detection({ faces: [face(0.1)], faceMeasured: true })).eye_state).toBe('closed');
    // Frames without the mesh keep the last state instead of forgetting the closure.
    expect(t(200, detection()).eye_state).toBe('closed');
    const opened = t(300, detection({ faces: [face(0.3)], faceMeasured: true }));
    expect(opened.eye_state).toBe('open');
    expect(opened.blinking_count).toBe(1);
  });

  it('keeps the newest hands and emotions between the frames their models ran on', () => {
    const s = new DetectionStream();
    const hand = { landmarks: Array.from({ length: 21 }, () => ({ x: 0.5, y: 0.5 })), score: 0.8 };
    s.frame(detection({ hands: [hand], faces: [face(0.3)], faceMeasured: true }), 0);
    const later = s.frame(detection(), 100);
    expect(later.hand.confidences).toEqual([0.8]);
    expect(later.hns.emotions).toEqual(['neutral', 'happy']);
    // Between mesh frames the mesh's box holds for a while, then the head keypoints' box takes over.
    expect(later.drowsiness.boxes).toEqual([face(0.3).box]);
    expect(s.frame(detection(), 1000).drowsiness.boxes).toEqual([detection().faceBox]);
  });

  it('asks for calibration until a reference is taken, then analyses posture with core', () => {
    const s = new DetectionStream();
    const uncalibrated = s.frame(detection(), 0);
    expect(uncalibrated.body_status).toBe('Calibrate to start posture analysis');
    // Core's verdict without a reference: nothing is judged yet.
    expect(uncalibrated.posture_verdict).toEqual({ status: 'neutral', issue: null, level: null });
    const nobody = s.frame(detection({ body: null, faceBox: null }), 50);
    expect(nobody.body_status).toBe('No person detected');
    expect(nobody.posture_verdict?.status).toBe('neutral');
    // The reference is the last few seconds: with the only frame in them empty, there is none, and why.
    expect(s.calibrate()).toBeNull();
    expect(s.problem).toBe('nobody');
    s.frame(detection(), 100);
    s.frame(detection(), 150);
    expect(s.calibrate()).not.toBeNull();
    expect(s.problem).toBeNull();
    const f = s.frame(detection(), 200);
    expect(f.temporal_posture_data?.is_posture_deviated).toBe(false);
    expect(f.body_status).not.toBe('Calibrate to start posture analysis');
    expect(f.posture_verdict?.status).toBe('good');
  });

  it("asks for a dark frame evened out only once calibrated in good light, by the reference frame's light", () => {
    const calibratedIn = (frameBrightness: number | undefined) => {
      const s = new DetectionStream();
      for (const t of [0, 100, 200]) s.frame(detection({ frameBrightness }), t);
      expect(s.evenOutDark).toBe(false);
      expect(s.calibrate()).not.toBeNull();
      return s;
    };
    expect(calibratedIn(0.8).evenOutDark).toBe(true);
    // Calibrated in a dark picture, the frames are judged as the reference was seen: as they are.
    expect(calibratedIn(0.3).evenOutDark).toBe(false);
    // A reference from elsewhere that does not say its light, or none.
    const restored = calibratedIn(0.8);
    const { light: _light, ...withoutLight } = restored.calibrate() as NonNullable<
      ReturnType<DetectionStream['calibrate']>
    >;
    restored.setReference(withoutLight);
    expect(restored.evenOutDark).toBe(false);
    restored.setReference(null);
    expect(restored.evenOutDark).toBe(false);
  });
});
