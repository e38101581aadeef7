// Turns Human's results (pixels, part names) into normalised detections: COCO-17 body keypoints by name,
// hands as 21 normalised landmarks, and the face measurements the face signals need. Human returns body
// parts by name, sometimes fewer than 17 and with left/right reassigned by x, and hands in pixels without
// handedness, hence the normalisation by name here.
import type { Box, Keypoint, PictureQuality } from '@posture-vision/core/analysis';
import type { BodyResult, FaceResult, HandResult, Result } from '@vladmandic/human';

/** COCO-17 order, by the part names Human's MoveNet uses. */
export const COCO17 = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;

/** COCO-17's left/right pairs by index: core's, the one list every package names pairs by. */
export { COCO17_PAIRS } from '@posture-vision/core/analysis';

export interface BodyDetection {
  /** Always 17 entries; a part the model did not return has x/y NaN (sent as null) and score 0. */
  keypoints: Keypoint[];
  /** The photo model only (photo-body.ts): per entry, the name the model itself gave that point. It differs from
   * the entry's name where the naming by x swapped a pair. In a side view both shoulders lie at nearly the same x,
   * so only the model's own name says which one faces the camera (vision's photo analysis uses it). */
  ownNames?: string[];
  box: Box;
  score: number;
}

export interface FaceDetection {
  box: Box;
  score: number;
  /** Eye aspect ratio (lid gap / eye width), mean of both eyes; about 0.25-0.35 open, below 0.15 closed. */
  eyeOpenness: number | null;
  /** Mouth aspect ratio (inner lip gap / mouth width); about 0 closed, above 0.5 wide open. */
  mouthOpenness: number | null;
  /** Head pitch in radians from the face mesh (positive: looking down). */
  pitch: number | null;
  /** Emotions by decreasing score (only when the emotion model ran). */
  emotions: string[];
}

export interface HandDetection {
  landmarks: Keypoint[];
  score: number;
}

export interface Detection {
  width: number;
  height: number;
  body: BodyDetection | null;
  /** Faces the face models found on this frame; empty when they did not run (see faceBox). */
  faces: FaceDetection[];
  /** The face mesh ran on this frame, so `faces` says whether eyes and mouth were seen. */
  faceMeasured: boolean;
  /** The face box of this frame: the face model's when it ran, else the head's box from the body keypoints. */
  faceBox: Box | null;
  /** null when the hand model did not run on this frame (it runs at a lower rate). */
  hands: HandDetection[] | null;
  /** Every person the photo people model found (FrameModules.people), by decreasing score; absent otherwise. */
  people?: BodyDetection[];
  /** Milliseconds per module, as Human measured them. */
  timings: Record<string, number>;
  /** How well the picture shows the person (picture.ts); live detections only, so a frame not judged says why. */
  picture?: PictureQuality;
  /** The whole frame's brightness as the camera gave it (exposure.ts frameBrightness); live body detections only:
   * a reference taken from this frame says by it whether it was taken in good light. */
  frameBrightness?: number;
}

/** A coordinate held within the image (0..1). */
export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function normBox(box: [number, number, number, number], width: number, height: number, score?: number): Box {
  const b: Box = {
    x: clamp01(box[0] / width),
    y: clamp01(box[1] / height),
    w: clamp01(box[2] / width),
    h: clamp01(box[3] / height),
  };
  if (score !== undefined) b.score = score;
  return b;
}

/**
 * Body keypoints in COCO-17 order, normalised to the image. From `positionRaw` (Human's own 0–1 position), not
 * `position` (pixels): Human's MoveNet smooths jitter by handing back, for a keypoint that moved less than 0.5 % of
 * the frame, the keypoint object of its previous detection — from whatever image that was, in one module-wide
 * cache (a vision worker serves several streams and photos; a photo's second look is a crop of another size).
 * That object's pixels belong to the other image (a 640-wide frame's nose read at x = 1 in a 192-wide one); its
 * 0–1 position is within the 0.5 % of this one.
 */
export function toCoco17(body: BodyResult, width: number, height: number): BodyDetection {
  const byName = new Map(body.keypoints.map((k) => [k.part as string, k]));
  const keypoints = COCO17.map((name): Keypoint => {
    const k = byName.get(name);
    if (!k) return { x: Number.NaN, y: Number.NaN, score: 0, name };
    const [x, y] = k.positionRaw ?? [k.position[0] / width, k.position[1] / height];
    return { x: clamp01(x), y: clamp01(y), score: k.score, name };
  });
  return { keypoints, box: normBox(body.box, width, height, body.score), score: body.score };
}

