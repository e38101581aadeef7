// The detector on a real model and real frames of a person: COCO-17 body keypoints, the face measured by
// the mesh (eyes and mouth open), the face box from the body when the face models do not run, the face
// mesh following the face of one stream, and only the asked-for modules running.

import type { Keypoint } from '@posture-vision/core/analysis';
import type { Human } from '@vladmandic/human';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHuman, loadPhotoBody } from '../node/human.ts';
import {
  COCO17,
  createDetector,
  createPhotoBody,
  DetectionStream,
  type Detector,
  detectionSize,
  frameToRgb,
  i420ToRgb,
  missingModels,
  type RgbImage,
} from '../src/index.ts';
import { clipFrames, H, W } from './node-host.ts';

/** Packed RGB as RGBX (a camera frame's 4-byte layout). */
function rgbx(img: RgbImage): Uint8Array {
  const out = new Uint8Array(img.width * img.height * 4);
  for (let p = 0; p < img.width * img.height; p++) out.set(img.data.subarray(3 * p, 3 * p + 3), 4 * p);
  return out;
}

/** tf.image.resizeBilinear's tensor surface (Human's tfjs), for comparing pictures. */
interface TfResize {
  tensor3d(v: Uint8Array, shape: number[], dtype: 'int32'): unknown;
  image: { resizeBilinear(t: unknown, size: [number, number]): unknown };
  cast(t: unknown, dtype: 'int32'): { dataSync(): Int32Array };
  tidy<T>(f: () => T): T;
}

let human: Human;
let detector: Detector;
let upright: RgbImage;
let away: RgbImage;
const all = { body: true, face: true, hands: true, emotion: true };

beforeAll(async () => {
  human = await loadHuman(all);
  detector = createDetector(human);
  const [u, a] = clipFrames(['upright', 'away']);
  upright = i420ToRgb(u as Uint8Array, W, H);
  away = i420ToRgb(a as Uint8Array, W, H);
});

afterAll(() => human?.tf.engine().reset());

