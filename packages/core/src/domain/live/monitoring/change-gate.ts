// The change gate of passive monitoring: before a camera frame goes to the body model, a cheap look at whether
// the picture says anything new. The frame's brightness is averaged into a coarse grid (a fraction of a CPU-ms on
// a 640×480 frame, where the model costs 20-60), and the grid is compared, over the person's region, with the
// grid of the last frame the model saw. Nothing moved: the model's last detection still stands for this frame.
// Anything moved: the model runs at once. Comparing with the model's frame, not the previous camera frame, makes
// a slow drift add up until it shows; a forced run every few seconds (monitor-rate.ts, MODEL_AT_LEAST_EVERY_MS)
// catches what the grid cannot.
//
// The thresholds were chosen on real frames (docs/decisions/0010-monitoring-change-gate-and-rates.md; the
// current figures in bench/README.md, "## monitoring"): consecutive frames of real webcam video where the person
// sits still, two photos of the same empty room, and real movements (sitting up and slouching, a student moving
// between takes).
import type { Box } from '../../detection/frame';

/** The grid the picture is averaged into: coarse enough that a cell averages out a camera's sensor noise (about
 * 100 samples per cell of a 640×480 frame), fine enough that a head dropping by a few percent of the frame height
 * changes whole rows of cells along its outline. */
export const GRID_COLS = 32;
export const GRID_ROWS = 24;

/** Every SAMPLE_STEP-th pixel of every SAMPLE_STEP-th row is read: a quarter of the pixels, averaged per cell,
 * is as steady as all of them against sensor noise, at a quarter of the reads. */
export const SAMPLE_STEP = 2;

/** A cell changed when its brightness moved this many luma levels (of 219) more than the frame as a whole. Between
 * consecutive frames of real webcam video where the person sits still (real-media webcam-students-good-vs-bad, head
 * and shoulder keypoints moving under 1% of the frame), a person's small sway and breathing move edge cells by up to
 * 10-15 levels; an outline that really moves (sitting up, slouching) crosses a cell by 30-100. */
export const CELL_CHANGE_LEVELS = 20;

/** The picture moved when at least this share of the region's cells changed. On those real still pairs at most 2.9%
 * of a person's region changed (90% of pairs under 1.4%); from an upright frame to a slouched one of the same person
 * (207 pairs, five people) at least 13%, half of them over 50%. */
export const MOVED_SHARE = 0.05;

/** The person's region is their body box grown by this fraction of its size on every side, so a head that
 * moves up or out of the box, or an arm coming in, is inside what is compared. */
export const REGION_MARGIN = 0.25;

/** A picture averaged into GRID_COLS × GRID_ROWS cells of mean luma (BT.601 studio range, as I420's Y plane). */
export interface LumaGrid {
  cols: number;
  rows: number;
  cells: Float32Array;
}

/**
 * Where the luma of a picture is read: a Y plane (`channels` 1), or interleaved RGB(A) pixels whose red, green
 * and blue bytes are at `rgb` offsets within a pixel of `channels` bytes.
 */
export interface LumaSource {
  width: number;
  height: number;
  data: ArrayLike<number>;
  /** Where the first row starts, in bytes. */
  offset?: number;
  /** Bytes from one row to the next. */
  stride: number;
  /** Bytes per pixel. */
  channels: number;
  /** For RGB(A) pixels: the byte offsets of red, green and blue in a pixel. */
  rgb?: readonly [number, number, number];
}

/** An I420 frame's (or any planar YUV's) luma plane. */
export function yPlane(
  data: ArrayLike<number>,
  width: number,
  height: number,
  stride = width,
  offset = 0,
): LumaSource {
  return { width, height, data, stride, offset, channels: 1 };
}

/** Packed RGB, three bytes a pixel (the detector's input). */
export function rgbPixels(data: ArrayLike<number>, width: number, height: number): LumaSource {
  return { width, height, data, stride: width * 3, channels: 3, rgb: [0, 1, 2] };
}

