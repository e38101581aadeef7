// The monitoring benches' camera: real still pictures put on a 640×480 camera frame, delivered with sensor noise and
// a person's sway measured on real still webcam video (hour.ts has how; onset.ts uses the same frames), so a still
// stretch is no easier for the gate or the onset rule than a real camera's.
import {
  changedShare,
  gateRegion,
  lumaGrid,
  rgbPixels,
  yPlane,
} from '../../packages/core/src/live-monitoring.ts';
import type { Detection } from '../../packages/detector/src/index.ts';
import { seeded } from '../../packages/testkit/src/live-accuracy.ts';
import { rgbToI420 } from '../../packages/testkit/src/media.ts';
import type { LivePerson } from '../../packages/testkit/src/real-media.ts';
import { realRgb } from '../../packages/testkit/src/real-media.ts';

export const W = 640;
export const H = 480;
export type Rgb = { width: number; height: number; data: Uint8Array };
export const f2 = (n: number) => n.toFixed(2);

export function crop(img: Rgb, x0: number, y0: number, w: number, h: number): Rgb {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    data.set(
      img.data.subarray(((y0 + y) * img.width + x0) * 3, ((y0 + y) * img.width + x0 + w) * 3),
      y * w * 3,
    );
  return { width: w, height: h, data };
}

/** Luma of each source pixel (BT.601 studio range), the plane noise is added to. */
export function luma(img: Rgb): Float32Array {
  const out = new Float32Array(img.width * img.height);
  for (let i = 0; i < out.length; i++)
    out[i] =
      16 +
      (66 * (img.data[i * 3] as number) +
        129 * (img.data[i * 3 + 1] as number) +
        25 * (img.data[i * 3 + 2] as number)) /
        256;
  return out;
}

/** A source picture on the camera frame: scaled to 480×480 and centred between black bars (as a 4:3 camera shows a
 * square picture; Human pads the frame to a square with black itself). Kept as its luma (to move it by a fraction of
 * a pixel and add noise per delivered frame) and its I420 chroma. */
export interface Picture {
  luma: Float32Array;
  source: { width: number; height: number };
  i420: Uint8Array;
}
const SIDE = (W - H) / 2;
export function picture(img: Rgb): Picture {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = SIDE; x < SIDE + H; x++) {
      const sx = Math.min(img.width - 1, Math.floor(((x - SIDE) * img.width) / H));
      const sy = Math.min(img.height - 1, Math.floor((y * img.height) / H));
      rgb.set(img.data.subarray((sy * img.width + sx) * 3, (sy * img.width + sx) * 3 + 3), (y * W + x) * 3);
    }
  return { luma: luma(img), source: { width: img.width, height: img.height }, i420: rgbToI420(rgb, W, H) };
}

