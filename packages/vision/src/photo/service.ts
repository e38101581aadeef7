// Photo analysis: one photo through the engine, checked for exactly one person, measured per view.
import {
  type Box,
  isUsableKeypoint,
  type Keypoint,
  mirrorKeypoints,
  referenceProblem,
} from '@posture-vision/core/analysis';
import { REFERENCE_PROBLEM_TEXT } from '@posture-vision/core/live';
import type { BodyDetection, Detection, FrameModules } from '@posture-vision/detector';
import { decodeJpeg, MAX_DECODE_PIXELS, type RgbImage, UnreadableImageError } from '../engine/image.ts';
import { type EnginePool, UnreadableImage } from '../engine/pool.ts';
import {
  estimateRoll,
  greyForRoll,
  levelKeypoints,
  personExclusion,
  type RollEstimate,
} from './camera-roll.ts';
import { frontPhotoProblem } from './front-facing.ts';
import {
  MissingKeypoints,
  NotMeasurable,
  sideFacing,
  sideShoulder,
  type ViewMetrics,
  type ViewType,
  viewMetrics,
} from './metrics.ts';
import { cropRgb, fromRegion, personWindow } from './person-window.ts';

/** Largest accepted photo, decoded bytes (the calls' contract: JPEG data URLs of at most 5 MB). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** A face this sure counts as a person (BlazeFace gives real faces 0.9+, and posters or patterns less). */
export const PERSON_FACE_SCORE = 0.6;
/** MoveNet always returns a body; below this overall score it is guessing at an empty scene. */
export const PERSON_BODY_SCORE = 0.3;

/**
 * Another body the people model (detector photo-body.ts, MoveNet MultiPose) finds counts as a second person from
 * this box score, with a head and both shoulders seen (PERSON_PART_SCORE) and apart from the bodies already
 * counted (SAME_PERSON_OVERLAP). Measured on real media (bench/accuracy/side-view/people.ts, 2026-11-28): on 450
 * photos of one person (the real side views, the three webcam sets, the composites) the strongest other body
 * scored 0.25, 0.23 with a head and both shoulders; in the 16 real photos of two or three people the model found
 * the second person at 0.35-0.67. 0.3 keeps a margin on both sides; a refused photo of one person costs a retake
 * that cannot succeed, so the margin below is the larger.
 */
export const OTHER_PERSON_SCORE = 0.3;
/** A keypoint this sure counts as seen when a second body is judged (MoveNet's usual cut for a usable point). */
export const PERSON_PART_SCORE = 0.3;
/**
 * Two boxes overlapping more than this (intersection over union) are taken for one person the model boxed twice.
 * Real people partly in front of one another overlapped by 0.37 and 0.40 (several-people pose2sim cam03 f90 and
 * cam01 f90) and are counted; no box drawn twice around one person scored above OTHER_PERSON_SCORE on the real media, so this
 * is a guard, not a measured line.
 */
export const SAME_PERSON_OVERLAP = 0.45;

export class PhotoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * Largest photo accepted, in pixels: the engine's decoding limit (engine/image.ts decodes downscaled, so memory
 * follows the 1280 px output, not the photo; a 16 MP phone photo and a 7000×7000 one are both analysed). Bigger
 * photos get a clear 413 from their header, before any decoding.
 */
export const MAX_PHOTO_PIXELS = MAX_DECODE_PIXELS;

export const MESSAGES = {
  notDataUrl: 'Unreadable image: expected a JPEG data URL (data:image/jpeg;base64,...).',
  tooLarge: 'Image too large: at most 5 MB.',
  tooManyPixels: (w: number, h: number) =>
    `Photo too large: ${w}×${h} pixels; at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels. Please use a smaller photo.`,
  noPerson: 'No person detected in the image.',
  manyPeople: 'More than one person detected in the image. Please take the photo alone.',
  manyBodies: (n: number) =>
    `More than one person detected in the image: ${n} people seen, faces or not. Please take the photo alone.`,
  notMeasurable: 'Posture could not be measured',
} as const;

