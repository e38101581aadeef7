// Messages between the service and its inference workers.
import type { Detection, FrameModules } from '@posture-vision/detector';

export type Task =
  | { kind: 'i420'; data: Uint8Array; width: number; height: number; modules: FrameModules }
  | { kind: 'jpeg'; data: Uint8Array; modules: FrameModules }
  /** Packed RGB already decoded by the service (photo analysis runs several views of one decoded photo). */
  | { kind: 'rgb'; data: Uint8Array; width: number; height: number; modules: FrameModules };

/** The calibration image: an I420 frame encoded as JPEG (about 40 ms for 640x480, too long for the event loop). */
export interface EncodeTask {
  kind: 'encode-jpeg';
  data: Uint8Array;
  width: number;
  height: number;
}

export type WorkerRequest = { id: number; task: Task | EncodeTask };

export type WorkerSuccess =
  | { id: number; ok: true; detection: Detection }
  | { id: number; ok: true; jpeg: Uint8Array };

export type WorkerReply =
  | { type: 'ready'; models: string[] }
  | { type: 'failed'; message: string }
  | WorkerSuccess
  | { id: number; ok: false; unreadable: boolean; message: string };
