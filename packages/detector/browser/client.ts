// The page side of the detector's web worker: start it with the bundled asset URLs, feed it camera frames,
// newest frame only, and get detection frames back (the same frames the vision service sends). Frames come
// either from a <video> the page shows, sampled by a timer (an offscreen document never fires
// requestAnimationFrame or requestVideoFrameCallback), or straight from a camera track as it delivers them
// (no <video> element decoding frames nobody sees: the extension's offscreen document).
import type { DetectionFrame, PostureReference, ReferenceProblem } from '@posture-vision/core/analysis';
import { isReadableFormat } from '../src/frame-pixels.ts';
import { detectionSize, RESIZE_QUALITY } from '../src/input-size.ts';
import type { ModuleSet } from '../src/models.ts';
import type { Shows } from '../src/schedule.ts';
import { rateKeeper } from '../src/track-rate.ts';
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
  /** Each detection frame; `modelRan` false when the change gate let the last detection stand (posture-only
   * streams, see gate.ts). */
  onFrame(frame: DetectionFrame, inferenceMs: number, modelRan: boolean): void;
  onError?(message: string): void;
}

export interface DeviceDetector {
  /** Resolves when the models are loaded; rejects with the reason when they cannot be. */
  readonly ready: Promise<{ models: string[]; threads: boolean }>;
  /** Starts sampling `video` at `fps` frames per second, read before each frame so it can change. */
  run(video: HTMLVideoElement, fps: () => number): void;
  /** Starts detecting the frames of a camera track as they arrive, at the track's own rate (the caller
   * limits it with applyConstraints), or at `fps` where that is slower than the track keeps (under 1 frame/s:
   * track-rate.ts), read at each frame; a frame that arrives while the worker is busy is dropped. */
  runTrack(track: MediaStreamTrack, fps?: () => number): void;
  /** Takes the reference from the last few seconds' bodies (the stream's calibrate). */
  calibrate(): Promise<PostureReference | null>;
  /** Why the last calibrate() took nothing (null after one that took a reference, or before any). */
  calibrationProblem: ReferenceProblem | null;
  setReference(reference: PostureReference | null): void;
  close(): void;
}

interface Size {
  width: number;
  height: number;
}

/** Chromium's breakout box (in window and worker scopes since Chrome 94; the extension's offscreen documents
 * need Chrome 109): a camera track's frames as a stream of VideoFrames. Not in TypeScript's DOM library. */
declare const MediaStreamTrackProcessor: new (init: {
  track: MediaStreamTrack;
}) => { readable: ReadableStream<VideoFrame> };

/** A camera frame as a bitmap of `size`: scaled once while it is made (no full-size copy to the worker), or
 * as it is. */
function grab(source: HTMLVideoElement | VideoFrame, frame: Size, size: Size): Promise<ImageBitmap> {
  if (size.width === frame.width && size.height === frame.height) return createImageBitmap(source);
  return createImageBitmap(source, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: RESIZE_QUALITY,
  });
}

export function startDeviceDetector(o: DeviceDetectorOptions): DeviceDetector {
  const send = (m: ToWorker, transfer: Transferable[] = []) => o.worker.postMessage(m, transfer);
  const root = new URL(`${ASSETS_DIR}/`, o.baseUrl).href;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reader: ReadableStreamDefaultReader<VideoFrame> | null = null;
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
      o.onFrame(data.frame, data.ms, data.ran);
    } else if (data.type === 'frame-failed') {
      busy = false;
      o.onError?.(data.message);
    } else if (data.type === 'calibrated') {
      detector.calibrationProblem = data.problem;
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

  /** Sends one camera frame to the worker (the caller has checked it is free); `time` is its capture time. */
  async function detect(source: HTMLVideoElement | VideoFrame, frame: Size, time: number) {
    busy = true;
    try {
      const bitmap = await grab(source, frame, detectionSize(o.modules, frame));
      send({ type: 'frame', bitmap, time, ...frame }, [bitmap]);
    } catch (error) {
      busy = false;
      o.onError?.((error as Error).message);
    }
  }

  async function capture(video: HTMLVideoElement) {
    // One frame in the worker at a time: a slow device skips camera frames instead of queueing them.
    if (busy || video.readyState < 2 || !video.videoWidth) return;
    await detect(video, { width: video.videoWidth, height: video.videoHeight }, Date.now());
  }

  async function pump(frames: ReadableStreamDefaultReader<VideoFrame>, fps?: () => number) {
    const due = rateKeeper();
    for (;;) {
      const { value: frame, done } = await frames.read().catch(() => ({ value: undefined, done: true }));
      if (done || !frame) return;
      const size = { width: frame.displayWidth, height: frame.displayHeight };
      if (busy || reader !== frames || (fps && !due(frame.timestamp, fps()))) frame.close();
      else if (isReadableFormat(frame.format)) {
        // The frame itself goes to the worker, which copies out and scales only what the model needs: no
        // createImageBitmap on this thread (~3 CPU-ms a frame in the offscreen document, bench/README.md).
        // (Scaled to the displayed shape, so a camera with non-square pixels is seen as it is shown.)
        busy = true;
        try {
          send({ type: 'video-frame', frame, size: detectionSize(o.modules, size), time: Date.now() }, [
            frame,
          ]);
        } catch (error) {
          busy = false;
          frame.close();
          o.onError?.((error as Error).message);
        }
      } else {
        // A frame only the GPU holds (no format) or of another layout: the browser converts it.
        try {
          await detect(frame, size, Date.now());
        } finally {
          frame.close();
        }
      }
    }
  }

  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    void reader?.cancel().catch(() => {});
    reader = null;
  }

  const detector: DeviceDetector = {
    calibrationProblem: null,
    ready,
    run(video, fps) {
      stop();
      const tick = () => {
        void capture(video);
        timer = setTimeout(tick, 1000 / Math.max(0.2, fps()));
      };
      tick();
    },
    runTrack(track, fps) {
      stop();
      reader = new MediaStreamTrackProcessor({ track }).readable.getReader();
      void pump(reader, fps);
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
      stop();
      o.worker.terminate();
    },
  };
  return detector;
}
