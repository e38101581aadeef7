// The light and picture conditions of a desk day, made from a licensed real frame by a script (never stored): what a
// laptop webcam delivers hours after its user calibrated in the morning. Each is deterministic (a seeded noise), so a
// benchmark or a regression test sees the same pixels in every run. They are labelled variants of real frames, fair
// test material for the live monitor's robustness; a threshold is still chosen on the real frames themselves.
//
// How each is made, and why that way (sRGB values throughout, as a camera delivers them):
// - dim: an evening room lit by a ceiling light far behind the screen. A webcam's auto-exposure has run out: the
//   picture is about 0.35 as bright, the shadows crushed (gamma 1.35 on top), colour muted, with the grain of a
//   raised gain (noise σ 4).
// - dark: the same room with the lamp off, the screen the main light: 0.3 as bright with the shadows crushed further
//   (gamma 1.4), and a strong gain's grain (σ 10 luminance, σ 5 per channel).
// - backlit: a bright window behind the user. The camera exposes for the window, so the person is darker than the
//   room around them; glare from the window lifts every value (a veil) and the upper part of the picture, where
//   the window is, fades to white.
// - low-quality: a congested or cheap stream: the picture sent at half its size, scaled back up, and
//   compressed as a low-bitrate stream's keyframe (JPEG quality 12).
// - soft-focus: a webcam that lost focus or a smudged lens: a Gaussian blur of 1.4 % of the picture's width.
// - warm / cool: an incandescent desk lamp (red up, blue down) or a cold daylight bulb (the other way).
import jpeg from 'jpeg-js';
import { seeded } from './live-accuracy.ts';

