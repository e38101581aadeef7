// Test media of real people, made in code from the group photos that @vladmandic/face-api ships in its
// demo folder (read from node_modules at test time, never committed): single-person JPEG crops, a group
// crop, a photo without anyone, `.y4m` clips of a person facing the camera, and side-view composites (photo and clip)
// for Chromium's fake camera.
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { C7_BACK, C7_UP, earForwardForCva, sideGeometry } from '@posture-vision/core/calibration';
import jpeg from 'jpeg-js';
import { type Condition, underCondition } from './conditions.ts';

const require = createRequire(import.meta.url);
const demoDir = join(dirname(dirname(require.resolve('@vladmandic/face-api'))), 'demo');

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

interface Crop {
  sample: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Rectangles in the original 1920-wide demo photos, chosen by looking at them: each single-person crop
 * holds exactly one face with head and shoulders; the group crop holds two faces.
 */
const crops = {
  /** sample1, right-hand woman: facing the camera, head slightly tilted, shoulders visible. */
  woman: { sample: 1, x: 1240, y: 120, w: 660, h: 1020 },
  /** sample2, right-hand woman: head turned and tilted. */
  'woman-tilted': { sample: 2, x: 1260, y: 0, w: 660, h: 960 },
  /** sample1, left-hand woman. */
  'woman-left': { sample: 1, x: 120, y: 160, w: 620, h: 1000 },
  /** sample2, left-hand woman: one hand raised to her mouth (for hand landmarks). */
  'woman-hand': { sample: 2, x: 0, y: 0, w: 760, h: 1000 },
  /** sample6, left-hand woman: facing the camera, bare shoulders, hair over her left shoulder. */
  'woman-facing': { sample: 6, x: 40, y: 300, w: 640, h: 1000 },
  /** sample3, middle woman: facing the camera, dark top against a dark window frame. */
  'woman-centre': { sample: 3, x: 880, y: 100, w: 600, h: 960 },
  /** sample1, two women side by side (left and middle). */
  group: { sample: 1, x: 100, y: 150, w: 1060, h: 1000 },
} satisfies Record<string, Crop>;

export type PhotoName = keyof typeof crops;

const decoded = new Map<number, Rgba>();

function demoPhoto(sample: number): Rgba {
  let img = decoded.get(sample);
  if (!img) {
    const raw = jpeg.decode(readFileSync(join(demoDir, `sample${sample}.jpg`)), {
      useTArray: true,
      maxMemoryUsageInMB: 1024,
    });
    img = { width: raw.width, height: raw.height, data: raw.data };
    decoded.set(sample, img);
  }
  return img;
}

function crop(c: Crop): Rgba {
  const src = demoPhoto(c.sample);
  const w = Math.min(c.w, src.width - c.x);
  const h = Math.min(c.h, src.height - c.y);
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const from = ((c.y + y) * src.width + c.x) * 4;
    data.set(src.data.subarray(from, from + w * 4), y * w * 4);
  }
  return { width: w, height: h, data };
}

function encode(img: Rgba, quality = 90): Buffer {
  return Buffer.from(jpeg.encode({ width: img.width, height: img.height, data: img.data }, quality).data);
}

/** A JPEG of one real person (or two, for 'group'). */
export function personPhoto(name: PhotoName = 'woman'): Buffer {
  return encode(crop(crops[name]));
}

/** The same photo as a `data:image/jpeg;base64,` URL, as the calibration wizard sends it. */
export function personPhotoDataUrl(name: PhotoName = 'woman'): string {
  return toDataUrl(personPhoto(name));
}

/** A point in pixels of an image. */
export interface Point {
  x: number;
  y: number;
}

/**
 * Sources of the side-view composites, chosen and marked by looking at the full-size demo photos.
 * - Head: sample2, left-hand woman, a true profile facing left (nose to the left). `ear` is the centre of
 *   her visible ear (the point MoveNet calls the ear; the tragus is a few pixels in front of it).
 * - Body: sample3, right-hand woman, turned sideways so that one shoulder faces the camera; mirrored so
 *   that she faces left like the head. `shoulder` is the centre of the near shoulder joint (humeral
 *   head, the point MoveNet calls the shoulder); `neckY` is the row where her neck meets the shoulders.
 */
const sideSources = {
  head: { sample: 2, x: 330, y: 30, w: 470, h: 410, ear: { x: 560, y: 256 } },
  body: { sample: 3, x: 1380, y: 200, w: 540, h: 920, shoulder: { x: 1574, y: 650 }, neckY: 575 },
  /** Head-to-body size ratio that makes the two people's heads the same size (head heights 370/310 px). */
  headScale: 0.84,
};

