// Camera and photo capture for the calibration page and the wizard.
import {
  CALIBRATION_MESSAGES,
  CAPTURE_IDEAL_SIZE,
  CAPTURE_ORDER,
  isValidCapturedPhoto,
  WIZARD_MIN_SIZE,
} from '@posture-vision/core';

/** Ideal 1280x720; the wizard also asks for at least 640x480. */
export function openCamera(withMinimum = false): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: {
      width: { ideal: CAPTURE_IDEAL_SIZE.width, ...(withMinimum ? { min: WIZARD_MIN_SIZE.width } : {}) },
      height: { ideal: CAPTURE_IDEAL_SIZE.height, ...(withMinimum ? { min: WIZARD_MIN_SIZE.height } : {}) },
    },
    audio: false,
  });
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function cameraReady(video: HTMLVideoElement | null): video is HTMLVideoElement {
  return !!video && video.readyState >= 2 && video.videoWidth > 0 && video.videoHeight > 0;
}

/** A JPEG data URL of the current video frame, optionally mirrored like the preview. */
export function capturePhoto(video: HTMLVideoElement, quality: number, mirror: boolean): string {
  if (!cameraReady(video)) throw new Error(CALIBRATION_MESSAGES.cameraNotReady);
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(CALIBRATION_MESSAGES.captureInvalid);
  if (mirror) {
    ctx.translate(canvas.width, 0);
    ctx.scale(-1, 1);
  }
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  const photo = canvas.toDataURL('image/jpeg', quality);
  if (!isValidCapturedPhoto(photo)) throw new Error(CALIBRATION_MESSAGES.captureInvalid);
  return photo;
}

export const VIEW_ORDER = CAPTURE_ORDER;
export const VIEW_INSTRUCTIONS: Record<(typeof CAPTURE_ORDER)[number], string> = {
  // Both shoulders must show: a shoulder under hair, or a dark top against a dark background, is put elsewhere by the
  // pose model and the photo is refused (vision photo/metrics.ts NOT_MEASURABLE.leaning; bench/README.md).
  front:
    'Face the camera, sit up straight, shoulders relaxed. Keep your hair behind your shoulders so both are in view, against a background lighter or darker than your clothes.',
  left: 'Turn so your left side faces the camera.',
  right: 'Turn so your right side faces the camera.',
};