export interface Picture {
  width: number;
  height: number;
  /** Packed RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

export const CONDITIONS = ['dim', 'dark', 'backlit', 'low-quality', 'soft-focus', 'warm', 'cool'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** What each condition stands for, in a benchmark's table. */
export const CONDITION_NAMES: Record<Condition, string> = {
  dim: 'dim evening light',
  dark: 'a dark room: dim with sensor noise',
  backlit: 'washed out by a bright window behind',
  'low-quality': 'a low-quality, low-resolution stream',
  'soft-focus': 'soft focus',
  warm: 'a warm lamp',
  cool: 'a cool daylight bulb',
};

/** The picture under a condition; `seed` picks the noise (the same seed, the same pixels). */
export function underCondition(p: Picture, condition: Condition, seed = 1): Picture {
  switch (condition) {
    case 'dim':
      return noisy(tone(p, { gain: 0.35, gamma: 1.35, saturation: 0.8 }), seed, 4, 2);
    case 'dark':
      return noisy(tone(p, { gain: 0.3, gamma: 1.4, saturation: 0.6 }), seed, 10, 5);
    case 'backlit':
      return backlit(p);
    case 'low-quality':
      return compressed(rescale(rescale(p, 1 / 2), 2, p.width, p.height), 12);
    case 'soft-focus':
      return blurred(p, Math.max(1, 0.014 * p.width));
    case 'warm':
      return tinted(p, [1.08, 0.94, 0.68]);
    case 'cool':
      return tinted(p, [0.82, 0.96, 1.12]);
  }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function tone(p: Picture, o: { gain: number; gamma: number; saturation: number }): Picture {
  const out = new Uint8Array(p.data.length);
  for (let i = 0; i < p.data.length; i += 3) {
    const r = p.data[i] as number;
    const g = p.data[i + 1] as number;
    const b = p.data[i + 2] as number;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    // Shadows crushed by a gamma on the luminance, colour muted towards it, then the whole scaled down.
    const yNew = 255 * (y / 255) ** o.gamma * o.gain;
    const k = y > 0 ? yNew / y : 0;
    for (let c = 0; c < 3; c++) {
      const v = p.data[i + c] as number;
      out[i + c] = clamp((y + (v - y) * o.saturation) * k);
    }
  }
  return { ...p, data: out };
}

/** Gaussian noise: `luma` shared by the three channels of a pixel, `chroma` per channel. */
function noisy(p: Picture, seed: number, luma: number, chroma: number): Picture {
  const rand = seeded(seed);
  const gauss = () => {
    // Box-Muller from the seeded uniform.
    const u = Math.max(rand(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
  const out = new Uint8Array(p.data.length);
  for (let i = 0; i < p.data.length; i += 3) {
    const n = luma * gauss();
    for (let c = 0; c < 3; c++) out[i + c] = clamp((p.data[i + c] as number) + n + chroma * gauss());
  }
  return { ...p, data: out };
}

function backlit(p: Picture): Picture {
  const out = new Uint8Array(p.data.length);
  for (let y = 0; y < p.height; y++) {
    // The window fills the upper part of the picture: its light clips the top third and fades down to the desk.
    const window = Math.max(0, 1 - y / (0.4 * p.height));
    for (let x = 0; x < p.width; x++) {
      const i = 3 * (y * p.width + x);
      for (let c = 0; c < 3; c++) {
        const v = p.data[i + c] as number;
        // Exposed for the window: the scene at 0.55, a veil of glare over all of it, the window's light on top.
        out[i + c] = clamp(0.5 * v + 60 + 200 * window * window);
      }
    }
  }
  return { ...p, data: out };
}

function tinted(p: Picture, k: [number, number, number]): Picture {
  const out = new Uint8Array(p.data.length);
  for (let i = 0; i < p.data.length; i += 3)
    for (let c = 0; c < 3; c++) out[i + c] = clamp((p.data[i + c] as number) * k[c as 0 | 1 | 2]);
  return { ...p, data: out };
}

/** Bilinear scaling by `factor`, or to the given size. */
function rescale(p: Picture, factor: number, width?: number, height?: number): Picture {
  const w = width ?? Math.max(1, Math.round(p.width * factor));
  const h = height ?? Math.max(1, Math.round(p.height * factor));
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(p.height - 1, Math.max(0, ((y + 0.5) * p.height) / h - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(p.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(p.width - 1, Math.max(0, ((x + 0.5) * p.width) / w - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(p.width - 1, x0 + 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => p.data[3 * (yy * p.width + xx) + c] as number;
        const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
        const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
        out[3 * (y * w + x) + c] = clamp(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width: w, height: h, data: out };
}

/** Through a JPEG encoder and back at `quality` (1-100). */
function compressed(p: Picture, quality: number): Picture {
  const rgba = new Uint8Array(p.width * p.height * 4);
  for (let i = 0, j = 0; i < p.data.length; i += 3, j += 4) {
    rgba[j] = p.data[i] as number;
    rgba[j + 1] = p.data[i + 1] as number;
    rgba[j + 2] = p.data[i + 2] as number;
    rgba[j + 3] = 255;
  }
  const encoded = jpeg.encode({ data: rgba, width: p.width, height: p.height }, quality);
  const back = jpeg.decode(encoded.data, { useTArray: true });
  const out = new Uint8Array(p.width * p.height * 3);
  for (let i = 0, j = 0; i < out.length; i += 3, j += 4) {
    out[i] = back.data[j] as number;
    out[i + 1] = back.data[j + 1] as number;
    out[i + 2] = back.data[j + 2] as number;
  }
  return { ...p, data: out };
}

/** A separable Gaussian blur of standard deviation `sigma` pixels. */
export function blurred(p: Picture, sigma: number): Picture {
  const radius = Math.ceil(3 * sigma);
  const kernel: number[] = [];
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel.push(v);
    sum += v;
  }
  const k = kernel.map((v) => v / sum);
  const pass = (src: Float32Array, horizontal: boolean) => {
    const dst = new Float32Array(src.length);
    for (let y = 0; y < p.height; y++)
      for (let x = 0; x < p.width; x++)
        for (let c = 0; c < 3; c++) {
          let acc = 0;
          for (let i = -radius; i <= radius; i++) {
            const xx = horizontal ? Math.min(p.width - 1, Math.max(0, x + i)) : x;
            const yy = horizontal ? y : Math.min(p.height - 1, Math.max(0, y + i));
            acc += (k[i + radius] as number) * (src[3 * (yy * p.width + xx) + c] as number);
          }
          dst[3 * (y * p.width + x) + c] = acc;
        }
    return dst;
  };
  const f = pass(pass(Float32Array.from(p.data), true), false);
  const out = new Uint8Array(f.length);
  for (let i = 0; i < f.length; i++) out[i] = clamp(f[i] as number);
  return { ...p, data: out };
}