export interface SideViewPlacement {
  /** How far the ear sits ahead of the shoulder (towards the face), in pixels of the result. */
  forward: number;
  /** How far the ear sits above the shoulder, in pixels of the result (the neck's length). */
  up: number;
  /** Neck flexion, degrees: the head (with its neck) turned forward and down about the C7 point of the placement
   * above (core's C7 model), as a forward head posture bends the neck, instead of moved forward whole. */
  flexion?: number;
}

export interface SideViewPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Where the ear and the shoulder are in the result, by construction (pixels). */
  ear: Point;
  shoulder: Point;
  /** The direction the person faces: -1 left. */
  facing: -1 | 1;
}

/**
 * A side-view photo of a person whose ear sits at a chosen offset from her shoulder: a real profile head
 * pasted over a real sideways body (two demo photos), so the true head-on-neck geometry of every image is
 * known by construction: the ear lands exactly `forward` px ahead of and `up` px above the marked shoulder.
 * Above the neck the body photo is replaced by a plain wall so only one head is in the picture.
 */
export function sideViewPhoto(placement: SideViewPlacement, quality = 90): SideViewPhoto {
  const { image, ear, shoulder } = sideViewImage(placement);
  return {
    jpeg: encode(image, quality),
    width: image.width,
    height: image.height,
    ear,
    shoulder,
    facing: -1,
  };
}

/** A plain wall: above the side-view body's neck, and around a still clip's picture. */
const WALL: [number, number, number] = [196, 190, 184];

/**
 * Where a placement puts the composite's shoulder and ear, and how its head patch is laid (pure geometry, no
 * pixels): the head patch's top-left corner in the result before any flexion, the C7 point the flexion turns it
 * about (core's C7 model of the placement: C7_BACK·up behind and C7_UP·up above the shoulder, behind being +x
 * since she faces left), and the ear after the turn.
 */
function sideViewLayout(placement: SideViewPlacement) {
  const { head: h, body: b, headScale } = sideSources;
  const shoulder = { x: b.w - 1 - (b.shoulder.x - b.x), y: b.shoulder.y - b.y };
  const earInPatch = { x: (h.ear.x - h.x) * headScale, y: (h.ear.y - h.y) * headScale };
  const left = Math.round(shoulder.x - placement.forward - earInPatch.x);
  const top = Math.round(shoulder.y - placement.up - earInPatch.y);
  const c7 = { x: shoulder.x + C7_BACK * placement.up, y: shoulder.y - C7_UP * placement.up };
  const theta = ((placement.flexion ?? 0) * Math.PI) / 180;
  // The upright ear turned forward and down about C7 (by -θ in the picture's y-down frame).
  const e = { x: left + earInPatch.x - c7.x, y: top + earInPatch.y - c7.y };
  const ear = {
    x: c7.x + Math.cos(theta) * e.x + Math.sin(theta) * e.y,
    y: c7.y - Math.sin(theta) * e.x + Math.cos(theta) * e.y,
  };
  return { shoulder, ear, left, top, c7, theta };
}

/** The side-view composite as RGBA, with where its ear and shoulder are (see sideViewPhoto). */
function sideViewImage(placement: SideViewPlacement): { image: Rgba; ear: Point; shoulder: Point } {
  const { head: h, body: b, headScale } = sideSources;
  const body = crop({ sample: b.sample, x: b.x, y: b.y, w: b.w, h: b.h });
  const head = crop({ sample: h.sample, x: h.x, y: h.y, w: h.w, h: h.h });
  const { width, height } = body;
  const out = new Uint8Array(width * height * 4);
  // Mirrored body (she then faces left, like the head); a wall colour above the neck.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = (y * width + x) * 4;
      if (y < b.neckY - b.y) out.set([...WALL, 255], d);
      else
        out.set(
          body.data.subarray((y * width + (width - 1 - x)) * 4, (y * width + (width - 1 - x)) * 4 + 4),
          d,
        );
    }
  // Head patch scaled by headScale with its marked ear on the placement's ear (nearest-neighbour sampling), turned
  // by the flexion about C7: each result pixel is turned back (by θ) to find its place in the upright patch.
  const { shoulder, ear, left, top, c7, theta } = sideViewLayout(placement);
  const pw = Math.floor(head.width * headScale);
  const ph = Math.floor(head.height * headScale);
  const [cos, sin] = [Math.cos(theta), Math.sin(theta)];
  const reach = Math.ceil(Math.hypot(left - c7.x, top - c7.y) + Math.hypot(pw, ph));
  const box = theta
    ? { x0: c7.x - reach, x1: c7.x + reach, y0: c7.y - reach, y1: c7.y + reach }
    : { x0: left, x1: left + pw, y0: top, y1: top + ph };
  for (let y = Math.max(0, Math.floor(box.y0)); y < Math.min(height, Math.ceil(box.y1)); y++)
    for (let x = Math.max(0, Math.floor(box.x0)); x < Math.min(width, Math.ceil(box.x1)); x++) {
      const px = Math.round(c7.x + cos * (x - c7.x) - sin * (y - c7.y)) - left;
      const py = Math.round(c7.y + sin * (x - c7.x) + cos * (y - c7.y)) - top;
      if (px < 0 || py < 0 || px >= pw || py >= ph) continue;
      const sx = Math.min(head.width - 1, Math.round(px / headScale));
      const sy = Math.min(head.height - 1, Math.round(py / headScale));
      const s = (sy * head.width + sx) * 4;
      out.set(head.data.subarray(s, s + 4), (y * width + x) * 4);
    }
  return { image: { width, height, data: out }, ear, shoulder };
}

