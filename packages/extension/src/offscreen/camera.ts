// The offscreen document's camera: opens the camera chosen in the popup (the default one, said, when it is not
// connected), and while the camera is unplugged or taken by another app waits for it to be back (a devicechange,
// or a retry while it is taken), then has monitoring start again. Over a small interface, so a test drives it.
import {
  CAMERA_RETRY_MS,
  type CameraChoice,
  cameraConstraintsFor,
  listCameras,
} from '../rules/camera-choice';

/** The part of navigator.mediaDevices used here. */
export interface CameraDevices {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  enumerateDevices(): Promise<Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>[]>;
  /** Calls the listener on every devicechange (a camera plugged in or out); returns how to stop. */
  onDeviceChange(listener: () => void): () => void;
}

export function browserCameraDevices(media: MediaDevices = navigator.mediaDevices): CameraDevices {
  return {
    getUserMedia: (constraints) => media.getUserMedia(constraints),
    enumerateDevices: () => media.enumerateDevices(),
    onDeviceChange(listener) {
      media.addEventListener('devicechange', listener);
      return () => media.removeEventListener('devicechange', listener);
    },
  };
}

export interface OpenedCamera {
  stream: MediaStream;
  /** The name of the camera opened (its track's label). */
  label: string;
  /** The chosen camera was not connected: the default one was opened instead. */
  fallback: boolean;
}

/** Opens the chosen camera, or the default one when the choice is not connected (or none was made). */
export async function openCamera(
  devices: CameraDevices,
  choice: CameraChoice | null,
  base: MediaTrackConstraints,
): Promise<OpenedCamera> {
  const listed = choice ? listCameras(await devices.enumerateDevices()) : [];
  const chosen = choice && listed.some((c) => c.deviceId === choice.deviceId) ? choice : null;
  // With no camera listed at all the default's open fails as it did before the choice ("No camera was found").
  const stream = await devices.getUserMedia({ video: cameraConstraintsFor(chosen, base), audio: false });
  return {
    stream,
    label: stream.getVideoTracks()[0]?.label ?? '',
    fallback: choice !== null && chosen === null,
  };
}

/** What the camera waits for: the device unplugged to be listed again (null: any camera), or a busy one to open. */
export type CameraWait = { problem: 'unplugged'; deviceId: string | null } | { problem: 'busy' };

export interface CameraWatch {
  /** Waits; `retry` is called once when the camera may be back (a camera plugged in, or the retry time for a busy
   * one). A new wait replaces the one before. */
  wait(what: CameraWait, retry: () => void): void;
  /** Stops waiting (monitoring stopped, or started again by other means). */
  cancel(): void;
  readonly waiting: boolean;
}

export function createCameraWatch(
  devices: CameraDevices,
  timers: {
    every(ms: number, run: () => void): () => void;
  } = {
    every(ms, run) {
      const id = setInterval(run, ms);
      return () => clearInterval(id);
    },
  },
): CameraWatch {
  let stop: (() => void) | null = null;
  const cancel = () => {
    stop?.();
    stop = null;
  };
  return {
    wait(what, retry) {
      cancel();
      let done = false;
      const back = () => {
        if (done) return;
        done = true;
        cancel();
        retry();
      };
      const offChange = devices.onDeviceChange(() => {
        if (what.problem === 'busy') return back();
        void devices.enumerateDevices().then((all) => {
          const cameras = listCameras(all);
          if (what.deviceId === null ? cameras.length > 0 : cameras.some((c) => c.deviceId === what.deviceId))
            back();
        });
      });
      const offTimer = what.problem === 'busy' ? timers.every(CAMERA_RETRY_MS, back) : () => undefined;
      stop = () => {
        done = true;
        offChange();
        offTimer();
      };
    },
    cancel,
    get waiting() {
      return stop !== null;
    },
  };
}