describe('detector on a real person', () => {
  it('loads every model of the set', () => {
    expect(missingModels(human, all)).toEqual([]);
  });

  it('gives 17 COCO keypoints by name and measures the face with the mesh', async () => {
    const d = await detector.detect(upright, { body: true, face: true, hands: false, emotion: false });
    expect(d.body?.keypoints.map((k) => k.name)).toEqual([...COCO17]);
    const nose = d.body?.keypoints[0];
    expect(nose?.score).toBeGreaterThan(0.5);
    expect(d.faceMeasured).toBe(true);
    expect(d.faces).toHaveLength(1);
    // Eyes open and mouth closed in the photo.
    expect(d.faces[0]?.eyeOpenness).toBeGreaterThan(0.18);
    expect(d.faces[0]?.mouthOpenness).toBeLessThan(0.35);
    // The face box holds the nose.
    const box = d.faceBox;
    expect(box).not.toBeNull();
    if (box && nose) {
      expect(nose.x).toBeGreaterThan(box.x);
      expect(nose.x).toBeLessThan(box.x + box.w);
      expect(nose.y).toBeGreaterThan(box.y);
      expect(nose.y).toBeLessThan(box.y + box.h);
    }
    expect(d.hands).toBeNull();
  });

  it('draws the face box from the head keypoints when the face models do not run', async () => {
    const withFace = await detector.detect(upright, { body: true, face: true, hands: false, emotion: false });
    const bodyOnly = await detector.detect(upright, {
      body: true,
      face: false,
      hands: false,
      emotion: false,
    });
    expect(bodyOnly.faceMeasured).toBe(false);
    expect(bodyOnly.faces).toEqual([]);
    const a = withFace.faceBox;
    const b = bodyOnly.faceBox;
    expect(a && b).toBeTruthy();
    if (a && b) {
      // The two boxes overlap on most of the smaller one's area.
      const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
      const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
      expect((ix * iy) / Math.min(a.w * a.h, b.w * b.h)).toBeGreaterThan(0.5);
    }
  });

  it('follows one stream’s face with the mesh and finds it again after another stream', async () => {
    const run = (stream: string, image: RgbImage) =>
      detector.detect(image, { body: true, face: true, hands: false, emotion: false, stream });
    for (let i = 0; i < 4; i++) expect((await run('a', upright)).faces).toHaveLength(1);
    // Another stream with no one in view, then the first again: its face is still found.
    expect((await run('b', away)).faces).toHaveLength(0);
    expect((await run('a', upright)).faces).toHaveLength(1);
  });

  it('scales a camera frame for the body model into the picture the vision service’s model gets', async () => {
    // The extension's worker reads the camera's I420 planes and scales them (frame-pixels.ts); the vision
    // service converts the whole frame and Human resizes it with tf. Human pads both to a square first (80 rows
    // of 640×480, 24 of 192×144: the same rows of the picture), so equal pixels here mean MoveNet gets the same
    // input on both paths. The agreement test (vision) compares their posture decisions in Chromium.
    const [yuv] = clipFrames(['upright']);
    const size = detectionSize(
      { body: true, face: false, hands: false, emotion: false },
      { width: W, height: H },
    );
    const scaled = frameToRgb(
      {
        format: 'I420',
        width: W,
        height: H,
        data: yuv as Uint8Array,
        layout: [
          { offset: 0, stride: W },
          { offset: W * H, stride: W / 2 },
          { offset: W * H * 1.25, stride: W / 2 },
        ],
      },
      size,
    );
    const tf = human.tf as unknown as TfResize;
    const byTf = tf.tidy(() =>
      tf
        .cast(
          tf.image.resizeBilinear(tf.tensor3d(upright.data, [H, W, 3], 'int32'), [size.height, size.width]),
          'int32',
        )
        .dataSync(),
    );
    expect(byTf).toHaveLength(size.width * size.height * 3);
    let differ = 0;
    for (let i = 0; i < byTf.length; i++) if (byTf[i] !== scaled.data[i]) differ++;
    expect(differ).toBe(0);
  });

  it('normalises each keypoint to the image it was found in, after an image of another size', async () => {
    // Human's MoveNet hands back the previous detection's keypoint object for a point that moved less than
    // 0.5 % (its jitter filter, module-wide): the same picture at 640×480 and then at 192×144 must still read
    // the same positions (before normalise.ts used Human's 0–1 positions, the second read x = 1 for the face).
    const body = { body: true, face: false, hands: false, emotion: false };
    const small = frameToRgb(
      {
        format: 'RGBX',
        width: W,
        height: H,
        data: rgbx(upright),
        layout: [{ offset: 0, stride: W * 4 }],
      },
      detectionSize(body, { width: W, height: H }),
    );
    const full = (await detector.detect(upright, body)).body?.keypoints ?? [];
    const scaled = (await detector.detect(small, body)).body?.keypoints ?? [];
    const seen = full.filter((k) => (k.score ?? 0) >= 0.3);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    for (const k of seen) {
      const s = scaled.find((p) => p.name === k.name);
      expect(Math.abs((s?.x ?? 9) - k.x)).toBeLessThan(0.01);
      expect(Math.abs((s?.y ?? 9) - k.y)).toBeLessThan(0.01);
    }
  });

  it('reports nobody and no keypoints worth drawing on an empty frame', async () => {
    const stream = new DetectionStream();
    const d = await detector.detect(away, { body: true, face: true, hands: false, emotion: false });
    const frame = stream.frame(d, 0);
    expect(frame.drowsiness.eye_state).toBe('unknown');
    expect(frame.drowsiness.boxes).toEqual([]);
  });
});

