import { describe, expect, it } from 'vitest';
import {
  CAMERA_MESSAGES,
  calibrationErrorStatus,
  cameraErrorStatus,
  cameraFallbackText,
  cameraInUseText,
  cameraNotConnectedText,
  cameraNumberText,
  captureRateText,
  connectionAttemptFailed,
  DEMO_SUMMARY_TEXTS,
  isAuthCloseCode,
  isAuthStatus,
  LIVE_MESSAGES,
  livePostureNotJudgedText,
  PRO_FEATURES,
  SAMPLE_REPORT_MAIL,
  sampleReportAlert,
  sampleReportFailed,
  testAgainstReferenceStatus,
  testFailedStatus,
  UNJUDGED_TEXTS,
  unjudgedText,
  unjudgedWhat,
  validateCaptureEmail,
} from '../../src/live';

describe('live tool texts', () => {
  it.each([
    [LIVE_MESSAGES.loginRequired, 'Please log in to access the posture detection feature.'],
    [LIVE_MESSAGES.authenticationRequiredLabel, 'Authentication Required'],
    [LIVE_MESSAGES.serverUnreachable, 'Error connecting to server. Please check if the server is running.'],
    [LIVE_MESSAGES.healthOk, 'Model status: Server reachable but model status unknown'],
    [LIVE_MESSAGES.healthFailed, 'Model status: Error - Failed to connect to server'],
    [LIVE_MESSAGES.failedAfterAttempts, 'Failed to connect after 3 attempts'],
    [LIVE_MESSAGES.connectionError, 'Connection error'],
    [LIVE_MESSAGES.connectionClosed, 'Connection closed'],
    [LIVE_MESSAGES.notConnected, 'Not connected to server'],
    [LIVE_MESSAGES.calibrationNoData, 'Calibration failed - no data captured'],
    [LIVE_MESSAGES.calibrationUnexpected, 'Calibration failed - unexpected response'],
    [LIVE_MESSAGES.noPeerId, 'No peer ID available'],
    [
      LIVE_MESSAGES.cameraConnected,
      'Camera connected! Step 1: Click Calibrate Posture while sitting up straight',
    ],
    [
      LIVE_MESSAGES.cameraConnectedWithReference,
      'Camera connected! Your posture is judged against your saved calibration. To take a new one, sit up straight and click Calibrate Posture.',
    ],
    [
      LIVE_MESSAGES.testNoCalibration,
      'Test calibration: no calibration yet. Sit up straight and click Calibrate Posture first.',
    ],
    [
      testAgainstReferenceStatus(42),
      "Test calibration: judging against the active profile's reference (42 outline points)",
    ],
    [LIVE_MESSAGES.cameraStopped, 'Camera stopped'],
    [LIVE_MESSAGES.connectionLost, 'Connection appears to be lost. Consider reconnecting.'],
    [LIVE_MESSAGES.paused, 'Processing paused (tab inactive)'],
    [LIVE_MESSAGES.resumed, 'Processing resumed'],
    [LIVE_MESSAGES.proUpsell, 'Get unlimited access with Pro!'],
    [LIVE_MESSAGES.analyzing, 'Analyzing...'],
    [LIVE_MESSAGES.qualityDegraded, 'quality degraded'],
    [LIVE_MESSAGES.freeTierLimit, 'Free Tier limit reached'],
    [connectionAttemptFailed(1), 'Connection attempt 1/3 failed. Retrying...'],
    [connectionAttemptFailed(2), 'Connection attempt 2/3 failed. Retrying...'],
    [cameraErrorStatus('Permission denied'), 'Error: Permission denied'],
    [calibrationErrorStatus('HTTP 500'), 'Calibration error: HTTP 500'],
    [testFailedStatus(404), 'Test failed - 404'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [1008, true],
    [4001, true],
    [4003, true],
    [4002, false],
    [1000, false],
    [1006, false],
  ])('close code %i means log in: %s', (code, auth) => {
    expect(isAuthCloseCode(code)).toBe(auth);
  });

  it.each([
    [401, true],
    [403, true],
    [404, false],
    [500, false],
  ])('model status %i means log in: %s', (status, auth) => {
    expect(isAuthStatus(status)).toBe(auth);
  });
});

describe('e-mail capture modal', () => {
  it.each([
    ['', 'Please enter a valid email address'],
    ['   ', 'Please enter a valid email address'],
    ['ada.example.org', 'Please enter a valid email address'],
    ['ada@example.org', null],
  ])('%j → %s', (email, message) => {
    expect(validateCaptureEmail(email)).toBe(message);
  });

  it('announces the sample report, or why it was not sent', () => {
    expect(sampleReportAlert('ada@example.org')).toBe('A sample report will be sent to ada@example.org.');
    expect(sampleReportFailed('The mail server refused this address.')).toBe(
      'The sample report could not be sent: The mail server refused this address.',
    );
  });

  it('words the sample report: the subject and what the address is used for', () => {
    expect(SAMPLE_REPORT_MAIL.subject).toBe('Your Posture Vision sample report');
    expect(SAMPLE_REPORT_MAIL.addressNote).toBe(
      'This address was used only to send this message and was not kept. You will get no other mail from us unless you sign up.',
    );
    expect(DEMO_SUMMARY_TEXTS.noIssues).toBe('No poor posture with a named cause.');
  });

  it('lists the Pro features in the Free Tier teaser', () => {
    expect(PRO_FEATURES).toEqual([
      'Head-Neck-Shoulder',
      'Hand Detection',
      'Drowsiness Monitoring',
      'Detailed Reports',
      'Unlimited Time',
    ]);
  });

  it('says which camera monitoring uses, and what to do when it is gone or taken', () => {
    expect(CAMERA_MESSAGES).toEqual({
      choice: 'Camera',
      defaultCamera: 'Default camera',
      unnamed: 'The cameras are listed by name once camera access is allowed.',
      unplugged: 'Camera unplugged: plug it back in or choose another',
      busy: 'Camera in use by another app: close it there',
    });
    expect(cameraInUseText('Logitech C920')).toBe('Camera: Logitech C920');
    expect(cameraFallbackText('Logitech C920')).toBe(
      'Logitech C920 is not connected: monitoring uses the default camera.',
    );
    expect(cameraNotConnectedText('Logitech C920')).toBe('Logitech C920 (not connected)');
    expect(cameraNumberText(2)).toBe('Camera 2');
  });
});

describe('why nothing is judged', () => {
  it('says what the monitor cannot see and what to do, for every reason a frame can carry', () => {
    expect(unjudgedText('too_dark')).toBe(
      'Too dark to see you. More light in front of you: a lamp behind the screen.',
    );
    expect(unjudgedText('nobody')).toBe('Nobody in view. Sit in front of the camera.');
    for (const t of Object.values(UNJUDGED_TEXTS)) {
      expect(t.what).toMatch(/^[A-Z][^.]*[^.]$/);
      expect(t.todo).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("puts what it cannot see on the live tool's posture line", () => {
    expect(unjudgedWhat('too_dark')).toBe('too dark to see you');
    expect(livePostureNotJudgedText('too_dark')).toBe('Not judged — too dark to see you');
    expect(livePostureNotJudgedText('shoulders_out_of_view')).toBe(
      'Not judged — your shoulders are not in view',
    );
  });
});

describe('the capture rate in the popup', () => {
  it('reads frames a second from one up, and one frame every so many seconds below', () => {
    expect(captureRateText(5)).toBe('5 frame/s');
    expect(captureRateText(1)).toBe('1 frame/s');
    expect(captureRateText(1 / 3)).toBe('1 frame every 3 s');
    expect(captureRateText(0.5)).toBe('1 frame every 2 s');
  });
});
