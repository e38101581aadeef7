// The detector's browser host, as a dedicated web worker (the web app's device mode and the extension's
// offscreen document both start it): Human's ESM build on tfjs WASM with SIMD, models and `.wasm` files
// from the page's own origin (bundled at build time, see vite-plugin.ts), one frame at a time. Threads only
// in a cross-origin isolated page; elsewhere tfjs would pick its threaded build and hang
// (docs/decisions/0008-device-mode-video-frame-to-worker.md).
import { lumaGrid, rgbPixels } from '@posture-vision/core/live/monitoring';
import { Human } from '@vladmandic/human';
import { createDetector, type Detector } from '../src/detector.ts';
import { frameToRgb, isReadableFormat, rawLuma } from '../src/frame-pixels.ts';
import { detectThroughGate, type FramePixels, gatesFrames, ModelGate } from '../src/gate.ts';
import { rgbaToRgb } from '../src/image.ts';
import type { Size } from '../src/input-size.ts';
import { humanConfig, missingModels } from '../src/models.ts';
import { createSchedule, ratesFor, type Schedule } from '../src/schedule.ts';
import { DetectionStream } from '../src/stream.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

interface WorkerScope {
  crossOriginIsolated?: boolean;
  onmessage: ((e: { data: ToWorker }) => void) | null;
  postMessage(m: FromWorker): void;
}
interface Canvas2D {
  drawImage(image: ImageBitmap, x: number, y: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}
declare const OffscreenCanvas: new (
  w: number,
  h: number,
) => { getContext(kind: '2d', o?: object): Canvas2D | null };

const scope = self as unknown as WorkerScope;
const post = (m: FromWorker) => scope.postMessage(m);

let detector: Detector | null = null;
let schedule: Schedule | null = null;
const stream = new DetectionStream();
let canvas: { width: number; height: number; ctx: Canvas2D } | null = null;

function pixels(bitmap: ImageBitmap) {
  const { width, height } = bitmap;
  if (!canvas || canvas.width !== width || canvas.height !== height) {
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2D canvas in this worker');
    canvas = { width, height, ctx };
  }
  canvas.ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return rgbaToRgb(canvas.ctx.getImageData(0, 0, width, height).data, width, height);
}

/** The copy buffer for camera frames, kept between frames of the same size (no 460 KB garbage per frame). */
let copied: Uint8Array | null = null;

/** The gate of a posture-only stream (the extension's passive monitoring): the model runs only when the picture
 * moved, or when its last run is due again (core live/change-gate.ts). Null for a stream that shows face signals. */
let gate: ModelGate | null = null;

/** A camera frame's visible pixels, copied out (the frame is closed); the model's picture is scaled to `size` in one
 * pass when asked for. The copy is read before the next frame comes: one frame is in the worker at a time. */
async function readVideoFrame(frame: VideoFrame, size: Size): Promise<FramePixels> {
  try {
    const format = frame.format;
    if (!isReadableFormat(format)) throw new Error(`unreadable camera frame format ${format ?? 'none'}`);
    const bytes = frame.allocationSize();
    if (copied?.length !== bytes) copied = new Uint8Array(bytes);
    const layout = await frame.copyTo(copied);
    const { width, height } = frame.visibleRect ?? { width: frame.codedWidth, height: frame.codedHeight };
    const raw = { format, width, height, data: copied, layout };
    return { grid: () => lumaGrid(rawLuma(raw)), rgb: () => frameToRgb(raw, size) };
  } finally {
    frame.close();
  }
}

function bitmapPixels(bitmap: ImageBitmap): FramePixels {
  const image = pixels(bitmap);
  return { grid: () => lumaGrid(rgbPixels(image.data, image.width, image.height)), rgb: () => image };
}

/** Detects one frame's pixels, or lets the last detection stand when the gate says nothing moved. */
function detectFrame(read: Promise<FramePixels>, time: number, camera: Size): void {
  const d = detector;
  const s = schedule;
  if (!d || !s) return;
  const started = performance.now();
  read
    .then((pixels) =>
      detectThroughGate({
        gate,
        stream,
        pixels,
        time,
        camera,
        detect: (image) => d.detect(image, { ...s.next(time), evenOutDark: stream.evenOutDark }),
      }),
    )
    .then(({ frame, ran }) => post({ type: 'frame', frame, ms: performance.now() - started, ran }))
    .catch((error: Error) => post({ type: 'frame-failed', message: error.message }));
}

async function init(m: Extract<ToWorker, { type: 'init' }>) {
  const threads = scope.crossOriginIsolated === true;
  const human = new Human(
    humanConfig(
      m.modules,
      { modelBasePath: m.modelBaseUrl, wasmPath: m.wasmBaseUrl },
      { wasmThreads: threads },
    ),
  );
  // Human applies `config.flags` only after the backend has started, and the WASM backend picks its build when
  // it starts: set the no-threads flag on Human's tfjs first, or tfjs loads its threaded build wherever
  // SharedArrayBuffer exists (an extension page) and runs a pool of pthread workers on a page that may not use
  // them (bench/README.md, server mode against device mode: 8 blob workers and ~20x the CPU per frame).
  if (!threads) human.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await human.init();
  await human.load();
  const missing = missingModels(human, m.modules);
  if (missing.length) throw new Error(`models not loaded: ${missing.join(', ')}`);
  detector = createDetector(human);
  schedule = createSchedule(ratesFor(m.shows), 'device');
  gate = gatesFrames(m.shows) ? new ModelGate() : null;
  post({ type: 'ready', models: human.models.loaded(), threads });
}

scope.onmessage = ({ data: m }) => {
  if (m.type === 'init') {
    init(m).catch((error: Error) => post({ type: 'failed', message: error.message }));
  } else if (m.type === 'frame') {
    if (!detector) m.bitmap.close();
    else
      detectFrame(
        Promise.resolve().then(() => bitmapPixels(m.bitmap)),
        m.time,
        { width: m.width, height: m.height },
      );
  } else if (m.type === 'video-frame') {
    const camera = { width: m.frame.displayWidth, height: m.frame.displayHeight };
    if (!detector) m.frame.close();
    else detectFrame(readVideoFrame(m.frame, m.size), m.time, camera);
  } else if (m.type === 'calibrate') {
    const reference = stream.calibrate();
    post({ type: 'calibrated', reference, problem: reference ? null : stream.problem });
  } else if (m.type === 'reference') {
    stream.setReference(m.reference);
  }
};