/** The bent-neck set: forward heads across the poor and warning CVA range (below 45° and 45-48°), whose true CVA
 * the geometry test and the bench judge the estimate against. */
export const BENT_NECK_CVAS: readonly number[] = [35, 38, 41, 44, 47];

/** The upright neck a bent one starts from: the composite at this CVA with the placements' usual neck length. */
const UPRIGHT = { cva: 50, up: 200 };

/**
 * A forward head made the way one forms: the upright composite (UPRIGHT) with its neck bent forward about C7
 * (`flexion`) until the ear sits at `cva` — the head and its own neck go forward and down together, joined to the
 * shoulders as a person's are. sideViewPlacement's other way, moving the whole head forward, leaves a gap between
 * head and body at a forward head; MoveNet Thunder read retakes of that 38° composite anywhere from 29° to 68°
 * (bench/README.md). The flexion is found by bisection on the layout's geometry (core's formula on the ear and
 * shoulder it places), so the true CVA of the result is `cva` by construction.
 */
export function bentNeckPlacement(cva: number): SideViewPlacement {
  const upright = { up: UPRIGHT.up, forward: earForwardForCva(UPRIGHT.cva, UPRIGHT.up) };
  const cvaAt = (flexion: number) => {
    const { ear, shoulder } = sideViewLayout({ ...upright, flexion });
    return sideGeometry(ear, shoulder, -1)?.cranialVertebralAngle ?? Number.NaN;
  };
  if (!(cva > 20 && cva <= cvaAt(0)))
    throw new Error(`a bent neck reaches 20-${cvaAt(0).toFixed(1)}°, not ${cva}°`);
  let [lo, hi] = [0, 60];
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (cvaAt(mid) > cva) lo = mid;
    else hi = mid;
  }
  return { ...upright, flexion: (lo + hi) / 2 };
}

export interface StillClipOptions {
  /** Frame size (default 1280x720, the wizard's ideal camera size). */
  width?: number;
  height?: number;
  fps?: number;
  /** Length of the clip (default 1 s; Chromium loops it). */
  seconds?: number;
  /** Mirror the picture (a person turned the other way). */
  mirror?: boolean;
}

/**
 * Writes a `.y4m` clip of one still picture for Chromium's fake camera: the picture fitted to the frame height
 * and centred on a plain wall, so its geometry is the picture's, scaled. The file is written beside its path and
 * renamed into place, so a camera that opens it meanwhile never reads half a file (Chromium opens the file
 * again each time a page starts the camera: a test can change what the camera shows between two steps).
 */
export function writeStillClip(path: string, image: Rgba, options: StillClipOptions = {}): string {
  const width = options.width ?? 1280;
  const height = options.height ?? 720;
  const fps = options.fps ?? 15;
  const frame = rgbToI420(onWall(image, width, height, options.mirror), width, height);
  const count = Math.max(1, Math.round((options.seconds ?? 1) * fps));
  return writeY4m(path, { width, height, fps }, [{ frame, count }]);
}

/**
 * A still clip of the side-view composite (sideViewPhoto) facing `facing` in the camera picture (the composite
 * faces left; 'right' mirrors it): the person sitting side-on for the wizard's side steps.
 */
export function writeSideViewClip(
  path: string,
  placement: SideViewPlacement,
  options: Omit<StillClipOptions, 'mirror'> & { facing?: 'left' | 'right' } = {},
): string {
  const { facing, ...rest } = options;
  return writeStillClip(path, sideViewImage(placement).image, { ...rest, mirror: facing === 'right' });
}