/** Standard normal samples (Box-Muller) from a seeded generator. */
export function gaussian(rand: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

export const quantile = (v: number[], q: number) => v[Math.min(v.length - 1, Math.floor(q * v.length))] ?? 0;

/**
 * A camera frame of a picture: the person swayed by (dx, dy) source pixels (Gaussian, `sway` standard deviation;
 * breathing and small movements around a held posture), bilinear, plus fresh sensor noise of `noiseSd` levels on
 * the luma at the source resolution.
 */
export function deliver(p: Picture, noise: () => number, noiseSd: number, sway = 0): Uint8Array {
  const out = p.i420.slice();
  const { width: sw, height: sh } = p.source;
  const n = new Float32Array(sw * sh);
  for (let i = 0; i < n.length; i++) n[i] = noise() * noiseSd;
  const dx = sway * noise();
  const dy = sway * noise();
  for (let y = 0; y < H; y++) {
    const fy = Math.min(sh - 1.001, Math.max(0, ((y + 0.5) * sh) / H - 0.5 + dy));
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    for (let x = SIDE; x < SIDE + H; x++) {
      const fx = Math.min(sw - 1.001, Math.max(0, ((x - SIDE + 0.5) * sw) / H - 0.5 + dx));
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const i = y0 * sw + x0;
      const top = (p.luma[i] as number) * (1 - tx) + (p.luma[i + 1] as number) * tx;
      const bottom = (p.luma[i + sw] as number) * (1 - tx) + (p.luma[i + sw + 1] as number) * tx;
      const v = top * (1 - ty) + bottom * ty + (n[Math.round(fy) * sw + Math.round(fx)] as number);
      out[y * W + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return out;
}

/** The pictures of the real media by file ('room': `room`), made once. */
export function pictures(room: Rgb): (file: string) => Picture {
  const made = new Map<string, Picture>();
  return (file) => {
    let p = made.get(file);
    if (!p) {
      p = picture(file === 'room' ? room : realRgb(file));
      made.set(file, p);
    }
    return p;
  };
}

/** A real room with nobody in it: a crop of real-media side-view-sitting recline.jpg, shelves and a wall. */
export const emptyRoom = (): Rgb => crop(realRgb('side-view-sitting/recline.jpg'), 0, 160, 320, 320);

export interface StillVideo {
  /** Consecutive real frames where the person sat still, and their noise's robust spread. */
  pairs: { a: Rgb; b: Rgb; pixelSd: number }[];
  pairsSeen: number;
  /** The pairs' spreads, sorted. */
  sds: number[];
  /** Per delivered frame: the 90th percentile pair's spread over √2 (a pair's difference holds two frames' noise),
   * so the noise is at the noisy end of real still video. */
  noiseSd: number;
  /** The gate's changed share on those real pairs, sorted. */
  realShares: number[];
}

/** A person's region in the students' 224×224 frames, for the gate's view of real still pairs. */
export const STUDENT_REGION = gateRegion({ x: 0.15, y: 0.1, w: 0.7, h: 0.9 });

/**
 * The sensor noise of real still webcam video: consecutive frames of the students' set (frames 3-5 apart in the
 * source video) where the head and shoulder keypoints moved under 1% of the frame. The noise's spread, robustly:
 * 1.4826 × the median absolute deviation of the pixel differences, which a hand or a shoulder moving in part of the
 * picture does not inflate (a standard deviation would).
 */
export async function stillVideo(
  people: LivePerson[],
  detect: (img: Rgb) => Promise<Detection>,
): Promise<StillVideo> {
  const students = people.filter((p) => p.set === 'webcam-students-good-vs-bad');
  const pairs: StillVideo['pairs'] = [];
  let pairsSeen = 0;
  for (const p of students)
    for (const label of ['upright', 'poor'] as const) {
      const files = p.frames.filter((f) => f.label === label).map((f) => f.file);
      let prev: { img: Rgb; d: Detection } | null = null;
      for (const file of files) {
        const img = realRgb(file);
        const d = await detect(img);
        if (prev?.d.body && d.body) {
          pairsSeen++;
          let moved = 0;
          for (let k = 0; k <= 6; k++) {
            const a = prev.d.body.keypoints[k];
            const b = d.body.keypoints[k];
            if (a && b) moved = Math.max(moved, Math.hypot(a.x - b.x, a.y - b.y) || 0);
          }
          if (moved < 0.01) {
            const la = luma(prev.img);
            const lb = luma(img);
            const diffs = Array.from(la, (v, i) => (lb[i] as number) - v).sort((x, y) => x - y);
            const mid = diffs[diffs.length >> 1] as number;
            const dev = diffs.map((v) => Math.abs(v - mid)).sort((x, y) => x - y);
            pairs.push({ a: prev.img, b: img, pixelSd: 1.4826 * (dev[dev.length >> 1] as number) });
          }
        }
        prev = { img, d };
      }
    }
  const sds = pairs.map((p) => p.pixelSd).sort((a, b) => a - b);
  const realShares = pairs
    .map((p) =>
      changedShare(
        lumaGrid(rgbPixels(p.a.data, 224, 224)),
        lumaGrid(rgbPixels(p.b.data, 224, 224)),
        STUDENT_REGION,
      ),
    )
    .sort((a, b) => a - b);
  return { pairs, pairsSeen, sds, noiseSd: quantile(sds, 0.9) / Math.SQRT2, realShares };
}

export const SWAYS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.5];

/**
 * The person's sway: the smallest (source px, Gaussian per frame) whose changed shares between two noisy frames of
 * the same still picture reach the real still pairs' median and 90th percentile. `rows` says the shares per sway
 * tried (median / 90th percentile).
 */
export function chooseSway(still: StillVideo, stillPictures: Picture[]): { sway: number; rows: string[] } {
  const noise = gaussian(seeded(99));
  const region = gateRegion({ x: 0.15, y: 0.1, w: 0.7, h: 0.9 });
  const sharesAt = (sway: number) => {
    const out: number[] = [];
    for (const p of stillPictures)
      for (let k = 0; k < 10; k++)
        out.push(
          changedShare(
            lumaGrid(yPlane(deliver(p, noise, still.noiseSd, sway), W, H)),
            lumaGrid(yPlane(deliver(p, noise, still.noiseSd, sway), W, H)),
            region,
          ),
        );
    return out.sort((a, b) => a - b);
  };
  const rows: string[] = [];
  for (const sway of SWAYS) {
    const shares = sharesAt(sway);
    rows.push(`${sway}: ${f2(quantile(shares, 0.5))} / ${f2(quantile(shares, 0.9))}`);
    if (
      quantile(shares, 0.5) >= quantile(still.realShares, 0.5) &&
      quantile(shares, 0.9) >= quantile(still.realShares, 0.9)
    )
      return { sway, rows };
  }
  return { sway: SWAYS.at(-1) as number, rows };
}
