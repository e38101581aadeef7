// Camera roll from the picture itself. Every photo metric is an angle to the image's horizontal, so a
// camera rolled by r° moves the CVA and both tilts by r°: 1-3° of roll between retakes doubled the CVA's smallest
// detectable change. Rooms show straight vertical lines (door and window frames, wall corners, shelf uprights,
// the sides of a cupboard or a picture); when the photo shows enough of them, their common tilt is the camera's
// roll, and the metrics are measured against them instead of the image axes.
//
// The vertical lines give the roll: they stay parallel to each other whichever way the camera is turned about
// the vertical, while a room's horizontal lines converge towards vanishing points (a shelf on a side wall runs at
// a slant), so they only check it (on the test room, the horizontal lines' own tilt missed the roll by up to
// 2.3° where the vertical ones were within 0.3°). This is what photo apps' automatic levelling does.
//
// Method (the projection-profile deskew of scanned documents):
// 1. Grey levels at most ROLL_SIDE px on the long side; Sobel gradients and the structure tensor; an edge pixel
//    is one whose gradient reaches EDGE_MIN, whose neighbourhood is one straight edge (coherence at least
//    MIN_COHERENCE) and whose edge runs within AXIS_WINDOW_DEG of vertical (or, for the check, horizontal).
// 2. Pixels in the frame border (BORDER) and on the person (personExclusion: the keypoints' box, padded) are
//    left out: hair, a ribbed top or a straight arm are long straight lines that tilt with the person.
// 3. For each candidate roll θ (±MAX_ROLL_DEG in STEP_DEG), the edge pixels are binned by where a vertical of the
//    scene, turned clockwise by θ, through them meets the middle row; bins holding at least MIN_RUN of the long
//    side are lines, and the candidate's score is Σ (bin − MIN_RUN)². A straight line falls in one bin only at
//    its own tilt, so the score peaks at the roll; curved outlines never make a line.
// 4. Trusted only when at the peak at least MIN_LINES separate lines add up to MIN_LINE_LENGTH long sides, and
//    the horizontal lines found the same way agree (AGREE_DEG). Otherwise (a plain wall, a person filling the
//    frame, a blurred background, one slanted thing) the roll is 0: the image axes are used, as before.

import type { Keypoint } from '@posture-vision/core/analysis';
import { isUsableKeypoint } from '@posture-vision/core/analysis';

/** Longest side of the grey image the roll is measured on: 1° over 400 px is 7 px of run, plenty to bin. */
export const ROLL_SIDE = 400;
/** Largest roll looked for. A webcam or a propped phone is within a few degrees of level; a photo tilted
 * more is framed on purpose (or the person is lying down) and is not corrected. */
export const MAX_ROLL_DEG = 6;
/** Candidate step; the peak is refined between steps by a parabola. */
export const STEP_DEG = 0.1;
/** Sobel magnitude (0-1020 scale for 8-bit grey) an edge must reach: the outline of a door frame or a cupboard
 * against a wall, not JPEG blocking or skin shading. */
export const EDGE_MIN = 60;
/** Edge directions looked at: within this of vertical or horizontal (the roll range plus the gradient's noise). */
export const AXIS_WINDOW_DEG = 10;
/** Structure-tensor coherence an edge pixel's neighbourhood must reach: one straight edge (1), not hair, fabric
 * or a face (texture and corners, well below). */
export const MIN_COHERENCE = 0.85;
/** Margin around the person's keypoints left out, fraction of their box's larger side: the head reaches about
 * half a face above the eyes, the hair and arms beyond the shoulders. */
export const PERSON_PAD = 0.35;
/** Margin around the pose model's body box, fraction of its larger side (the box already holds the body). */
export const BODY_BOX_PAD = 0.05;
/** Left-out frame border, fraction of each side: JPEG edge blocks and a camera's vignetting live there. */
export const BORDER = 0.04;
/** Shortest straight run that counts as a line, fraction of the grey image's long side (a door frame's edge, not
 * the straight stretch of an arm or a fold). */