/**
 * A picture fitted to the frame's height and centred on a plain wall (RGB), mirrored if asked: a still camera
 * frame of one photo, with nothing repeated at its sides.
 */
export function onWall(image: Rgba, width: number, height: number, mirror = false): Uint8Array {
  const scale = height / image.height;
  const offset = (width - image.width * scale) / 2;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = (y * width + x) * 3;
      const fx = mirror ? width - 1 - x : x;
      const sx = Math.floor((fx - offset) / scale);
      const sy = Math.min(image.height - 1, Math.floor(y / scale));
      if (sx < 0 || sx >= image.width) rgb.set(WALL, d);
      else rgb.set(image.data.subarray((sy * image.width + sx) * 4, (sy * image.width + sx) * 4 + 3), d);
    }
  return rgb;
}

/** Door frame and shelf colour: dark wood against the light wall. */
const WOOD: [number, number, number] = [92, 70, 52];

/**
 * A camera picture of a person in a room (JPEG): the picture fitted to `height` and centred, as onWall does, on a
 * wall that shows a door frame (two posts and a lintel) on the left and a shelf on the right — the straight
 * vertical and horizontal lines a room at a desk shows beside the person, which the photo analysis measures the
 * camera's roll against. `side` gives the side-view composite (sideViewPhoto's placement), `photo` a single-person
 * crop. The wall parts are drawn, the person is the real photo.
 */
export function roomPhoto(
  person: { side: SideViewPlacement } | { photo: PhotoName },
  width = 960,
  height = 540,
  quality = 90,
): Buffer {
  const image = 'side' in person ? sideViewImage(person.side).image : crop(crops[person.photo]);
  const rgb = onWall(image, width, height);
  const personLeft = (width - image.width * (height / image.height)) / 2;
  const personRight = width - personLeft;
  const paint = (x0: number, x1: number, y0: number, y1: number) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(height, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(personLeft, width, Math.round(x1)); x++)
        rgb.set(WOOD, (y * width + x) * 3);
  };
  // Door: posts 4 % of the height wide, 35 % of the picture's height apart, lintel at 12 % from the top.
  const post = 0.04 * height;
  const doorLeft = Math.max(post, personLeft - 0.55 * height);
  const doorRight = doorLeft + 0.35 * height;
  paint(doorLeft, doorLeft + post, 0.12 * height, height);
  paint(doorRight - post, doorRight, 0.12 * height, height);
  paint(doorLeft, doorRight, 0.12 * height, 0.12 * height + post);
  // Shelf on the right-hand wall, at 45 % of the height, with a bracket under it.
  const out = rgbToRgba(rgb);
  const shelf = (x0: number, x1: number, y0: number, y1: number) => {
    for (let y = Math.round(y0); y < Math.round(y1); y++)
      for (
        let x = Math.max(Math.round(personRight), Math.round(x0));
        x < Math.min(width, Math.round(x1));
        x++
      )
        out.set([...WOOD, 255], (y * width + x) * 4);
  };
  shelf(personRight + 0.06 * height, width - 0.04 * height, 0.45 * height, 0.475 * height);
  shelf(width - 0.2 * height, width - 0.17 * height, 0.475 * height, 0.62 * height);
  return encode({ width, height, data: out }, quality);
}

/** A single-person crop as a camera picture of `width` × `height` (JPEG): fitted to the height and centred on a
 * plain wall (onWall), as a landscape webcam frame shows her. */
export function framedPersonPhoto(name: PhotoName, width: number, height: number, quality = 90): Buffer {
  return encodeRgb(onWall(crop(crops[name]), width, height), width, height, quality);
}

/** The side-view composite as a landscape webcam frame shows it (onWall), facing left as composed or mirrored to
 * face right: one frame of writeSideViewClip's clip, as JPEG. */
export function framedSideViewPhoto(
  placement: SideViewPlacement,
  width: number,
  height: number,
  facing: 'left' | 'right' = 'left',
  quality = 90,
): Buffer {
  const rgb = onWall(sideViewImage(placement).image, width, height, facing === 'right');
  return encodeRgb(rgb, width, height, quality);
}

/** Packed RGB as JPEG. */
function encodeRgb(rgb: Uint8Array, width: number, height: number, quality: number): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    data[j] = rgb[i] as number;
    data[j + 1] = rgb[i + 1] as number;
    data[j + 2] = rgb[i + 2] as number;
    data[j + 3] = 255;
  }
  return encode({ width, height, data }, quality);
}

