// Which camera monitoring opens: the one chosen in the popup (an external webcam, the laptop's camera beside the
// main monitor), remembered in chrome.storage.local by its device id with the name it had, or the default one.
// Pure: the offscreen document's camera (offscreen/camera.ts) and the popup apply these.
import { cameraNumberText } from '@posture-vision/core';

/** The popup's choice; none (no key) is the browser's default camera. Stored as JSON, as the offscreen document
 * reads storage through the service worker, which passes strings. */
export interface CameraChoice {
  deviceId: string;
  /** The name the browser gave it when it was chosen, said while it is not connected. */
  label: string;
}

export const CAMERA_CHOICE_KEY = 'cameraChoice';

/** A camera as the popup lists it. */
export interface CameraListing {
  deviceId: string;
  label: string;
}

/** What went wrong with the camera, from the error getUserMedia or the track gave. */
export type CameraProblem = 'unplugged' | 'busy' | 'denied' | 'missing';

/**
 * While the camera is taken by another app nothing tells the extension it was let go (devicechange is about
 * cameras plugged in and out), so opening it is tried again this often: monitoring is back within 5 s of the
 * other app closing, and a failing open every 5 s costs nothing noticeable.
 */
export const CAMERA_RETRY_MS = 5000;

export function parseCameraChoice(json: string | null | undefined): CameraChoice | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as Partial<CameraChoice> | null;
    return v && typeof v.deviceId === 'string' && v.deviceId && typeof v.label === 'string'
      ? { deviceId: v.deviceId, label: v.label }
      : null;
  } catch {
    return null;
  }
}

/** The cameras among the browser's devices, each by its name (numbered when it has none). Without camera access
 * the browser gives them no id or name: none are listed. */
export function listCameras(devices: readonly Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>[]) {
  return devices
    .filter((d) => d.kind === 'videoinput' && d.deviceId !== '')
    .map((d, i): CameraListing => ({ deviceId: d.deviceId, label: d.label || cameraNumberText(i + 1) }));
}

/**
 * The camera constraints for the choice. With one, the device is asked for exactly (an `ideal` would open another
 * camera without saying so); the caller opens the default one, and says so, when it is not connected.
 */
export function cameraConstraintsFor(
  choice: CameraChoice | null,
  base: MediaTrackConstraints,
): MediaTrackConstraints {
  return choice ? { ...base, deviceId: { exact: choice.deviceId } } : base;
}

/** The error's name (DOMException's), or none. */
function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
}

/**
 * What getUserMedia's error means: taken by another app (Chrome says NotReadableError, or AbortError when the
 * device would not start), not there (NotFoundError, or OverconstrainedError for a device id no longer listed),
 * or refused by the user (NotAllowedError, and anything else, as before the choice).
 */
export function cameraProblem(error: unknown): CameraProblem {
  const name = errorName(error);
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'busy';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'missing';
  return 'denied';
}
