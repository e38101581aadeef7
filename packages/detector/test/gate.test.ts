// The change gate in the detector's loop (detectThroughGate, what the browser's detector worker runs for each
// frame), on the real model and frames of a real person: a still picture keeps the last detection without the
// model, a moved one runs it at once, a still one runs it again when due, and a stream that shows face signals is
// never gated. Model runs are counted, not timed.
import { lumaGrid, MODEL_AT_LEAST_EVERY_MS, yPlane } from '@posture-vision/core/live/monitoring';
import type { Human } from '@vladmandic/human';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHuman } from '../node/human.ts';
import {
  createDetector,
  DetectionStream,
  type Detector,
  detectThroughGate,
  type FramePixels,
  gatesFrames,
  i420ToRgb,
  ModelGate,
  parseShows,
} from '../src/index.ts';
import { clipFrames, H, W } from './node-host.ts';

let human: Human;
let detector: Detector;
let upright: FramePixels;
let slouched: FramePixels;
const body = { body: true, face: false, hands: false, emotion: false };

/** A camera frame's pixels as the worker reads them: the luma grid from the Y plane, RGB only for the model. */
const pixelsOf = (i420: Uint8Array): FramePixels => ({
  grid: () => lumaGrid(yPlane(i420, W, H)),
  rgb: () => i420ToRgb(i420, W, H),
});

beforeAll(async () => {
  human = await loadHuman(body);
  detector = createDetector(human);
  const [u, s] = clipFrames(['upright', 'slouched']);
  upright = pixelsOf(u as Uint8Array);
  slouched = pixelsOf(s as Uint8Array);
}, 180_000);

/** Runs frames through the gate at `fps` from `from` ms; returns how many the model ran on. */
async function feed(
  gate: ModelGate | null,
  stream: DetectionStream,
  pixels: FramePixels,
  count: number,
  from: number,
  fps = 5,
) {
  let runs = 0;
  for (let i = 0; i < count; i++) {
    const r = await detectThroughGate({
      gate,
      stream,
      pixels,
      time: from + (i * 1000) / fps,
      camera: { width: W, height: H },
      detect: (image) => detector.detect(image, body),
    });
    if (r.ran) runs++;
    expect(r.frame.hns.poses).toHaveLength(1);
  }
  return runs;
}

describe('the change gate in the detector loop', () => {
  it('gates posture-only streams and no stream that shows face signals, hands or emotions', () => {
    expect(gatesFrames(parseShows(''))).toBe(true);
    expect(gatesFrames(parseShows('face'))).toBe(false);
    expect(gatesFrames(parseShows('hands,emotion'))).toBe(false);
    expect(gatesFrames(null)).toBe(false);
  });

  it('runs the model on the first frame, keeps its detection while the picture is still, and runs at once on movement', async () => {
    const gate = new ModelGate();
    const stream = new DetectionStream();
    // Ten frames at 5 frame/s of a still picture: well inside the steady watch's forced-run interval
    // (MODEL_AT_LEAST_EVERY_MS.steady, 10 s).
    expect(await feed(gate, stream, upright, 10, 0)).toBe(1);
    expect(gate.counts).toEqual({ runs: 1, held: 9 });
    // The person slouches: the very next frame runs the model, and then the new picture is still again.
    expect(await feed(gate, stream, slouched, 1, 2000)).toBe(1);
    expect(await feed(gate, stream, slouched, 4, 2200)).toBe(0);
    expect(gate.counts.runs).toBe(2);
  });

  it('runs the model again on a still picture once the last run is due', async () => {
    const gate = new ModelGate();
    const stream = new DetectionStream();
    // Nobody calibrated: a person in view is steady, so a run is due every MODEL_AT_LEAST_EVERY_MS.steady.
    const seconds = (2 * MODEL_AT_LEAST_EVERY_MS.steady) / 1000;
    const runs = await feed(gate, stream, upright, seconds * 2 + 1, 0, 2);
    expect(runs).toBe(3);
  });

  it('runs the model on every frame of a stream without a gate', async () => {
    expect(await feed(null, new DetectionStream(), upright, 4, 0)).toBe(4);
  });
});