/** The JPEG photo turned left for right: a side view facing left becomes the same person photographed from her
 * other side, facing right (the calibration's right-hand photo). */
export function mirroredPhoto(jpegBytes: Buffer, quality = 95): Buffer {
  const src = jpeg.decode(jpegBytes, { useTArray: true, maxMemoryUsageInMB: 1024 });
  const { width: w, height: h } = src;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const from = (y * w + (w - 1 - x)) * 4;
      data.set(src.data.subarray(from, from + 4), (y * w + x) * 4);
    }
  return encode({ width: w, height: h, data }, quality);
}

/** The RGBA pixels of a single-person crop (see personPhoto). */
export function personImage(name: PhotoName = 'woman'): Rgba {
  return crop(crops[name]);
}

/** A JPEG with nobody in it: a smooth colour gradient like an empty wall. */
/**
 * The geometry set: twelve side-view photos whose true CVA covers 35-60°, the neck's length (ear
 * above shoulder, px) varied as well. `cva` is the placement asked for; `truth` is the angle the constructed
 * ear and shoulder make (core's formula), which the estimate is judged against.
 */
export const KNOWN_CVA_PLACEMENTS: readonly (readonly [cva: number, up: number])[] = [
  [35, 200],
  [37, 215],
  [40, 190],
  [42, 205],
  [45, 200],
  [47, 220],
  [50, 195],
  [52, 210],
  [55, 200],
  [57, 185],
  [58, 215],
  [60, 200],
];

export function knownCvaPhotos(): { cva: number; truth: number; photo: SideViewPhoto }[] {
  return KNOWN_CVA_PLACEMENTS.map(([cva, up]) => {
    const photo = sideViewPhoto({ up, forward: earForwardForCva(cva, up) });
    const truth = sideGeometry(photo.ear, photo.shoulder, photo.facing)?.cranialVertebralAngle ?? Number.NaN;
    return { cva, truth, photo };
  });
}

export function emptyRoomPhoto(width = 640, height = 480): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = 180 + Math.round((40 * x) / width);
      data[i + 1] = 170 + Math.round((30 * y) / height);
      data[i + 2] = 150;
      data[i + 3] = 255;
    }
  return encode({ width, height, data });
}

export function toDataUrl(jpegBytes: Buffer): string {
  return `data:image/jpeg;base64,${jpegBytes.toString('base64')}`;
}

/** Posture shown in a clip segment, drawn by moving and turning the same photo of a person. */
export type ClipPosture =
  | 'upright'
  | 'slouched'
  | 'tilted'
  | 'away'
  | 'head-forward'
  | 'glance-down'
  | 'leaning-in';

export interface ClipSegment {
  posture: ClipPosture;
  seconds: number;
}

export interface ClipOptions {
  width?: number;
  height?: number;
  fps?: number;
  photo?: PhotoName;
}

interface PostureTransform {
  /** The whole picture: zoom, drop (fraction of the frame height) and turn about the neck. */
  scale: number;
  dy: number;
  angle: number;
  /** The head only (shoulders stay): zoom, drop (fraction of the frame height) and vertical squash. */
  head?: { scale: number; dy: number; squash: number };
}

/**
 * How each posture transforms the upright picture, each a change the live rules measure as a real person's
 * (core analysis/rules, chosen on the real frames of bench/accuracy). Slouched: the body sinks by 6% of the frame
 * height and the head settles another 6% toward the shoulders, coming a little nearer (the head drops and the neck
 * shortens, as a person sinking in the chair does). Tilted: the picture turns 26 degrees about the neck (the eye
 * line reads about 22 degrees). Away: an empty frame (the person left). With the shoulders' behaviour known by
 * construction:
 * - head-forward: only the head comes forward and down (looks 30% larger, 3% of the frame lower) while the
 *   shoulders stay where they were;
 * - glance-down: the head drops by 4% of the frame height and its face shortens by 12% (pitching down to
 *   look at the keyboard), shoulders still;
 * - leaning-in: the whole upper body comes 20% closer (head and shoulders grow together): not a posture.
 */
const postures: Record<Exclude<ClipPosture, 'away'>, PostureTransform> = {
  upright: { scale: 1, dy: 0, angle: 0 },
  slouched: { scale: 1.05, dy: 0.06, angle: 0, head: { scale: 1.1, dy: 0.06, squash: 1 } },
  tilted: { scale: 1, dy: 0, angle: (26 * Math.PI) / 180 },
  'head-forward': { scale: 1, dy: 0, angle: 0, head: { scale: 1.3, dy: 0.03, squash: 1 } },
  'glance-down': { scale: 1, dy: 0, angle: 0, head: { scale: 1, dy: 0.04, squash: 0.88 } },
  'leaning-in': { scale: 1.2, dy: 0.02, angle: 0 },
};

