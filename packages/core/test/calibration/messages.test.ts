import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_MESSAGES,
  cameraErrorMessage,
  isValidCapturedPhoto,
  mlAnalysisError,
  mlBatchAnalysisError,
  NO_SUMMARY_DATA,
  processPhotoFilesFailed,
  processPhotosFailed,
  summaryNotFound,
} from '../../src/calibration';

describe('camera errors', () => {
  it.each([
    ['NotAllowedError', 'Camera access denied. Please allow camera permissions and try again.'],
    ['PermissionDeniedError', 'Camera access denied. Please allow camera permissions and try again.'],
    ['NotFoundError', 'Camera error: No camera found on this device.'],
    ['NotReadableError', 'Camera error: Camera is being used by another application.'],
    ['OverconstrainedError', 'Camera error: Please check your camera and try again.'],
    [undefined, 'Camera error: Please check your camera and try again.'],
  ])('%s → %s', (name, text) => {
    expect(cameraErrorMessage(name)).toBe(text);
  });
});

describe('wizard and page texts', () => {
  it.each([
    [CALIBRATION_MESSAGES.playbackStart, 'Could not start video playback'],
    [CALIBRATION_MESSAGES.playback, 'Video playback error'],
    [CALIBRATION_MESSAGES.cameraComponentMissing, 'Camera component not available.'],
    [CALIBRATION_MESSAGES.cameraNotReady, 'Camera not ready. Please wait for camera to initialize.'],
    [
      CALIBRATION_MESSAGES.captureInvalid,
      'Could not capture photo. Camera may not be ready or photo is invalid.',
    ],
    [CALIBRATION_MESSAGES.captureFailed, 'Photo capture failed. Please try again.'],
    [CALIBRATION_MESSAGES.backendStorageFailed, 'Backend storage failed'],
    [
      CALIBRATION_MESSAGES.statusCheckFailed,
      'Failed to check calibration status. Please ensure you are logged in.',
    ],
    [processPhotosFailed('timeout'), 'Failed to process photos: timeout'],
    [mlAnalysisError(422), 'ML analysis error: 422'],
    [mlBatchAnalysisError(500), 'ML batch analysis error: 500'],
    [processPhotoFilesFailed('bad file'), 'Failed to process photo files: bad file'],
    [summaryNotFound('7'), 'Calibration summary not found for ID: 7.'],
    [NO_SUMMARY_DATA, 'No summary data available.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('a photo must be longer than 1000 characters', () => {
    expect(isValidCapturedPhoto('x'.repeat(1000))).toBe(false);
    expect(isValidCapturedPhoto('x'.repeat(1001))).toBe(true);
    expect(isValidCapturedPhoto(null)).toBe(false);
  });
});
