// Device mode of the live tool: detection frames computed on this computer by the detector's web worker
// (Human on tfjs WASM with SIMD; threads only when the page is cross-origin isolated), from the same camera
// video the overlay draws. No peer connection and no socket to the vision service; no image leaves the
// machine. Frames are the same as the vision service's (same detector, same core posture rules).
import type { DetectionFrame } from '@posture-vision/core';
import type { PostureReference } from '@posture-vision/core/analysis';
import { type DeviceDetector, startDeviceDetector } from '@posture-vision/detector/browser/client';
import DetectorWorker from '@posture-vision/detector/browser/worker?worker';

/** Frames per second sampled from the camera in device mode: the live tool's overlay follows at this rate. */
export const DEVICE_FPS = 10;

export interface DeviceSourceOptions {
  video: HTMLVideoElement;
  /** Hands and emotion are loaded and run only when the overlay shows them (Pro). */
  showsHands: boolean;
  onFrame(frame: DetectionFrame): void;
  onError(message: string): void;
}

export interface DeviceSource {
  readonly ready: Promise<unknown>;
  calibrate(): Promise<PostureReference | null>;
  stop(): void;
}

export function startDeviceSource(o: DeviceSourceOptions): DeviceSource {
  const modules = { body: true, face: true, hands: o.showsHands, emotion: o.showsHands };
  const detector: DeviceDetector = startDeviceDetector({
    worker: new DetectorWorker(),
    modules,
    shows: { face: true, hands: o.showsHands, emotion: o.showsHands },
    baseUrl: new URL(import.meta.env.BASE_URL, window.location.href).href,
    onFrame: (frame) => o.onFrame(frame),
    onError: o.onError,
  });
  const ready = detector.ready.then(() => detector.run(o.video, () => DEVICE_FPS));
  ready.catch((error: Error) => o.onError(error.message));
  return {
    ready,
    calibrate: () => detector.calibrate(),
    stop: () => detector.close(),
  };
}
