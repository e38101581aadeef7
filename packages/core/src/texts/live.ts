// Live posture tool texts.

export const MAX_CONNECTION_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 2000;
/** The results socket opens this long after the signalling socket. */
export const RESULTS_SOCKET_DELAY_MS = 1000;

export const LIVE_MESSAGES = {
  loginRequired: 'Please log in to access the posture detection feature.',
  authenticationRequiredLabel: 'Authentication Required',
  serverUnreachable: 'Error connecting to server. Please check if the server is running.',
  healthOk: 'Model status: Server reachable but model status unknown',
  healthFailed: 'Model status: Error - Failed to connect to server',
  failedAfterAttempts: `Failed to connect after ${MAX_CONNECTION_ATTEMPTS} attempts`,
  connectionError: 'Connection error',
  connectionClosed: 'Connection closed',
  notConnected: 'Not connected to server',
  calibrationNoData: 'Calibration failed - no data captured',
  calibrationUnexpected: 'Calibration failed - unexpected response',
  noPeerId: 'No peer ID available',
  cameraConnected: 'Camera connected! Step 1: Click Calibrate Posture while sitting up straight',
  // The calibrate step when a reference of record is already judged against (the active profile's, e.g. from the
  // photo calibration): "Step 1: Click Calibrate Posture" would ask for what is already done.
  cameraConnectedWithReference:
    'Camera connected! Your posture is judged against your saved calibration. To take a new one, sit up straight and click Calibrate Posture.',
  // Test Calibration before anything was calibrated: the service's calibration call would take one and report
  // "successful", a success before any calibration existed.
  testNoCalibration:
    'Test calibration: no calibration yet. Sit up straight and click Calibrate Posture first.',
  cameraStopped: 'Camera stopped',
  connectionLost: 'Connection appears to be lost. Consider reconnecting.',
  paused: 'Processing paused (tab inactive)',
  resumed: 'Processing resumed',
  qualityDegraded: 'quality degraded',
  analyzing: 'Analyzing...',
  proUpsell: 'Get unlimited access with Pro!',
  invalidEmail: 'Please enter a valid email address',
  freeTierLimit: 'Free Tier limit reached',
} as const;

export const connectionAttemptFailed = (attempt: number) =>
  `Connection attempt ${attempt}/${MAX_CONNECTION_ATTEMPTS} failed. Retrying...`;
export const cameraErrorStatus = (message: string) => `Error: ${message}`;
export const calibrationErrorStatus = (message: string) => `Calibration error: ${message}`;

/** What to do after a calibration that captured nothing. */
export const CALIBRATION_NEXT_STEP =
  'Sit upright facing the camera with your head and both shoulders in view, then click Calibrate Posture again.';

/**
 * 'Calibration failed - no data captured' with the service's reason, in the specification's form
 * ('…: {reason}'), and what to do next; the bare text when the service gave no reason.
 */
export const calibrationNoDataStatus = (reason: string | null) =>
  reason
    ? `${LIVE_MESSAGES.calibrationNoData}: ${reason}. ${CALIBRATION_NEXT_STEP}`
    : LIVE_MESSAGES.calibrationNoData;
export const testFailedStatus = (status: number | string) => `Test failed - ${status}`;
/** Test Calibration with the active profile's reference: what the posture is judged against. */
export const testAgainstReferenceStatus = (outlinePoints: number) =>
  `Test calibration: judging against the active profile's reference (${outlinePoints} outline points)`;
export const modelStatusLabel = (status: string) => `Model status: ${status}`;

/** A 401 or 403 on the model-status check also means the user must log in. */
export function isAuthStatus(status: number): boolean {
  return status === 401 || status === 403;
}

/** The e-mail capture modal (time-up): non-empty and containing '@'. */
export function validateCaptureEmail(email: string): string | null {
  return email.trim() && email.includes('@') ? null : LIVE_MESSAGES.invalidEmail;
}

export const sampleReportAlert = (email: string) => `A sample report will be sent to ${email}.`;

/** The sample report could not be sent: why, in the API's words or the network's. */
export const sampleReportFailed = (reason: string) => `The sample report could not be sent: ${reason}`;