/** The picture's mean luma per cell. */
export function lumaGrid(src: LumaSource): LumaGrid {
  const cols = GRID_COLS;
  const rows = GRID_ROWS;
  const sums = new Float64Array(cols * rows);
  const counts = new Uint32Array(cols * rows);
  const { width, height, data, stride, channels } = src;
  const offset = src.offset ?? 0;
  const [r, g, b] = src.rgb ?? [0, 0, 0];
  const colOf = new Uint16Array(width);
  for (let x = 0; x < width; x++) colOf[x] = Math.min(cols - 1, Math.floor((x * cols) / width));
  for (let y = 0; y < height; y += SAMPLE_STEP) {
    const rowBase = Math.min(rows - 1, Math.floor((y * rows) / height)) * cols;
    const line = offset + y * stride;
    if (src.rgb)
      for (let x = 0; x < width; x += SAMPLE_STEP) {
        const i = line + x * channels;
        // BT.601 studio range, as rgbToI420 and the cameras' Y plane: grids of either source compare.
        const luma =
          16 +
          (66 * (data[i + r] as number) + 129 * (data[i + g] as number) + 25 * (data[i + b] as number)) / 256;
        const c = rowBase + (colOf[x] as number);
        sums[c] = (sums[c] as number) + luma;
        counts[c] = (counts[c] as number) + 1;
      }
    else
      for (let x = 0; x < width; x += SAMPLE_STEP) {
        const c = rowBase + (colOf[x] as number);
        sums[c] = (sums[c] as number) + (data[line + x] as number);
        counts[c] = (counts[c] as number) + 1;
      }
  }
  const cells = new Float32Array(cols * rows);
  for (let i = 0; i < cells.length; i++)
    cells[i] = (counts[i] as number) ? (sums[i] as number) / (counts[i] as number) : 0;
  return { cols, rows, cells };
}

/** The region compared: the person's box (normalised, 0..1) grown by REGION_MARGIN, or the whole frame when
 * nobody was seen (someone appearing anywhere is news). */
export function gateRegion(box: Box | null | undefined): Box {
  if (!box || !(box.w > 0) || !(box.h > 0)) return { x: 0, y: 0, w: 1, h: 1 };
  const x0 = Math.max(0, box.x - box.w * REGION_MARGIN);
  const y0 = Math.max(0, box.y - box.h * REGION_MARGIN);
  const x1 = Math.min(1, box.x + box.w * (1 + REGION_MARGIN));
  const y1 = Math.min(1, box.y + box.h * (1 + REGION_MARGIN));
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}

/**
 * The share of the region's cells whose brightness changed by more than CELL_CHANGE_LEVELS beyond the change of
 * the region as a whole (its median: a camera adjusting its exposure brightens every cell alike, and that is not
 * movement). 0: the same picture; 1: everything changed.
 */
export function changedShare(before: LumaGrid, after: LumaGrid, region: Box): number {
  const { cols, rows } = after;
  if (before.cols !== cols || before.rows !== rows) return 1;
  const c0 = Math.floor(region.x * cols);
  const r0 = Math.floor(region.y * rows);
  const c1 = Math.min(cols, Math.max(c0 + 1, Math.ceil((region.x + region.w) * cols)));
  const r1 = Math.min(rows, Math.max(r0 + 1, Math.ceil((region.y + region.h) * rows)));
  const diffs: number[] = [];
  for (let r = r0; r < r1; r++)
    for (let c = c0; c < c1; c++) {
      const i = r * cols + c;
      diffs.push((after.cells[i] as number) - (before.cells[i] as number));
    }
  if (!diffs.length) return 0;
  const sorted = [...diffs].sort((a, b) => a - b);
  const shift = sorted[Math.floor(sorted.length / 2)] as number;
  let changed = 0;
  for (const d of diffs) if (Math.abs(d - shift) > CELL_CHANGE_LEVELS) changed++;
  return changed / diffs.length;
}

/** What the model last saw: its frame's grid, when, and where the person was in it. */
export interface GateMemory {
  grid: LumaGrid;
  time: number;
  box: Box | null;
}

export type GateDecision =
  /** The model runs: nothing seen yet, the picture moved, or the last run is too old. */
  | { run: true; reason: 'first' | 'moved' | 'due'; share: number }
  /** The last detection stands for this frame. */
  | { run: false; reason: 'still'; share: number };

/**
 * Whether a frame taken at `time` needs the model: yes when the model has seen nothing yet, when the picture moved
 * against the model's last frame (over the person's region then, the whole frame when nobody was there), or when
 * the last run is `atLeastEveryMs` old; otherwise the last detection stands.
 */
export function gateDecision(
  memory: GateMemory | null,
  grid: LumaGrid,
  time: number,
  atLeastEveryMs: number,
): GateDecision {
  if (!memory) return { run: true, reason: 'first', share: 1 };
  const share = changedShare(memory.grid, grid, gateRegion(memory.box));
  if (share >= MOVED_SHARE) return { run: true, reason: 'moved', share };
  // A clock that went back (a restarted capture) runs the model rather than trusting an old detection.
  if (time - memory.time >= atLeastEveryMs || time < memory.time) return { run: true, reason: 'due', share };
  return { run: false, reason: 'still', share };
}
