// The page side of the detector's web worker: start it with the bundled asset URLs, feed it camera frames
// from a timer loop (an offscreen document never fires requestAnimationFrame or requestVideoFrameCallback),
// newest frame only, and get detection frames back (the same frames the vision service sends).
import type { DetectionFrame, PostureReference } from '@posture-vision/core/analysis';
import type { ModuleSet } from '../src/models.ts';
import type { Shows } from '../src/schedule.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** Where detectorAssets() puts the files, under the app's base URL. */
export const ASSETS_DIR = 'detector';

export interface DeviceDetectorOptions {
  /** A new worker from `@posture-vision/detector/browser/worker?worker`. */
  worker: Worker;
  modules: ModuleSet;
  shows: Shows;
  /** The app's base URL (location of the page's root, or chrome.runtime.getURL('')). */
  baseUrl: string;
  onFrame(frame: DetectionFrame, inferenceMs: number): void;
  onError?(message: string): void;
}

export interface DeviceDetector {
  /** Resolves when the models are loaded; rejects with the reason when they cannot be. */
  readonly ready: Promise<{ models: string[]; threads: boolean }>;
  /** Starts sampling `video` at `fps` frames per second, read before each frame so it can change. */
  run(video: HTMLVideoElement, fps: () => number): void;
  /** Takes the newest detection's body as the reference. */
  calibrate(): Promise<PostureReference | null>;
  setReference(reference: PostureReference | null): void;
  close(): void;
}

export function startDeviceDetector(o: DeviceDetectorOptions): DeviceDetector {
  const send = (m: ToWorker, transfer: Transferable[] = []) => o.worker.postMessage(m, transfer);
  const root = new URL(`${ASSETS_DIR}/`, o.baseUrl).href;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let calibrated: ((r: PostureReference | null) => void) | null = null;
  let settle: { resolve(v: { models: string[]; threads: boolean }): void; reject(e: Error): void };
  const ready = new Promise<{ models: string[]; threads: boolean }>((resolve, reject) => {
    settle = { resolve, reject };
  });
  ready.catch(() => {});

  o.worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.type === 'ready') settle.resolve({ models: data.models, threads: data.threads });
    else if (data.type === 'failed') settle.reject(new Error(data.message));
    else if (data.type === 'frame') {
      busy = false;
      o.onFrame(data.frame, data.ms);
    } else if (data.type === 'frame-failed') {
      busy = false;
      o.onError?.(data.message);
    } else if (data.type === 'calibrated') {
      calibrated?.(data.reference);
      calibrated = null;
    }
  };
  o.worker.onerror = (e) => settle.reject(new Error(e.message || 'detector worker failed'));
  send({
    type: 'init',
    modules: o.modules,
    shows: o.shows,
    modelBaseUrl: `${root}models/`,
    wasmBaseUrl: `${root}wasm/`,
  });

  async function capture(video: HTMLVideoElement) {
    // One frame in the worker at a time: a slow device skips camera frames instead of queueing them.
    if (busy || video.readyState < 2 || !video.videoWidth) return;
    busy = true;
    try {
      const bitmap = await createImageBitmap(video);
      send({ type: 'frame', bitmap, time: Date.now() }, [bitmap]);
    } catch (error) {
      busy = false;
      o.onError?.((error as Error).message);
    }
  }

  return {
    ready,
    run(video, fps) {
      if (timer) clearTimeout(timer);
      const tick = () => {
        void capture(video);
        timer = setTimeout(tick, 1000 / Math.max(0.2, fps()));
      };
      tick();
    },
    calibrate() {
      return new Promise((resolve) => {
        calibrated = resolve;
        send({ type: 'calibrate' });
      });
    },
    setReference(reference) {
      send({ type: 'reference', reference });
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      o.worker.terminate();
    },
  };
}
