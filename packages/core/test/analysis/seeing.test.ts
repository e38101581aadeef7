import { describe, expect, it } from 'vitest';
import {
  analyseFrame,
  CLEAR_PICTURE_KEYPOINT_SCORE,
  CLEAR_SHARPNESS,
  clearPictureKeypoints,
  createReference,
  initialPostureState,
  MIN_KEYPOINT_SCORE,
  pictureProblem,
  TOO_BLURRED_SHARPNESS,
  TOO_DARK_BRIGHTNESS,
  unseenReason,
} from '../../src/analysis';
import { parseDetectionFrame } from '../../src/detection';
import { POSE_FRAME, upright } from './poses';

const clear = { brightness: 0.8, sharpness: 0.035 };

describe('why a frame is not judged', () => {
  it('a picture is too dark below its brightness, too blurred below its sharpness; dark comes first', () => {
    expect(pictureProblem({ ...clear, brightness: TOO_DARK_BRIGHTNESS - 0.01 })).toBe('too_dark');
    expect(pictureProblem({ ...clear, brightness: TOO_DARK_BRIGHTNESS })).toBeNull();
    expect(pictureProblem({ ...clear, sharpness: TOO_BLURRED_SHARPNESS - 0.001 })).toBe('too_blurred');
    expect(pictureProblem({ ...clear, sharpness: TOO_BLURRED_SHARPNESS })).toBeNull();
    expect(pictureProblem({ brightness: 0.2, sharpness: 0.001 })).toBe('too_dark');
    expect(pictureProblem(null)).toBeNull();
    // A dark frame evened out for the model reads bright there, and is still a dark picture.
    expect(pictureProblem({ ...clear, evenedOut: true })).toBe('too_dark');
  });

  it('with a clear picture: the shoulders out of view when the face is seen, else nobody', () => {
    const noShoulders = upright().map((k, i) => (i === 5 || i === 6 ? { ...k, score: 0.1 } : k));
    expect(unseenReason(noShoulders, clear)).toBe('shoulders_out_of_view');
    expect(unseenReason([], clear)).toBe('nobody');
    expect(unseenReason(noShoulders, { ...clear, brightness: 0.2 })).toBe('too_dark');
  });

  it('a calibrated frame the analysis cannot judge carries the reason; a judged one none', () => {
    const ref = createReference(upright(), POSE_FRAME);
    const dark = { brightness: 0.2, sharpness: 0.2 };
    const noShoulders = upright().map((k, i) => (i === 5 || i === 6 ? { ...k, score: 0.1 } : k));
    const lost = analyseFrame(
      initialPostureState(),
      { keypoints: noShoulders, time: 0, frame: POSE_FRAME, picture: dark },
      ref,
    );
    expect(lost.posture.posture_verdict.status).toBe('neutral');
    expect(lost.posture.posture_unjudged).toBe('too_dark');
    const seen = analyseFrame(
      initialPostureState(),
      { keypoints: upright(), time: 0, frame: POSE_FRAME, picture: dark },
      ref,
    );
    expect(seen.posture.posture_verdict.status).toBe('good');
    expect(seen.posture.posture_unjudged).toBeUndefined();
  });

  it('in a clear picture a shoulder scored just under the bar is judged; in a dark or soft one it is not', () => {
    const ref = createReference(upright(), POSE_FRAME);
    const faint = upright().map((k, i) =>
      i === 5 || i === 6 ? { ...k, score: CLEAR_PICTURE_KEYPOINT_SCORE } : k,
    );
    const judge = (picture: { brightness: number; sharpness: number }) =>
      analyseFrame(initialPostureState(), { keypoints: faint, time: 0, frame: POSE_FRAME, picture }, ref)
        .posture;
    expect(judge(clear).posture_verdict.status).toBe('good');
    expect(judge(clear).posture_unjudged).toBeUndefined();
    expect(judge({ ...clear, sharpness: CLEAR_SHARPNESS - 0.001 }).posture_unjudged).toBe(
      'shoulders_out_of_view',
    );
    expect(judge({ brightness: 0.2, sharpness: 0.2 }).posture_unjudged).toBe('too_dark');
    // Under the lowered bar, nothing changes; the keypoints themselves are not moved.
    const fainter = faint.map((k) => ({
      ...k,
      score: Math.min(k.score ?? 1, CLEAR_PICTURE_KEYPOINT_SCORE - 0.01),
    }));
    expect(clearPictureKeypoints(fainter, clear)).toEqual(fainter);
    expect(clearPictureKeypoints(faint, clear)[5]).toEqual({ ...faint[5], score: MIN_KEYPOINT_SCORE });
  });

  it('a results frame with an unknown reason is refused, a known one read', () => {
    const frame = {
      status: 'ok',
      hns: { poses: [], boxes: [], emotions: [] },
      hand: { poses: [], confidences: [] },
      drowsiness: { drowsiness_state: false, boxes: [] },
      body_status: 'No person detected',
      temporal_posture_data: null,
    };
    expect(parseDetectionFrame({ ...frame, posture_unjudged: 'too_dark' }).kind).toBe('frame');
    expect(parseDetectionFrame({ ...frame, posture_unjudged: 'sunny' }).kind).toBe('invalid');
  });
});