/** Decodes a `data:image/jpeg;base64,` URL to bytes, or throws a PhotoError naming the field. */
export function decodeDataUrl(value: string, field: string): Uint8Array {
  const match = /^data:image\/(?:jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!match?.[1]) throw new PhotoError(400, MESSAGES.notDataUrl, field);
  if ((match[1].length * 3) / 4 > MAX_PHOTO_BYTES + 4) throw new PhotoError(413, MESSAGES.tooLarge, field);
  const bytes = new Uint8Array(Buffer.from(match[1], 'base64'));
  const size = jpegSize(bytes);
  if (size && size.width * size.height > MAX_PHOTO_PIXELS)
    throw new PhotoError(413, MESSAGES.tooManyPixels(size.width, size.height), field);
  return bytes;
}

/** A JPEG's pixel size from its start-of-frame marker, without decoding; null when none is found. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let i = 2; // after SOI
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] as number;
    const length = ((bytes[i + 2] as number) << 8) | (bytes[i + 3] as number);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return {
        height: ((bytes[i + 5] as number) << 8) | (bytes[i + 6] as number),
        width: ((bytes[i + 7] as number) << 8) | (bytes[i + 8] as number),
      };
    i += 2 + length;
  }
  return null;
}

export interface ViewAnalysis {
  /** The keypoints the metrics were measured on (normalised to the photo), levelled by the camera's roll when
   * it was trusted. */
  keypoints: Keypoint[];
  /** The body as the live monitor's model sees it (MoveNet Lightning on the whole photo, unlevelled), in the
   * photo's frame: a front photo taken at the desk is the live monitor's reference (liveReference). */
  live: { keypoints: Keypoint[]; frame: { width: number; height: number } } | null;
  metrics: ViewMetrics;
  /** Why this view's metrics, or some of them, are absent: the photo does not show what the view needs (a
   * frontal photo sent as a side view) or the value would be outside the human range. Never a number for those;
   * `metrics` keeps the ones measured (a front photo's head tilt when only its shoulder line is out of range). */
  not_measurable?: string;
  /** The camera's roll measured from the photo's straight edges, and whether it was used (camera-roll.ts). */
  roll: RollEstimate;
  /** Looks the pose models took that found the body: the whole photo, then the measuring looks at the person (the
   * whole photo or a landscape photo's column): 4 when each found her, 1 when none did. */
  looks: number;
}

/** Intersection over union of two boxes. */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  const inter = Math.max(0, w) * Math.max(0, h);
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

const seen = (body: BodyDetection, names: readonly string[]) =>
  names.filter((n) => (body.keypoints.find((k) => k.name === n)?.score ?? 0) >= PERSON_PART_SCORE).length;

/**
 * The people of a photo by their bodies (the people model's answer, by decreasing score): the first body, and
 * each other one that is a person on its own (OTHER_PERSON_SCORE, a head and both shoulders) and not a second
 * guess at a body already counted (SAME_PERSON_OVERLAP). Faces are not needed, so side views, a back turned and a
 * high or low camera count too.
 */
export function countPeople(people: readonly BodyDetection[]): number {
  const counted: BodyDetection[] = [];
  for (const body of people) {
    if (counted.length && body.score < OTHER_PERSON_SCORE) continue;
    if (seen(body, ['leftShoulder', 'rightShoulder']) < 2) continue;
    if (seen(body, ['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar']) < 1) continue;
    if (counted.some((c) => overlap(c.box, body.box) > SAME_PERSON_OVERLAP)) continue;
    counted.push(body);
  }
  return counted.length;
}

/** Exactly one person or a PhotoError saying which: more than one face, or (`people`: the people model's
 * bodies) more than one body, is more than one person. */
export function checkOnePerson(d: Detection, field: string, people?: readonly BodyDetection[]): Keypoint[] {
  const faces = d.faces.filter((f) => f.score >= PERSON_FACE_SCORE).length;
  if (faces > 1) throw new PhotoError(422, MESSAGES.manyPeople, field);
  const bodies = people ? countPeople(people) : 0;
  if (bodies > 1) throw new PhotoError(422, MESSAGES.manyBodies(bodies), field);
  const body = d.body && d.body.score >= PERSON_BODY_SCORE ? d.body : null;
  if (!body) throw new PhotoError(422, MESSAGES.noPerson, field);
  return body.keypoints;
}