/**
 * Where the head is in each photo (photo pixels), marked from the detector's face keypoints: a centre, the
 * radius inside which the head moves whole, and the radius beyond which nothing moves (the shoulders lie
 * outside it). Only photos listed here can play the head-only postures.
 */
const heads: Partial<Record<PhotoName, { x: number; y: number; inner: number; outer: number }>> = {
  woman: { x: 335, y: 215, inner: 150, outer: 215 },
};

/** One RGB frame of the person (photo fitted to the frame height, centred) in a posture. */
function renderFrame(
  photo: Rgba,
  width: number,
  height: number,
  posture: ClipPosture,
  photoName: PhotoName,
): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  if (posture === 'away') {
    for (let i = 0; i < rgb.length; i += 3) rgb.set([200, 190, 170], i);
    return rgb;
  }
  const p = postures[posture];
  const head = p.head ? heads[photoName] : undefined;
  if (p.head && !head) throw new Error(`photo '${photoName}' has no marked head for posture '${posture}'`);
  const fit = height / photo.height;
  const scale = fit * p.scale;
  // Pivot: the neck, about 45% down the photo, at the centre of the frame.
  const pivotX = width / 2;
  const pivotY = height * 0.45;
  const cos = Math.cos(p.angle);
  const sin = Math.sin(p.angle);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // Inverse transform: frame pixel -> photo pixel.
      const fx = x - pivotX;
      const fy = y - pivotY - p.dy * height;
      let rx = (cos * fx + sin * fy) / scale + photo.width / 2;
      let ry = (-sin * fx + cos * fy) / scale + photo.height * 0.45;
      if (head && p.head) {
        // Head-only warp about the head's centre, full inside `inner`, fading out by `outer`.
        const dist = Math.hypot(rx - head.x, ry - head.y);
        const w = Math.min(1, Math.max(0, (head.outer - dist) / (head.outer - head.inner)));
        const hs = 1 + (p.head.scale - 1) * w;
        const sq = 1 + (p.head.squash - 1) * w;
        const drop = (p.head.dy * height * w) / fit;
        rx = head.x + (rx - head.x) / hs;
        ry = head.y + (ry - head.y - drop) / (hs * sq);
      }
      const sx = Math.min(photo.width - 1, Math.max(0, Math.round(rx)));
      const sy = Math.min(photo.height - 1, Math.max(0, Math.round(ry)));
      const s = (sy * photo.width + sx) * 4;
      const d = (y * width + x) * 3;
      rgb[d] = photo.data[s] as number;
      rgb[d + 1] = photo.data[s + 1] as number;
      rgb[d + 2] = photo.data[s + 2] as number;
    }
  return rgb;
}

/** RGB -> planar I420 (BT.601 studio range), the layout of a `.y4m` C420 frame. */
export function rgbToI420(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const ySize = width * height;
  const cw = width >> 1;
  const ch = height >> 1;
  const out = new Uint8Array(ySize + 2 * cw * ch);
  for (let i = 0; i < ySize; i++) {
    const r = rgb[i * 3] as number;
    const g = rgb[i * 3 + 1] as number;
    const b = rgb[i * 3 + 2] as number;
    out[i] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
  }
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const i = (y * 2 * width + x * 2) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      out[ySize + y * cw + x] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      out[ySize + cw * ch + y * cw + x] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  return out;
}

/** One I420 frame (default 640x480) of the real person in a posture, as a camera or wrtc's video sink hands it
 * over. */
export function personFrame(
  posture: ClipPosture = 'upright',
  options: Omit<ClipOptions, 'fps'> = {},
): { width: number; height: number; data: Uint8Array } {
  const { width, height, rgb } = postureRgb(posture, options);
  return { width, height, data: rgbToI420(rgb, width, height) };
}

/**
 * The same picture as a clip's frame of that posture, as a `data:image/jpeg` URL (quality 95): for a camera the
 * test turns from one posture to the next when it chooses (web `support/photo-camera.ts`), where a clip would
 * have to be waited on in real time.
 */
export function personPostureDataUrl(
  posture: ClipPosture = 'upright',
  options: Omit<ClipOptions, 'fps'> = {},
): string {
  const { width, height, rgb } = postureRgb(posture, options);
  return toDataUrl(encode({ width, height, data: rgbToRgba(rgb) }, 95));
}