export const MIN_RUN = 0.08;
/** Separate lines needed (a door frame alone gives four edges): one straight thing may lean on its own. */
export const MIN_LINES = 2;
/** The vertical lines at the peak must add up to at least this many long sides of the picture. Measured on the
 * repeatability bench: every trusted retake of the room photos reached 2.7 or more (a door frame and a shelf),
 * while a couch backrest and a pasted photo's edge beside the person on the bare side-view photo reached 1.3 at a
 * wrong roll (0.4 trusted that twice in 20 retakes). */
export const MIN_LINE_LENGTH = 1.5;
/** The check: horizontal lines (lintels, shelves, a desk's edge) adding up to at least this many long sides... */
export const MIN_HORIZONTAL_LENGTH = 0.15;
/** ...whose own tilt agrees with the vertical lines' within this. Perspective slants a room's horizontals (hence
 * the tolerance, and why they only check), but a slanted thing that is not the room's gives the verticals a tilt
 * the horizontals do not share: on the side-view test photos (before the person's body box was left out) a couch
 * backrest read 4-5° while the wall seams lay level. */
export const AGREE_DEG = 1;

export interface RollEstimate {
  /** The camera's roll in degrees, clockwise positive (the picture turned clockwise); 0 when not trusted. */
  rollDeg: number;
  /** Whether enough straight vertical lines were found (else the image axes are used). */
  trusted: boolean;
  /** Total length of the lines at the best candidate, in long sides of the picture (see MIN_LINE_LENGTH). */
  lineLength: number;
  /** Separate lines at the best candidate (see MIN_LINES). */
  lines: number;
  /** The vertical lines' best tilt even when not trusted (for diagnostics and the bench). */
  candidateDeg: number;
  /** The horizontal lines' own best tilt (the check, see AGREE_DEG). */
  horizontalDeg: number;
}

export interface Grey {
  width: number;
  height: number;
  data: Float32Array;
}

/** Packed RGB to grey, reduced by an integer box factor so the long side is at most ROLL_SIDE. */
export function greyForRoll(rgb: { width: number; height: number; data: Uint8Array }): Grey {
  const f = Math.max(1, Math.ceil(Math.max(rgb.width, rgb.height) / ROLL_SIDE));
  const width = Math.floor(rgb.width / f);
  const height = Math.floor(rgb.height / f);
  const data = new Float32Array(width * height);
  const n = f * f;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * rgb.width;
        for (let dx = 0; dx < f; dx++) {
          const i = (row + x * f + dx) * 3;
          s +=
            0.299 * (rgb.data[i] as number) +
            0.587 * (rgb.data[i + 1] as number) +
            0.114 * (rgb.data[i + 2] as number);
        }
      }
      data[y * width + x] = s / n;
    }
  return { width, height, data };
}

/** The keypoints the person's box is drawn from: COCO-17 0-6, the head and the shoulders (see personExclusion). */
export const HEAD_AND_SHOULDERS = 7;

/**
 * The part of the picture the person covers, left out of the measurement (normalised box): the pose model's
 * body box (widened by BODY_BOX_PAD) together with the box of the usable head and shoulder keypoints (widened by
 * PERSON_PAD of its larger side: hair, arms and the head above the eyes), on the left, right and top, and down to
 * the bottom of
 * the picture (the body continues below the lowest point seen). The person's own outlines, hair and clothes
 * (a ribbed top is a set of parallel straight lines) tilt with the person, not the room. The body box counts
 * because a keypoint below the usable score is still on the person: with only the face usable, a box of the
 * keypoints alone left her hair and torso in. The keypoints' box leaves out the arms and the hips: a part the
 * picture cuts off is placed on its edge (the photo model put an elbow on the bottom row of the room photos), and
 * a box reaching down there, padded by PERSON_PAD of its height, covered the door frame beside her.
 */