const WHOLE_PHOTO: FrameModules = { body: true, face: true, hands: false, emotion: false, maxFaces: 5 };
/** Every person in the whole photo, by their bodies (detector photo-body.ts: MoveNet MultiPose). */
const PEOPLE: FrameModules = { body: false, face: false, hands: false, emotion: false, people: true };
/** The measuring looks: the photo body model alone (detector photo-body.ts, MoveNet Thunder). */
const MEASURING: FrameModules = { body: false, face: false, hands: false, emotion: false, photoBody: true };

/**
 * Black margins around the person's part of the photo for the measuring looks, fraction of its longer side: the
 * same pixels seen three times at slightly different places and sizes within the model's input. Where each
 * keypoint lands depends on how the picture's pixels fall on the model's 256 px grid, as it does between two
 * retakes; the median of three looks narrows that part of the spread. Measured on the repeatability bench (20
 * retakes, bench/README.md): the CVA's smallest detectable change in the room went from 3.27° with one look to
 * 1.88° (level retakes) and from 3.37° to 2.80° (rolled). A margin never cuts the person, as a tighter crop would
 * (crops of 0.9 lost the shoulders, and one read 49° for 35°); 12 % shrinks her in the input by a fifth.
 */
export const MEASURING_MARGINS = [0, 0.06, 0.12] as const;

const detectRgb = (pool: EnginePool, img: RgbImage, modules: FrameModules) =>
  pool.run({ kind: 'rgb', data: img.data, width: img.width, height: img.height, modules });

interface PersonKeypoints {
  keypoints: Keypoint[];
  looks: number;
  /** A side view's shoulder facing the camera, when most looks place the model's own far shoulder in front of it
   * (nearShoulder). */
  nearShoulder?: Keypoint;
}

/** A look's shoulders as the model itself names them in a side view: `near` the one facing the camera (her left
 * shoulder when she faces the image's left), null when the look does not show which way she faces. */
function ownShoulders(k: Keypoint[], ownNames: readonly string[] | undefined) {
  const facing = sideFacing(k);
  if (!ownNames || !facing) return null;
  const near = ownNames.indexOf(facing < 0 ? 'leftShoulder' : 'rightShoulder');
  const far = ownNames.indexOf(facing < 0 ? 'rightShoulder' : 'leftShoulder');
  if (near < 0 || far < 0) return null;
  return { near: k[near] as Keypoint, far: k[far] as Keypoint, facing };
}

/**
 * The shoulder a side view measures from when the looks say the model put the far shoulder in front of the near
 * one: in most looks (2 of 3) the shoulder the model itself names as facing the camera is seen and lies behind the
 * other. The median of the looks' near shoulders, else undefined (the side metrics then take the forward shoulder).
 * Why: in a webcam frame of a forward head (CVA 35-45°), MoveNet Thunder places the hidden far shoulder 7-46 px in
 * front of the true one, and the forward-shoulder rule read the 35.1° composite up to 8.1° high; its own names put
 * the near shoulder within 4.2° on every frame (bench/README.md). Not in every look: a name swapped in one look
 * alone is the model's noise, and trusting it worsened the CVA's repeatability (SDC 3.85 -> 5.08°).
 */
function nearShoulder(looks: { keypoints: Keypoint[]; ownNames?: string[] }[]): Keypoint | undefined {
  const shoulders = looks.map((l) => ownShoulders(l.keypoints, l.ownNames));
  const behind = shoulders.filter(
    (s) => s && sideShoulder(s.near) && sideShoulder(s.far) && (s.far.x - s.near.x) * s.facing > 0,
  ).length;
  if (behind * 2 <= looks.length) return undefined;
  const near = shoulders.flatMap((s) => (s && sideShoulder(s.near) ? [s.near] : []));
  return {
    x: median(near.map((p) => p.x)),
    y: median(near.map((p) => p.y)),
    score: median(near.map((p) => p.score ?? 0)),
  };
}