/** The person (default the woman, in a 640×480 frame) in a posture, as RGB. */
function postureRgb(posture: ClipPosture, options: Omit<ClipOptions, 'fps'>) {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const photoName = options.photo ?? 'woman';
  return { width, height, rgb: renderFrame(crop(crops[photoName]), width, height, posture, photoName) };
}

function rgbToRgba(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array((rgb.length / 3) * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    out[j] = rgb[i] as number;
    out[j + 1] = rgb[i + 1] as number;
    out[j + 2] = rgb[i + 2] as number;
    out[j + 3] = 255;
  }
  return out;
}

/** Each segment's picture as I420 and how many frames it lasts at the clip's rate. */
function clipPictures(segments: ClipSegment[], options: ClipOptions) {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const fps = options.fps ?? 15;
  const pictures = segments.map((segment) => ({
    frame: personFrame(segment.posture, options).data,
    count: Math.max(1, Math.round(segment.seconds * fps)),
  }));
  return { width, height, fps, pictures };
}

/**
 * Writes a `.y4m` clip (default 640x480 at 15 fps) of a real person holding each posture for its
 * segment's seconds, and returns the path. Chromium's fake camera loops it, and opens the file again each time
 * a page starts the camera.
 */
export function writePersonClip(
  path: string,
  segments: ClipSegment[] = [{ posture: 'upright', seconds: 3 }],
  options: ClipOptions = {},
): string {
  const { width, height, fps, pictures } = clipPictures(segments, options);
  return writeY4m(path, { width, height, fps }, pictures);
}

/** A camera the test turns from one posture to the next when it chooses (writePostureCamera). */
export interface PostureCamera {
  /** The `.y4m` clip Chromium's fake camera plays (`fakeVideo` of launchChromium). */
  readonly path: string;
  /** Puts the person in this posture in front of the camera: the camera shows it within a second. Under a
   * condition (conditions.ts: the light going, the lens smudged), the same picture made so by script. */
  show(posture: ClipPosture, condition?: Condition): void;
}

/**
 * A one-second clip of a real person in one posture (`first`), that `show` turns to another. Chromium's fake
 * camera reads a `.y4m` clip from its file frame by frame as it plays and loops it (it keeps no copy), so the
 * frames rewritten in place, at the same offsets and of the same size, are what it shows from its next loop. For
 * the tests whose camera is the browser's own (the extension's offscreen document, which no page script
 * reaches): they turn the person when they have seen what they wait for, instead of waiting for a clip's
 * postures to play in real time.
 */
export function writePostureCamera(
  path: string,
  first: ClipPosture = 'upright',
  options: ClipOptions = {},
): PostureCamera {
  const { width, height, fps, pictures } = clipPictures([{ posture: first, seconds: 1 }], options);
  writeY4m(path, { width, height, fps }, pictures);
  const frames = pictures[0]?.count ?? 1;
  const headerBytes = y4mHeader({ width, height, fps }).length;
  return {
    path,
    show(posture, condition) {
      const { rgb } = postureRgb(posture, options);
      const shown = condition ? underCondition({ width, height, data: rgb }, condition).data : rgb;
      const frame = rgbToI420(shown, width, height);
      const file = openSync(path, 'r+');
      try {
        for (let i = 0; i < frames; i++) {
          const at = headerBytes + i * (FRAME_HEADER.length + frame.length) + FRAME_HEADER.length;
          writeSync(file, frame, 0, frame.length, at);
        }
      } finally {
        closeSync(file);
      }
    },
  };
}

const FRAME_HEADER = Buffer.from('FRAME\n');

const y4mHeader = ({ width, height, fps }: { width: number; height: number; fps: number }) =>
  Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);

/**
 * Writes pictures (I420, each held for `count` frames) as a `.y4m` file. Written beside the path and renamed
 * into place: a camera that opens it meanwhile never reads half a file.
 */
function writeY4m(
  path: string,
  { width, height, fps }: { width: number; height: number; fps: number },
  pictures: { frame: Uint8Array; count: number }[],
): string {
  const parts: Uint8Array[] = [y4mHeader({ width, height, fps })];
  for (const { frame, count } of pictures) for (let i = 0; i < count; i++) parts.push(FRAME_HEADER, frame);
  const partial = `${path}.partial`;
  writeFileSync(partial, Buffer.concat(parts));
  renameSync(partial, path);
  return path;
}

/**
 * The same clip's frames in memory, in order (one I420 picture of width × height × 1.5 bytes each, every
 * frame its own copy): for tests and benches that feed a detector directly instead of a camera.
 */
