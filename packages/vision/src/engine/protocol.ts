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

export type WorkerRequest = { id: number; task: Task };

export type WorkerReply =
  | { type: 'ready'; models: string[] }
  | { type: 'failed'; message: string }
  | { id: number; ok: true; detection: Detection }
  | { id: number; ok: false; unreadable: boolean; message: string };