/**
 * The person's keypoints, from the photo body model (MoveNet Thunder, the finer of the two: detector
 * photo-body.ts) at the part of the photo that holds the person: the whole photo, or in a photo wider than tall
 * the person's column (person-window.ts), seen with each of MEASURING_MARGINS. A side view facing right is
 * measured mirrored (facingRight). Each coordinate is the median of the looks that found the body. The first look
 * (Lightning, with the face model) found the person and checked she is alone; when no measuring look finds the
 * body, its keypoints are kept.
 */
async function personKeypoints(
  pool: EnginePool,
  rgb: RgbImage,
  first: Keypoint[],
  view: ViewType,
): Promise<PersonKeypoints> {
  const region = personWindow(first, rgb.width, rgb.height) ?? { x: 0, y: 0, w: rgb.width, h: rgb.height };
  const mirror = view !== 'front' && facingRight(first);
  const part = cropRgb(rgb, region);
  if (mirror) mirrorRgb(part);
  const found: { keypoints: Keypoint[]; ownNames?: string[] }[] = [];
  for (const margin of MEASURING_MARGINS) {
    const m = Math.round(margin * Math.max(part.width, part.height));
    const d = await detectRgb(pool, withMargin(part, m), MEASURING);
    if (!d.body || d.body.score < PERSON_BODY_SCORE) continue;
    found.push({
      keypoints: fromRegion(
        d.body.keypoints,
        { x: -m, y: -m, w: d.width, h: d.height },
        part.width,
        part.height,
      ),
      ownNames: d.body.ownNames,
    });
  }
  const [look] = found;
  if (!look) return { keypoints: first, looks: 1 };
  const merged = look.keypoints.map((k, i) => {
    const seen = found.map((f) => f.keypoints[i] as Keypoint);
    return {
      ...k,
      x: median(seen.map((p) => p.x)),
      y: median(seen.map((p) => p.y)),
      score: median(seen.map((p) => p.score ?? 0)),
    };
  });
  const inPhoto = (k: Keypoint[]) => fromRegion(k, region, rgb.width, rgb.height);
  const keypoints = inPhoto(mirror ? mirrorKeypoints(merged) : merged);
  const near = view === 'front' ? undefined : nearShoulder(found);
  if (!near) return { keypoints, looks: 1 + found.length };
  return {
    keypoints,
    looks: 1 + found.length,
    nearShoulder: inPhoto([mirror ? { ...near, x: 1 - near.x } : near])[0],
  };
}

/**
 * Whether the first look shows a side view facing right (the nose right of the ears). MoveNet Thunder is not
 * mirror-symmetric: on the side-view photos of known CVA in a 640×480 webcam frame (measured once, on frames
 * re-encoded from the composites' JPEGs), facing left it read them within 4° (mean error 1.6°); facing right it put
 * the hidden far shoulder in front of the near one on 2 of 12 (56.5° for 35°, 53.4° for 40°) and read the rest
 * about 2° high. So a side view facing right is measured in its mirror image, facing left, and the keypoints are
 * mirrored back (the bench's webcam-frame table, bench/README.md, has both facings since).
 */
export function facingRight(k: Keypoint[]): boolean {
  const nose = k[0];
  const ears = [k[3], k[4]].filter(isUsableKeypoint);
  if (!isUsableKeypoint(nose) || !ears.length) return false;
  return nose.x > ears.reduce((s, e) => s + e.x, 0) / ears.length;
}

/** Turns packed RGB left for right, in place. */
function mirrorRgb(img: RgbImage): void {
  const { width: w, height: h, data } = img;
  for (let y = 0; y < h; y++)
    for (let x = 0, r = w - 1; x < r; x++, r--) {
      const a = (y * w + x) * 3;
      const b = (y * w + r) * 3;
      for (let c = 0; c < 3; c++) {
        const t = data[a + c] as number;
        data[a + c] = data[b + c] as number;
        data[b + c] = t;
      }
    }
}