export function personClipFrames(segments: ClipSegment[], options: ClipOptions = {}): Uint8Array[] {
  return clipPictures(segments, options).pictures.flatMap(({ frame, count }) =>
    Array.from({ length: count }, () => frame.slice()),
  );
}

/** What changes between two takes of the same photo: framing, exposure, compression and camera roll. */
export interface Retake {
  /** Shift of the picture in fractions of its width / height. */
  dx: number;
  dy: number;
  /** Zoom (1: same framing; 1.05: the person 5% larger). */
  scale: number;
  /** Brightness and contrast factors (1: unchanged; 0.9-1.1 is ±10 %). */
  brightness: number;
  contrast: number;
  /** JPEG quality, 0-1. */
  quality: number;
  /** Camera roll in degrees (positive: clockwise). */
  rollDeg: number;
}

/** A small deterministic random generator (mulberry32), so every run makes the same retakes. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Retakes within what a person retaking a photo at the same desk brings: shifts up to ±4 % of
 * the frame, zoom 0.95-1.05, brightness and contrast ±10 %, JPEG quality 0.7-0.95, camera roll 1-3° either
 * way (set `roll: false` to leave the roll out and see its share).
 */
export function randomRetakes(count: number, seed = 1, options: { roll?: boolean } = {}): Retake[] {
  const rnd = seededRandom(seed);
  const between = (a: number, b: number) => a + (b - a) * rnd();
  return Array.from({ length: count }, () => ({
    dx: between(-0.04, 0.04),
    dy: between(-0.04, 0.04),
    scale: between(0.95, 1.05),
    brightness: between(0.9, 1.1),
    contrast: between(0.9, 1.1),
    quality: between(0.7, 0.95),
    rollDeg: options.roll === false ? 0 : (rnd() < 0.5 ? -1 : 1) * between(1, 3),
  }));
}

/**
 * How much of the photo a retake sees: the photo stands for the scene in front of the camera, and each retake
 * frames the central RETAKE_VIEW of it (then shifted, zoomed and rolled), upscaled back to the photo's size. A real
 * camera that is rolled, shifted or zoomed out shows more of the room, never a filled border: with 0.8 the
 * rolled, shifted and zoomed-out window of every `randomRetakes` change stays inside the photo (worst case: 3° of
 * roll, 4 % shift and zoom 0.95 need at most 0.81 of the width and 0.86 of the height of the test photos).
 */
export const RETAKE_VIEW = 0.8;

/**
 * The JPEG photo as it would come out of a retake: the scene seen through a window of RETAKE_VIEW of the photo,
 * shifted, zoomed and rolled about the centre (bilinear resampling). Throws when the window would leave the
 * photo (a retake must never show a filled border: its straight edges would be the fill's, not the room's).
 */
export function retakePhoto(jpegBytes: Buffer, r: Retake): Buffer {
  const src = jpeg.decode(jpegBytes, { useTArray: true, maxMemoryUsageInMB: 1024 });
  const { width: w, height: h } = src;
  const out = new Uint8Array(w * h * 4);
  const cos = Math.cos((r.rollDeg * Math.PI) / 180);
  const sin = Math.sin((r.rollDeg * Math.PI) / 180);
  const cx = w / 2;
  const cy = h / 2;
  const k = RETAKE_VIEW / r.scale;
  const tone = (v: number) => Math.max(0, Math.min(255, ((v - 128) * r.contrast + 128) * r.brightness));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // Output pixel -> scene (photo) pixel: undo the shift, the zoom and the roll.
      const ox = (x - cx - r.dx * w) * k;
      const oy = (y - cy - r.dy * h) * k;
      const sx = cos * ox + sin * oy + cx;
      const sy = -sin * ox + cos * oy + cy;
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1)
        throw new Error(`retake ${JSON.stringify(r)} sees outside the ${w}x${h} photo`);
      const x0 = Math.min(w - 2, Math.floor(sx));
      const y0 = Math.min(h - 2, Math.floor(sy));
      const fx = sx - x0;
      const fy = sy - y0;
      const d = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) {
        const p = (yy: number, xx: number) => src.data[(yy * w + xx) * 4 + c] as number;
        const v =
          p(y0, x0) * (1 - fx) * (1 - fy) +
          p(y0, x0 + 1) * fx * (1 - fy) +
          p(y0 + 1, x0) * (1 - fx) * fy +
          p(y0 + 1, x0 + 1) * fx * fy;
        out[d + c] = tone(v);
      }
      out[d + 3] = 255;
    }
  return encode({ width: w, height: h, data: out }, Math.round(r.quality * 100));
}
