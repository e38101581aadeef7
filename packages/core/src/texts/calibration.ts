// Calibration page and wizard texts.

export const CALIBRATION_MESSAGES = {
  cameraDenied: 'Camera access denied. Please allow camera permissions and try again.',
  noCamera: 'Camera error: No camera found on this device.',
  cameraBusy: 'Camera error: Camera is being used by another application.',
  cameraOther: 'Camera error: Please check your camera and try again.',
  playbackStart: 'Could not start video playback',
  playback: 'Video playback error',
  cameraComponentMissing: 'Camera component not available.',
  cameraNotReady: 'Camera not ready. Please wait for camera to initialize.',
  captureInvalid: 'Could not capture photo. Camera may not be ready or photo is invalid.',
  captureFailed: 'Photo capture failed. Please try again.',
  backendStorageFailed: 'Backend storage failed',
  statusCheckFailed: 'Failed to check calibration status. Please ensure you are logged in.',
} as const;

/**
 * The wizard's camera failure by the getUserMedia error name (legacy names included). The specification
 * elides the common prefix of the last three texts; 'Camera error:' is used.
 */
export function cameraErrorMessage(errorName: string | undefined): string {
  switch (errorName) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return CALIBRATION_MESSAGES.cameraDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return CALIBRATION_MESSAGES.noCamera;
    case 'NotReadableError':
    case 'TrackStartError':
      return CALIBRATION_MESSAGES.cameraBusy;
    default:
      return CALIBRATION_MESSAGES.cameraOther;
  }
}

export const processPhotosFailed = (reason: string) => `Failed to process photos: ${reason}`;
export const mlAnalysisError = (status: number) => `ML analysis error: ${status}`;
export const mlBatchAnalysisError = (status: number) => `ML batch analysis error: ${status}`;
export const processPhotoFilesFailed = (reason: string) => `Failed to process photo files: ${reason}`;

/** A captured photo (data URL) must be longer than 1000 characters. */
export const MIN_PHOTO_LENGTH = 1000;
export function isValidCapturedPhoto(dataUrl: string | null | undefined): dataUrl is string {
  return typeof dataUrl === 'string' && dataUrl.length > MIN_PHOTO_LENGTH;
}

export const CAPTURE_ORDER = ['front', 'left', 'right'] as const;
export const PAGE_JPEG_QUALITY = 0.8;
export const WIZARD_JPEG_QUALITY = 0.9;
export const CAPTURE_IDEAL_SIZE = { width: 1280, height: 720 } as const;
export const WIZARD_MIN_SIZE = { width: 640, height: 480 } as const;

export const summaryNotFound = (id: string) => `Calibration summary not found for ID: ${id}.`;
export const NO_SUMMARY_DATA = 'No summary data available.';

/** The wizard's completion card on the live reference its front photo gave (live-reference.ts). Not in the
 * specification's documents (one calibration for photos and live monitoring), so worded here once. */
export const LIVE_REFERENCE_KEPT =
  'Your front photo is now your live posture reference: sessions judge your posture from the first frame.';
export const liveReferenceNotKept = (why: string) =>
  `Your front photo could not be your live posture reference (${why}). In a session, click Calibrate Posture while sitting upright.`;

/** The calibration summary's sentence on how its score was made (core calibration/score.ts scoreBreakdownText). */
export const SCORE_BREAKDOWN_TEXTS = {
  /** No measured metric took points off. */
  nothingOff: (score: number) =>
    `Every metric measured is in its good range, so no points were taken off: ${score}/100.`,
  /** `parts`: each metric's points, "12.5 for forward head distance". */
  madeOf: (parts: string[], score: number) =>
    `How the score is made: 100 minus ${parts.join(', minus ')}, rounded: ${score}/100.`,
} as const;
