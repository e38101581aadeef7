// Messages between the service and its inference workers.
import type { Detection } from './detect.ts';

export interface Modules {
  body: boolean;
  face: boolean;
  hands: boolean;
  emotion: boolean;
  /** Faces to look for; photo analysis asks for several to refuse group photos. */
  maxFaces: number;
}

export type Task =
  | { kind: 'i420'; data: Uint8Array; width: number; height: number; modules: Modules }
  | { kind: 'jpeg'; data: Uint8Array; modules: Modules };

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