export function personExclusion(
  k: Keypoint[],
  body?: { x: number; y: number; w: number; h: number },
): Box | null {
  const seen = k.slice(0, HEAD_AND_SHOULDERS).filter(isUsableKeypoint);
  const boxes: Box[] = [];
  if (seen.length >= 2) {
    const xs = seen.map((p) => p.x);
    const ys = seen.map((p) => p.y);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const pad = PERSON_PAD * Math.max(x1 - x0, y1 - y0);
    boxes.push({ x0: x0 - pad, x1: x1 + pad, y0: y0 - pad, y1: 1 });
  }
  if (body && body.w > 0 && body.h > 0) {
    const pad = BODY_BOX_PAD * Math.max(body.w, body.h);
    boxes.push({ x0: body.x - pad, x1: body.x + body.w + pad, y0: body.y - pad, y1: 1 });
  }
  if (!boxes.length) return null;
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    y1: 1,
  };
}

/** A normalised box (x0..x1, y0..y1). */
export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const rad = (d: number) => (d * Math.PI) / 180;

/** Half-size of the window the structure tensor is summed over (5×5 px of the grey image). */
const TENSOR_RADIUS = 2;

/** Σ a·b over the (2 TENSOR_RADIUS + 1)² window around each pixel (summed-area table). */
function boxSum(a: Float32Array, b: Float32Array, w: number, h: number): Float32Array {
  const sat = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += (a[y * w + x] as number) * (b[y * w + x] as number);
      sat[(y + 1) * (w + 1) + x + 1] = (sat[y * (w + 1) + x + 1] as number) + row;
    }
  }
  const out = new Float32Array(w * h);
  const r = TENSOR_RADIUS;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const y0 = Math.max(0, y - r);
      const x1 = Math.min(w, x + r + 1);
      const y1 = Math.min(h, y + r + 1);
      out[y * w + x] =
        (sat[y1 * (w + 1) + x1] as number) -
        (sat[y0 * (w + 1) + x1] as number) -
        (sat[y1 * (w + 1) + x0] as number) +
        (sat[y0 * (w + 1) + x0] as number);
    }
  return out;
}

/** The camera's roll from the straight vertical and horizontal edges of a grey picture (see the method above). */
export function estimateRoll(grey: Grey, exclusions: Box[] = []): RollEstimate {
  const { width: w, height: h, data } = grey;
  const long = Math.max(w, h);
  const bx = Math.max(2, Math.round(BORDER * w));
  const by = Math.max(2, Math.round(BORDER * h));
  const cx = w / 2;
  const cy = h / 2;
  const axisTan = Math.tan(rad(AXIS_WINDOW_DEG));
  const boxes = exclusions.map((b) => ({ x0: b.x0 * w, x1: b.x1 * w, y0: b.y0 * h, y1: b.y1 * h }));
  // Sobel gradients, then the structure tensor summed over a (2 TENSOR_RADIUS + 1)² window: its coherence says
  // whether the neighbourhood is one straight edge (1) or texture and corners (towards 0).
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const p = (xx: number, yy: number) => data[yy * w + xx] as number;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      gx[y * w + x] =
        p(x + 1, y - 1) +
        2 * p(x + 1, y) +
        p(x + 1, y + 1) -
        p(x - 1, y - 1) -
        2 * p(x - 1, y) -
        p(x - 1, y + 1);
      gy[y * w + x] =
        p(x - 1, y + 1) +
        2 * p(x, y + 1) +
        p(x + 1, y + 1) -
        p(x - 1, y - 1) -
        2 * p(x, y - 1) -
        p(x + 1, y - 1);
    }
  const jxx = boxSum(gx, gx, w, h);
  const jyy = boxSum(gy, gy, w, h);
  const jxy = boxSum(gx, gy, w, h);
  // Edge pixels on near-vertical and on near-horizontal edges, relative to the centre.
  const v = { xs: [] as number[], ys: [] as number[] };
  const hz = { xs: [] as number[], ys: [] as number[] };
  for (let y = by; y < h - by; y++)
    for (let x = bx; x < w - bx; x++) {
      const i = y * w + x;
      if (Math.hypot(gx[i] as number, gy[i] as number) < EDGE_MIN) continue;
      if (boxes.some((b) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1)) continue;
      const a = jxx[i] as number;
      const b = jyy[i] as number;
      const c = jxy[i] as number;
      if (!(Math.sqrt((a - b) ** 2 + 4 * c * c) / (a + b) >= MIN_COHERENCE)) continue;
      // The neighbourhood's dominant gradient direction; a vertical edge has a horizontal gradient.
      const phi = 0.5 * Math.atan2(2 * c, a - b);
      const across = Math.abs(Math.cos(phi));
      const along = Math.abs(Math.sin(phi));
      const family = along <= axisTan * across ? v : across <= axisTan * along ? hz : null;
      family?.xs.push(x - cx);
      family?.ys.push(y - cy);
    }
  const vertical = lineFamily(v.xs, v.ys, true, long);
  const horizontal = lineFamily(hz.xs, hz.ys, false, long);
  const candidateDeg = vertical.deg;
  const trusted =
    vertical.count >= MIN_LINES &&
    vertical.lineLength >= MIN_LINE_LENGTH &&
    horizontal.lineLength >= MIN_HORIZONTAL_LENGTH &&
    Math.abs(horizontal.deg - vertical.deg) <= AGREE_DEG &&
    Math.abs(candidateDeg) < MAX_ROLL_DEG;
  return {
    rollDeg: trusted ? candidateDeg : 0,
    trusted,
    lineLength: vertical.lineLength,
    lines: vertical.count,
    candidateDeg,
    horizontalDeg: horizontal.deg,
  };
}