type P = readonly (number | undefined)[];
const dist = (a: P | undefined, b: P | undefined) =>
  a && b ? Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0)) : Number.NaN;

/** Gap between two mesh points divided by the span between two others, or null when the mesh lacks them. */
function aspect(mesh: P[], top: number, bottom: number, left: number, right: number): number | null {
  const r = dist(mesh[top], mesh[bottom]) / dist(mesh[left], mesh[right]);
  return Number.isFinite(r) ? r : null;
}

/** Face-mesh indices (MediaPipe 468-point mesh): eyelids and eye corners, inner lips and mouth corners. */
const MESH = {
  leftEye: [386, 374, 362, 263],
  rightEye: [159, 145, 33, 133],
  mouth: [13, 14, 78, 308],
} as const;

export function toFace(face: FaceResult, width: number, height: number): FaceDetection {
  const mesh = face.mesh ?? [];
  const hasMesh = mesh.length >= 468;
  const l = hasMesh ? aspect(mesh, ...MESH.leftEye) : null;
  const r = hasMesh ? aspect(mesh, ...MESH.rightEye) : null;
  const eyes = l !== null && r !== null ? (l + r) / 2 : (l ?? r);
  const emotions = [...(face.emotion ?? [])].sort((a, b) => b.score - a.score).map((e) => e.emotion);
  return {
    box: normBox(face.box, width, height, face.score),
    score: face.score,
    eyeOpenness: eyes,
    mouthOpenness: hasMesh ? aspect(mesh, ...MESH.mouth) : null,
    pitch: face.rotation?.angle.pitch ?? null,
    emotions,
  };
}

/** Hands sorted by wrist position: image right first, because in an unmirrored camera image the person's
 * left hand is on the right, and the frame contract treats the first hand as left. */
export function toHands(hands: HandResult[], width: number, height: number): HandDetection[] {
  return hands
    .filter((h) => h.keypoints.length >= 21)
    .map((h) => ({
      landmarks: h.keypoints
        .slice(0, 21)
        .map((p) => ({ x: clamp01((p[0] ?? 0) / width), y: clamp01((p[1] ?? 0) / height) })),
      score: h.score,
    }))
    .sort((a, b) => (b.landmarks[0]?.x ?? 0) - (a.landmarks[0]?.x ?? 0))
    .slice(0, 2);
}

/** Head keypoints (nose, eyes, ears) this sure count for the face box drawn from the body. */
export const HEAD_KEYPOINT_SCORE = 0.3;
/** The face box from the head keypoints: ears and eyes span the face's width; the face reaches about as far
 * below the eyes as its width (chin), and half its width above them (forehead). */
export function faceBoxFromBody(keypoints: Keypoint[]): Box | null {
  const head = keypoints
    .slice(0, 5)
    .filter((k) => Number.isFinite(k.x) && Number.isFinite(k.y) && (k.score ?? 0) >= HEAD_KEYPOINT_SCORE);
  if (head.length < 3) return null;
  const xs = head.map((k) => k.x);
  const ys = head.map((k) => k.y);
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const width = Math.max(right - left, 1e-3);
  const eyeY = ys.reduce((a, b) => a + b, 0) / ys.length;
  const top = clamp01(eyeY - width / 2);
  const bottom = clamp01(eyeY + width);
  const score = head.reduce((a, k) => a + (k.score ?? 0), 0) / head.length;
  return { x: clamp01(left), y: top, w: clamp01(width), h: bottom - top, score };
}

export function toDetection(
  result: Result,
  width: number,
  height: number,
  ran: { face: boolean; hands: boolean },
): Detection {
  const body = result.body[0] ? toCoco17(result.body[0], width, height) : null;
  const faces = result.face.map((f) => toFace(f, width, height));
  return {
    width,
    height,
    body,
    faces,
    faceMeasured: ran.face,
    faceBox: faces[0]?.box ?? (body ? faceBoxFromBody(body.keypoints) : null),
    hands: ran.hands ? toHands(result.hand, width, height) : null,
    timings: { ...result.performance },
  };
}