/** The free demo's summary (core domain/live/demo-summary.ts): the time-up dialog's and the sample report's words. */
export const DEMO_SUMMARY_TEXTS = {
  heading: 'Your demo',
  duration: 'Time in the demo',
  good: 'Good posture',
  poor: 'Poor posture',
  notJudged: 'Not judged',
  issuesHeading: 'Poor posture began',
  noIssues: 'No poor posture with a named cause.',
  sending: 'Sending the sample report...',
} as const;

/** The sample-report mail: only these words and the summary's figures. */
export const SAMPLE_REPORT_MAIL = {
  subject: 'Your Posture Vision sample report',
  intro: 'Here is the summary of your free Posture Vision demo.',
  notJudgedNote: 'Posture is judged after Calibrate Posture, while your head and shoulders are in view.',
  addressNote:
    'This address was used only to send this message and was not kept. You will get no other mail from us unless you sign up.',
} as const;

/** Free Tier teaser: the Pro features it lists. */
export const PRO_FEATURES = [
  'Head-Neck-Shoulder',
  'Hand Detection',
  'Drowsiness Monitoring',
  'Detailed Reports',
  'Unlimited Time',
] as const;

/**
 * The extension popup's camera choice (an external webcam, or the laptop's camera beside the main monitor) and what
 * it says when the camera monitoring uses is gone or taken, with what to do about it.
 */
export const CAMERA_MESSAGES = {
  choice: 'Camera',
  defaultCamera: 'Default camera',
  // Browsers name cameras only to a page that may use one.
  unnamed: 'The cameras are listed by name once camera access is allowed.',
  unplugged: 'Camera unplugged: plug it back in or choose another',
  busy: 'Camera in use by another app: close it there',
} as const;

/** The camera monitoring runs with, by the name the browser gives it. */
export const cameraInUseText = (label: string) => `Camera: ${label}`;
/** The chosen camera was not connected when monitoring started, so the default one is used. */
export const cameraFallbackText = (chosen: string) =>
  `${chosen} is not connected: monitoring uses the default camera.`;
/** A camera the browser gives no name, by its place in the list. */
export const cameraNumberText = (n: number) => `Camera ${n}`;
/** The chosen camera in the list while it is not connected. */
export const cameraNotConnectedText = (label: string) => `${label} (not connected)`;

/** Why the monitor judges nothing right now (a frame's `posture_unjudged`, core analysis/seeing.ts), and what to do:
 * shown wherever posture is shown (the live tool's Detection Status, the session page, the extension's popup). That
 * time counts as not judged. */
export const UNJUDGED_TEXTS = {
  nobody: { what: 'Nobody in view', todo: 'Sit in front of the camera.' },
  shoulders_out_of_view: {
    what: 'Your shoulders are not in view',
    todo: 'Sit back or tilt the camera down so it sees your shoulders.',
  },
  looking_away: { what: 'You are looking away', todo: 'Face the screen to be judged again.' },
  too_dark: { what: 'Too dark to see you', todo: 'More light in front of you: a lamp behind the screen.' },
  too_blurred: { what: 'The picture is too blurred', todo: "Clean the lens or check the camera's focus." },
} as const;

/** One line: what the monitor cannot see and what to do, e.g. "Too dark to see you: more light in front of you…". */
export function unjudgedText(reason: keyof typeof UNJUDGED_TEXTS): string {
  const t = UNJUDGED_TEXTS[reason];
  return `${t.what}. ${t.todo}`;
}

/** What the monitor cannot see, as the second half of a posture line ("not judged — too dark to see you"). */
export function unjudgedWhat(reason: keyof typeof UNJUDGED_TEXTS): string {
  const what: string = UNJUDGED_TEXTS[reason].what;
  return what.charAt(0).toLowerCase() + what.slice(1);
}

/** The live tool's Detection Status posture line for a calibrated frame not judged. */
export const livePostureNotJudgedText = (reason: keyof typeof UNJUDGED_TEXTS) =>
  `Not judged — ${unjudgedWhat(reason)}`;

/** The popup's capture rate: frames a second from one up, else one frame every so many seconds (the empty room's
 * one frame every 3 s read "0.3333333333333333 frame/s"). */
export function captureRateText(fps: number): string {
  if (fps >= 1) return `${Math.round(fps * 10) / 10} frame/s`;
  return `1 frame every ${Math.round(10 / fps) / 10} s`;
}
