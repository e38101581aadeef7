// Messages between a page (web app or the extension's offscreen document) and the detector's web worker.
import type { DetectionFrame, PostureReference, ReferenceProblem } from '@posture-vision/core/analysis';
import type { Size } from '../src/input-size.ts';
import type { ModuleSet } from '../src/models.ts';
import type { Shows } from '../src/schedule.ts';

export type ToWorker =
  | {
      type: 'init';
      /** Models to load (only what the mode needs). */
      modules: ModuleSet;
      /** Folder URLs of the bundled model and `.wasm` files, ending in '/'. */
      modelBaseUrl: string;
      wasmBaseUrl: string;
      /** What the page shows (sets the face/hands/emotion rates). */
      shows: Shows;
    }
  /** A camera frame (transferred), possibly scaled down (detectionSize); `time` is when it was captured, ms;
   * `width` × `height` the camera frame's size, which the detection frame reports. */
  | { type: 'frame'; bitmap: ImageBitmap; time: number; width: number; height: number }
  /** A camera track's frame itself (transferred; its format one of frame-pixels.ts' READABLE_FORMATS): the worker
   * copies its pixels out and scales them to `size` (detectionSize), so the page does no pixel work at all.
   * The detection frame reports the camera frame's display size. */
  | { type: 'video-frame'; frame: VideoFrame; size: Size; time: number }
  | { type: 'calibrate' }
  | { type: 'reference'; reference: PostureReference | null };

export type FromWorker =
  | { type: 'ready'; models: string[]; threads: boolean }
  | { type: 'failed'; message: string }
  /** `ms`: time in the worker, ms; `ran`: whether the model ran on it (false: the change gate let the last
   * detection stand). */
  | { type: 'frame'; frame: DetectionFrame; ms: number; ran: boolean }
  | { type: 'frame-failed'; message: string }
  /** The reference taken, or null and why not (core's ReferenceProblem). */
  | { type: 'calibrated'; reference: PostureReference | null; problem: ReferenceProblem | null };
