import { describe, expect, it } from 'vitest';
import { referenceProblem } from '../../src/analysis';
import {
  LIVE_CAMERA_FRAME,
  parseProfileReference,
  photoLiveReference,
  toLiveFrame,
} from '../../src/calibration';
import { POSE_FRAME, transform, upright } from '../analysis/poses';

describe("the photo calibration's front photo as the live reference", () => {
  it('puts a wide photo in the live frame: its centre at 4:3, full height', () => {
    const wide = { keypoints: upright(), frame: { width: 1280, height: 720 } };
    const live = toLiveFrame(wide);
    expect(live.frame).toEqual(LIVE_CAMERA_FRAME);
    // 1280x720 → the middle 960x720: x' = (x·1280 − 160) / 960, y unchanged.
    expect(live.keypoints[0]?.x).toBeCloseTo((0.5 * 1280 - 160) / 960, 9);
    expect(live.keypoints[5]?.x).toBeCloseTo((0.65 * 1280 - 160) / 960, 9);
    expect(live.keypoints[5]?.y).toBeCloseTo(0.55, 9);
    // A photo already of the live shape is left as it is.
    const same = { keypoints: upright(), frame: { width: 640, height: 480 } };
    expect(toLiveFrame(same)).toBe(same);
    // A taller photo keeps its full width and the middle rows.
    const tall = toLiveFrame({ keypoints: upright(), frame: { width: 640, height: 640 } });
    expect(tall.keypoints[5]?.y).toBeCloseTo((0.55 * 640 - 80) / 480, 9);
  });

  it('turns a mirrored photo back, pairs named by x again, and refuses what cannot be a reference', () => {
    const answer = { live_reference: { keypoints: upright(), frame: POSE_FRAME } };
    const plain = photoLiveReference(answer, false);
    const mirrored = photoLiveReference(answer, true);
    if (!plain || !mirrored) throw new Error('an upright front photo is a reference');
    // The image-left shoulder (6, x 0.35) of the mirrored photo is the image-right one (5) of the camera's view.
    expect(mirrored.keypoints[5]?.x).toBeCloseTo(1 - (plain.keypoints[6]?.x ?? 0), 9);
    expect(referenceProblem(mirrored.keypoints, mirrored.frame)).toBeNull();
    // Not found parts arrive as JSON null and stay not found.
    const withNull = {
      keypoints: upright().map((k, i) => (i > 10 ? { ...k, x: null, y: null } : k)),
      frame: POSE_FRAME,
    };
    expect(Number.isNaN(photoLiveReference({ live_reference: withNull }, false)?.keypoints[12]?.x)).toBe(
      true,
    );
    const sideOn = transform(upright(), {});
    sideOn[5] = { ...(sideOn[5] as (typeof sideOn)[0]), x: 0.52 };
    sideOn[6] = { ...(sideOn[6] as (typeof sideOn)[0]), x: 0.48 };
    expect(
      photoLiveReference({ live_reference: { keypoints: sideOn, frame: POSE_FRAME } }, false),
    ).toBeNull();
    expect(photoLiveReference({ live_reference: null }, false)).toBeNull();
    expect(photoLiveReference({}, false)).toBeNull();
  });
});

describe('a reference as JSON carries it', () => {
  it('reads keypoints and frame, a part not found (null) as not found, and nothing else', () => {
    const read = parseProfileReference(
      JSON.parse(JSON.stringify({ keypoints: upright(), frame: POSE_FRAME })),
    );
    expect(read?.frame).toEqual(POSE_FRAME);
    expect(read?.keypoints[0]).toEqual(upright()[0]);
    expect(Number.isNaN(read?.keypoints[12]?.x)).toBe(true);
    expect(read?.light).toBeUndefined();
    // The light it was taken in is kept with it; a value no brightness can be is not.
    const lit = { keypoints: upright(), frame: POSE_FRAME, light: 0.8 };
    expect(parseProfileReference(JSON.parse(JSON.stringify(lit)))?.light).toBe(0.8);
    expect(parseProfileReference({ ...lit, light: 7 })?.light).toBeUndefined();
    for (const bad of [
      null,
      undefined,
      'x',
      { keypoints: 'all' },
      { keypoints: [], frame: { width: '640' } },
    ])
      expect(parseProfileReference(bad)).toBeNull();
  });
});