/** The median; NaN (a part the model did not find) sorts last, so a part found in most looks keeps a value. */
function median(values: number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length * 2 <= values.length) return Number.NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
}

/** The image inside a black margin of m pixels (a copy: the pool takes the pixels it is given). */
function withMargin(img: RgbImage, m: number): RgbImage {
  const width = img.width + 2 * m;
  const height = img.height + 2 * m;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < img.height; y++)
    data.set(img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3), ((y + m) * width + m) * 3);
  return { width, height, data };
}

/** The looks at the whole photo: Human's (the live model's body and the faces) and the people model's bodies. */
export async function wholePhotoLooks(
  pool: EnginePool,
  rgb: RgbImage,
  field: string,
): Promise<{ whole: Detection; people: BodyDetection[] }> {
  const look = (modules: FrameModules) =>
    detectRgb(pool, { ...rgb, data: rgb.data.slice() }, modules).catch((error: Error) => {
      throw error instanceof UnreadableImage ? new PhotoError(400, error.message, field) : error;
    });
  const [whole, crowd] = await Promise.all([look(WHOLE_PHOTO), look(PEOPLE)]);
  return { whole, people: crowd.people ?? [] };
}

export async function analyzePhoto(
  pool: EnginePool,
  bytes: Uint8Array,
  view: ViewType,
  field: string,
): Promise<ViewAnalysis> {
  const rgb = await decodeJpeg(bytes).catch((error: Error) => {
    throw error instanceof UnreadableImageError ? new PhotoError(400, error.message, field) : error;
  });
  const grey = greyForRoll(rgb);
  const { whole: d, people } = await wholePhotoLooks(pool, rgb, field);
  const first = checkOnePerson(d, field, people);
  const person = await personKeypoints(pool, rgb, first, view);
  const excluded = personExclusion(person.keypoints, d.body?.box);
  const roll = estimateRoll(grey, excluded ? [excluded] : []);
  const level = (k: Keypoint[]) => levelKeypoints(k, rgb.width, rgb.height, roll.rollDeg);
  const keypoints = level(person.keypoints);
  const near = person.nearShoulder && level([person.nearShoulder])[0];
  const live = d.body ? { keypoints: d.body.keypoints, frame: { width: d.width, height: d.height } } : null;
  const base = { keypoints, live, roll, looks: person.looks };
  // A front photo of someone side on, or with the head turned away, shows no front view: its eye and shoulder lines
  // are not a head or shoulder tilt (a side photo taken for the front one read "head tilt 22°" and cost 20 points),
  // so nothing is measured and the photo is retaken, in the live reference's words for why.
  const facing = view === 'front' && live ? frontPhotoProblem(live.keypoints, live.frame) : null;
  if (facing)
    return {
      ...base,
      metrics: {},
      not_measurable: `${MESSAGES.notMeasurable} as a front photo: ${REFERENCE_PROBLEM_TEXT[facing]}.`,
    };
  try {
    return { ...base, metrics: viewMetrics(view, keypoints, d.width, d.height, near) };
  } catch (error) {
    if (error instanceof MissingKeypoints)
      throw new PhotoError(422, `${MESSAGES.notMeasurable}: ${error.message}.`, field);
    if (error instanceof NotMeasurable)
      return { ...base, metrics: error.measured, not_measurable: error.message };
    throw error;
  }
}

/**
 * The live monitor's reference from a front photo taken at the desk with the same camera, so a user who made the
 * photo calibration is judged from the first live frame: the body as the live model saw it, when core accepts it
 * as a reference (a person facing the camera, head and both shoulders in view); else why not, in core's words.
 */
export function liveReference(front: ViewAnalysis): {
  reference: { keypoints: Keypoint[]; frame: { width: number; height: number } } | null;
  problem?: string;
} {
  if (!front.live) return { reference: null, problem: REFERENCE_PROBLEM_TEXT.nobody };
  const problem = referenceProblem(front.live.keypoints, front.live.frame);
  return problem ? { reference: null, problem: REFERENCE_PROBLEM_TEXT[problem] } : { reference: front.live };
}
