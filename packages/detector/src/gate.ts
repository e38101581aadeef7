// The change gate as a host uses it (core live/change-gate.ts has the rule): it remembers the grid, time and
// detection of the last frame the model ran on, and for each new frame says whether the model must run or which
// detection stands. The vision service's per-peer loop and the browser's detector worker both hold one per stream,
// and only for a posture-only stream: one that shows face signals needs the face models on every frame (a blink is
// a few pixels, under any grid).

import type { DetectionFrame } from '@posture-vision/core/analysis';
import {
  type GateDecision,
  gateDecision,
  type LumaGrid,
  MONITOR_RATES,
  type MonitorRates,
  type PostureWatch,
} from '@posture-vision/core/live/monitoring';
import type { RgbImage } from './image.ts';
import type { Size } from './input-size.ts';
import type { Detection } from './normalise.ts';
import type { Shows } from './schedule.ts';
import type { DetectionStream } from './stream.ts';

/** Whether a stream's frames go through the gate: only when it shows nothing but posture (passive monitoring). A
 * client that did not say what it shows is an older live tool: not gated. */
export function gatesFrames(shows: Shows | null): boolean {
  return !!shows && !shows.face && !shows.hands && !shows.emotion;
}

export interface GateCounts {
  /** Frames the model ran on (the first, a moved picture, or a forced run). */
  runs: number;
  /** Frames the model was spared: the last detection stood for them. */
  held: number;
}

export class ModelGate {
  private memory: { grid: LumaGrid; time: number; detection: Detection } | null = null;
  readonly counts: GateCounts = { runs: 0, held: 0 };
  /** The last decision, for hosts that report why. */
  last: GateDecision | null = null;

  /** `rates`: core's, but for the benchmark comparing settings. */
  constructor(private readonly rates: MonitorRates = MONITOR_RATES) {}

  /** The detection that stands for a frame taken at `time` with this grid, or null when the model must run on it
   * (then `ran` must follow with the model's answer). */
  check(grid: LumaGrid, time: number, watch: PostureWatch): Detection | null {
    const m = this.memory;
    this.last = gateDecision(
      m && { grid: m.grid, time: m.time, box: m.detection.body?.box ?? null },
      grid,
      time,
      this.rates.modelAtLeastEveryMs[watch],
    );
    if (this.last.run || !m) return null;
    this.counts.held++;
    return m.detection;
  }

  /** The model ran on the frame of this grid. */
  ran(grid: LumaGrid, time: number, detection: Detection): void {
    this.counts.runs++;
    this.memory = { grid, time, detection };
  }

  /** Forget the last frame (a new video source): the next frame runs the model. */
  reset(): void {
    this.memory = null;
  }
}

/** A frame's pixels, read lazily: the gate's brightness grid first, the model's picture only when it runs. */
export interface FramePixels {
  grid(): LumaGrid;
  rgb(): RgbImage;
}

/**
 * One frame of a stream through the gate (when it has one) and the model: the model's detection, or the last one
 * when nothing moved, turned into the stream's detection frame. `camera` is the camera frame's size, which the
 * detection reports (a picture scaled down for the model is detected in normalised coordinates). The browser's
 * detector worker runs each frame through this; so do the tests and the monitoring bench.
 */
export async function detectThroughGate(o: {
  gate: ModelGate | null;
  stream: DetectionStream;
  pixels: FramePixels;
  time: number;
  camera: Size;
  detect(image: RgbImage): Promise<Detection>;
}): Promise<{ frame: DetectionFrame; ran: boolean }> {
  const grid = o.gate ? o.pixels.grid() : null;
  const held = o.gate && grid ? o.gate.check(grid, o.time, o.stream.watch) : null;
  if (held) return { frame: o.stream.frame(held, o.time), ran: false };
  const detection = { ...(await o.detect(o.pixels.rgb())), ...o.camera };
  if (o.gate && grid) o.gate.ran(grid, o.time, detection);
  return { frame: o.stream.frame(detection, o.time), ran: true };
}
