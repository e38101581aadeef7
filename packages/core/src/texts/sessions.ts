// Real-time session and report texts.
import { type UNJUDGED_TEXTS, unjudgedWhat } from './live';

export const SESSION_MESSAGES = {
  calibrationRequired: 'Calibration required before starting session.',
  completeCalibrationFirst: 'Please complete posture calibration before starting a session.',
  invalidReportResponse: 'Invalid response format from server',
  noSessionData: 'No session data provided to generate report.',
  reportErrorTitle: 'Error Loading Report',
  /** A report's score when no feedback judged posture (not calibrated, nobody in view): a score of 70 was shown
   * for a session whose every second was not judged. Not in the specification, so worded here once. */
  notScored: 'Not scored',
  notScoredWhy: 'no posture was judged in this session',
  goToCalibration: 'Go to Calibration',
  /** The reference no longer fits (stale-calibration.ts); shown in the popup and the live tool with the
   * one-click Recalibrate. Not in the specification (a new feature), so worded here once. */
  staleCalibration:
    'Your posture has not matched your reference for several minutes: your setup may have changed. Recalibrate to take a new reference.',
  recalibrate: 'Recalibrate',
  /** A reload or a second tab finds the session still running (GET /sessions/active); not in the spec's
   * documents, so worded here once. */
  sessionStillRunning: (startedAt: string) => `A session started at ${startedAt} is still running.`,
  resumeSession: 'Resume session',
  /** Calibrate Posture or Recalibrate took a new reference, but the active profile could not keep it (the API
   * refused or was not reached): this session judges against it, the next one would not. Not in the
   * specification, so worded here once. */
  referenceNotKept: (reason: string) =>
    `Your new reference is used for this session, but your profile could not keep it: ${reason}`,
  /** The active profile's saved reference is one the live analysis refuses (taken before a rule that now refuses
   * it, e.g. a head turned to talk): nothing is judged against it, and the user is told why and what to do
   * (`next`, the host's way to a new one). Not in the specification, so worded here once. */
  savedReferenceRefused: (reason: string, next: string) =>
    `The reference saved in your profile cannot be used (${reason}). ${next}`,
  /** The session page's way to a new reference: its Recalibrate (shown once the session runs). */
  recalibrateWhenRunning: 'Sit upright facing the screen and recalibrate once the session is running.',
  endSession: 'End session',
  /** Browsers show their own text before leaving; this is what the page hands them. */
  leaveWarning: 'A session is running: leaving this page stops sending your posture to it.',
  /** A link in the app (the sidebar) clicked while a session runs: the page asks first; ended by leaving, the
   * session is kept only when some of its time was judged (the API's end with `keep: 'judged'`). Not in the
   * specification, so worded here once. */
  leaveSessionConfirm:
    'A session is running. Leave this page and end it? It is kept in your history only if some of your posture was judged.',
  /** Why this tab stopped monitoring the session it ran (domain/sessions/session-owner.ts, or the API refusing its
   * feedback as late); not in the specification, so worded here once. */
  sessionTakenOver:
    'This session continues in another tab: monitoring here has stopped. The time measured here is kept in the session.',
  sessionEndedInOtherTab: 'This session was ended in another tab.',
  sessionReplacedInOtherTab: 'A new session was started in another tab, which ended this one.',
  /** `why`: one of the texts above, or the API's words when it refused this tab's feedback. */
  monitoringStoppedHere: (why: string) =>
    `${why} Monitoring here has stopped; the time measured here is kept in the report below.`,
  /** Said on the page the user went to when leaving the session page ended its session (a link after the ask, or
   * the browser's Back): whether the session was kept (only with judged time). */
  sessionEndedByLeaving: (kept: boolean) =>
    kept
      ? 'Your session ended as you left the page. It is kept in your history.'
      : 'Your session ended as you left the page. None of it was judged, so it was not kept.',
} as const;

/** Report loads that fail for these ids show demo data instead. */
export const DEMO_REPORT_IDS: readonly string[] = ['1', '3', '4'];

export function usesDemoReport(id: string | number | null | undefined): boolean {
  return id !== null && id !== undefined && DEMO_REPORT_IDS.includes(String(id));
}

/** A session error that mentions calibration offers the 'Go to Calibration' button. */
export function mentionsCalibration(message: string): boolean {
  return /calibration/i.test(message);
}

/** The session page's posture pill: the verdict, and for a neutral one why nothing was judged: no reference yet,
 * or what the monitor cannot see (the frame's reason, "Posture: not judged — too dark to see you"; the page shows
 * what to do beside it); a producer that names no reason is taken as nobody facing the camera. */
export function postureStatusText(
  verdict: { status: 'good' | 'poor' | 'neutral'; issue: string | null },
  calibrated: boolean,
  unjudged: keyof typeof UNJUDGED_TEXTS | null = null,
): string {
  if (verdict.status === 'neutral') {
    if (!calibrated) return 'Posture: not calibrated';
    return unjudged
      ? `Posture: not judged — ${unjudgedWhat(unjudged)}`
      : 'Posture: not judged (nobody in view)';
  }
  return `Posture: ${verdict.status}${verdict.issue ? ` (${verdict.issue.replaceAll('_', ' ')})` : ''}`;
}

/** A report's judged and unjudged time in one line: time not judged (before a reference, nobody in view) is
 * neither good nor poor, and the report says how much there was. */
export function postureTimesText(
  times: { goodPostureTime: number; poorPostureTime: number; neutralPostureTime?: number | null },
  format: (seconds: number) => string,
): string {
  const base = `Good posture: ${format(times.goodPostureTime)} · Poor posture: ${format(times.poorPostureTime)}`;
  return times.neutralPostureTime ? `${base} · Not judged: ${format(times.neutralPostureTime)}` : base;
}

/** Sitting and breaks (the extension's popup, its stand-up reminder, the alert controls' setting). */
export const SITTING_MESSAGES = {
  sittingNow: 'Sitting now',
  breaksToday: 'Breaks today',
  longestToday: 'Longest stretch today',
  /** Sitting now while nobody has been in view long enough for a break. */
  onBreak: 'On a break',
  /** Sitting now while nobody is seen at the desk (monitoring off, or nobody seen yet). */
  notSeen: 'Not seen',
  /** The alert controls' setting and its Off choice. */
  standUpSetting: 'Stand-up reminder',
  standUpOff: 'Off',
  standUpChoice: (minutes: number) => `After ${minutes} min of sitting`,
  standUpTitle: 'Time to stand up',
  standUpText: (minutes: number) =>
    `You have been sitting for ${minutes} min. Stand up and move for a few minutes.`,
  standUpSnooze: (minutes: number) => `Snooze ${minutes} min`,
} as const;

/** The session report's sitting line (its Key Findings): the breaks taken and the longest sitting stretch. */
export function sessionSittingText(
  sitting: { breaks: number; longestStretch: number },
  format: (seconds: number) => string,
): string {
  return `Breaks: ${sitting.breaks} · Longest sitting stretch: ${format(sitting.longestStretch)}`;
}