/**
 * The best tilt of one family of edge pixels (vertical or horizontal edges), refined between candidates by a
 * parabola, with the length and number of the lines found at it. A pixel is binned by where a scene line of the
 * family, turned clockwise by θ, through it meets the middle row (verticals: x cosθ + y sinθ) or column
 * (horizontals: −x sinθ + y cosθ).
 */
function lineFamily(xs: number[], ys: number[], vertical: boolean, long: number) {
  const steps = Math.round(MAX_ROLL_DEG / STEP_DEG);
  const size = Math.ceil(long * 1.5) + 4;
  const bins = new Int32Array(size);
  const minRun = MIN_RUN * long;
  const at = (t: number) => {
    const c = Math.cos(t);
    const s = Math.sin(t);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as number;
      const y = ys[i] as number;
      const b = Math.round((vertical ? x * c + y * s : -x * s + y * c) + size / 2);
      if (b >= 0 && b < size) bins[b] = (bins[b] as number) + 1;
    }
    let score = 0;
    let pixels = 0;
    let count = 0;
    let last = -10;
    for (let b = 0; b < size; b++) {
      const n = bins[b] as number;
      if (n < minRun) continue;
      score += (n - minRun) ** 2;
      pixels += n;
      // Both sides of one edge (and a line straddling two bins) count once: separate lines are 3+ bins apart.
      if (b - last > 2) count++;
      last = b;
    }
    return { score, pixels, count };
  };
  const found = Array.from({ length: 2 * steps + 1 }, (_, i) => at(rad((i - steps) * STEP_DEG)));
  let best = steps;
  for (let i = 0; i < found.length; i++) if ((found[i]?.score ?? 0) > (found[best]?.score ?? 0)) best = i;
  let offset = 0;
  if (best > 0 && best < found.length - 1) {
    const l = found[best - 1]?.score ?? 0;
    const m = found[best]?.score ?? 0;
    const r = found[best + 1]?.score ?? 0;
    const denom = l - 2 * m + r;
    if (denom < 0) offset = Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / denom));
  }
  const top = found[best] ?? { pixels: 0, count: 0 };
  return { deg: (best - steps + offset) * STEP_DEG, lineLength: top.pixels / long, count: top.count };
}

/**
 * Keypoints as a level camera would have seen them: each point turned about the image centre by −roll (the
 * inverse of a clockwise roll), in normalised coordinates of the same image.
 */
export function levelKeypoints(k: Keypoint[], width: number, height: number, rollDeg: number): Keypoint[] {
  if (rollDeg === 0) return k;
  const c = Math.cos(rad(rollDeg));
  const s = Math.sin(rad(rollDeg));
  return k.map((p) => {
    const x = p.x * width - width / 2;
    const y = p.y * height - height / 2;
    return { ...p, x: (c * x + s * y + width / 2) / width, y: (-s * x + c * y + height / 2) / height };
  });
}
