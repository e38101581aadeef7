// Photo analysis: one photo through the engine, checked for exactly one person, measured per view.
import type { Keypoint } from '@posture-vision/core/analysis';
import type { Detection } from '@posture-vision/detector';
import { type EnginePool, UnreadableImage } from '../engine/pool.ts';
import { MissingKeypoints, NotMeasurable, type ViewMetrics, type ViewType, viewMetrics } from './metrics.ts';

/** Largest accepted photo, decoded bytes (the calls' contract: JPEG data URLs of at most 5 MB). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** A face this sure counts as a person (BlazeFace gives real faces 0.9+, and posters or patterns less). */
export const PERSON_FACE_SCORE = 0.6;
/** MoveNet always returns a body; below this overall score it is guessing at an empty scene. */
export const PERSON_BODY_SCORE = 0.3;

export class PhotoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  notDataUrl: 'Unreadable image: expected a JPEG data URL (data:image/jpeg;base64,...).',
  tooLarge: 'Image too large: at most 5 MB.',
  noPerson: 'No person detected in the image.',
  manyPeople: 'More than one person detected in the image. Please take the photo alone.',
  notMeasurable: 'Posture could not be measured',
} as const;

/** Decodes a `data:image/jpeg;base64,` URL to bytes, or throws a PhotoError naming the field. */
export function decodeDataUrl(value: string, field: string): Uint8Array {
  const match = /^data:image\/(?:jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!match?.[1]) throw new PhotoError(400, MESSAGES.notDataUrl, field);
  if ((match[1].length * 3) / 4 > MAX_PHOTO_BYTES + 4) throw new PhotoError(413, MESSAGES.tooLarge, field);
  return new Uint8Array(Buffer.from(match[1], 'base64'));
}

export interface ViewAnalysis {
  keypoints: Keypoint[];
  metrics: ViewMetrics;
  /** Why this view's metrics are absent: the photo does not show what the view needs (a frontal photo sent
   * as a side view) or the value would be outside the human range. Never a number in that case. */
  not_measurable?: string;
}

/** Exactly one person or a PhotoError saying which. */
export function checkOnePerson(d: Detection, field: string): Keypoint[] {
  const faces = d.faces.filter((f) => f.score >= PERSON_FACE_SCORE).length;
  if (faces > 1) throw new PhotoError(422, MESSAGES.manyPeople, field);
  const body = d.body && d.body.score >= PERSON_BODY_SCORE ? d.body : null;
  if (!body) throw new PhotoError(422, MESSAGES.noPerson, field);
  return body.keypoints;
}

export async function analyzePhoto(
  pool: EnginePool,
  bytes: Uint8Array,
  view: ViewType,
  field: string,
): Promise<ViewAnalysis> {
  const d = await pool
    .run({
      kind: 'jpeg',
      data: bytes,
      modules: { body: true, face: true, hands: false, emotion: false, maxFaces: 5 },
    })
    .catch((error: Error) => {
      throw error instanceof UnreadableImage ? new PhotoError(400, error.message, field) : error;
    });
  const keypoints = checkOnePerson(d, field);
  try {
    return { keypoints, metrics: viewMetrics(view, keypoints, d.width, d.height) };
  } catch (error) {
    if (error instanceof MissingKeypoints)
      throw new PhotoError(422, `${MESSAGES.notMeasurable}: ${error.message}.`, field);
    if (error instanceof NotMeasurable) return { keypoints, metrics: {}, not_measurable: error.message };
    throw error;
  }
}