describe('the photo body model (MoveNet Thunder)', () => {
  const bodyOnly = { body: true, face: false, hands: false, emotion: false };
  const measuring = { body: false, face: false, hands: false, emotion: false, photoBody: true };
  /** Two looks place a keypoint this close (fraction of the frame); the padding of a 360-wide column of a 640-wide
   * frame counted on the wrong side would move it by 0.1 or more. */
  const SAME_PLACE = 0.03;
  const headAndShoulders = (k: Keypoint[]) => k.slice(0, 7).filter((p) => (p.score ?? 0) >= 0.3);

  /** A column of the image (pixels x0..x0+w, full height) as its own image. */
  function column(img: RgbImage, x0: number, w: number): RgbImage {
    const data = new Uint8Array(w * img.height * 3);
    for (let y = 0; y < img.height; y++)
      data.set(img.data.subarray((y * img.width + x0) * 3, (y * img.width + x0 + w) * 3), y * w * 3);
    return { width: w, height: img.height, data };
  }

  it('finds the head and shoulders where the live model does, in a landscape frame and a portrait crop of it', async () => {
    const photoBody = await loadPhotoBody(human);
    const measured = createDetector(human, photoBody);
    const live = (await detector.detect(upright, bodyOnly)).body?.keypoints ?? [];
    const d = await measured.detect(upright, measuring);
    expect(d.faces).toEqual([]);
    const wide = d.body?.keypoints ?? [];
    expect(wide.map((k) => k.name)).toEqual([...COCO17]);
    const seen = headAndShoulders(wide);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    // The person's left is on the image's right, as Human names the live model's keypoints.
    expect(wide[5]?.x).toBeGreaterThan(wide[6]?.x ?? 1);
    for (const k of seen) {
      const l = live.find((p) => p.name === k.name);
      expect(Math.hypot((l?.x ?? 9) - k.x, (l?.y ?? 9) - k.y)).toBeLessThan(SAME_PLACE);
    }
    // A portrait column of the frame (padded sideways, where the frame was padded above and below): the same
    // points, back in the frame's coordinates.
    const x0 = 140;
    const w = 360;
    const tall = (await photoBody.detect(column(upright, x0, w))).keypoints;
    for (const k of seen) {
      const t = tall.find((p) => p.name === k.name);
      expect(Math.hypot(((t?.x ?? 9) * w + x0) / W - k.x, (t?.y ?? 9) - k.y)).toBeLessThan(SAME_PLACE);
    }
  });

  it("names each pair by x and keeps the model's own names beside them", async () => {
    // The model's answer stands in for MoveNet's, as a side view facing left can give it: the shoulder it names
    // left (the one facing the camera) on the image's left, 0.2 of the frame from its right shoulder.
    const raw = COCO17.map(() => [0.5, 0.5, 0.9]);
    raw[5] = [0.5, 0.4, 0.9];
    raw[6] = [0.5, 0.6, 0.8];
    const model = {
      inputs: [{ shape: [1, 256, 256, 3] }],
      execute: () => ({ array: async () => [[raw]] }),
    };
    const body = await createPhotoBody(human, model).detect(upright);
    expect(body.keypoints.map((k) => k.name)).toEqual([...COCO17]);
    expect([body.keypoints[5]?.x, body.keypoints[6]?.x]).toEqual([0.6, 0.4]);
    expect(body.ownNames?.[5]).toBe('rightShoulder');
    expect(body.ownNames?.[6]).toBe('leftShoulder');
    // Every other pair was at the same x, and kept its names.
    expect(body.ownNames?.filter((n, i) => n !== COCO17[i])).toEqual(['rightShoulder', 'leftShoulder']);
  });

  it('runs only where a host loaded it, and alone', async () => {
    await expect(detector.detect(upright, measuring)).rejects.toThrow(/no photo body model/);
    const measured = createDetector(human, await loadPhotoBody(human));
    await expect(measured.detect(upright, { ...measuring, face: true })).rejects.toThrow(/alone/);
  });
});
