import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, DASHBOARD_MESSAGES } from '../../src/analytics';
import {
  DEMO_REPORT_IDS,
  mentionsCalibration,
  postureStatusText,
  postureTimesText,
  SESSION_MESSAGES,
  usesDemoReport,
} from '../../src/sessions';

describe('session texts', () => {
  it.each([
    [SESSION_MESSAGES.calibrationRequired, 'Calibration required before starting session.'],
    [
      SESSION_MESSAGES.completeCalibrationFirst,
      'Please complete posture calibration before starting a session.',
    ],
    [SESSION_MESSAGES.invalidReportResponse, 'Invalid response format from server'],
    [SESSION_MESSAGES.noSessionData, 'No session data provided to generate report.'],
    [SESSION_MESSAGES.reportErrorTitle, 'Error Loading Report'],
    [SESSION_MESSAGES.goToCalibration, 'Go to Calibration'],
    [
      SESSION_MESSAGES.staleCalibration,
      'Your posture has not matched your reference for several minutes: your setup may have changed. Recalibrate to take a new reference.',
    ],
    [SESSION_MESSAGES.recalibrate, 'Recalibrate'],
    [
      SESSION_MESSAGES.leaveSessionConfirm,
      'A session is running. Leave this page and end it? It is kept in your history only if some of your posture was judged.',
    ],
    [
      SESSION_MESSAGES.sessionTakenOver,
      'This session continues in another tab: monitoring here has stopped. The time measured here is kept in the session.',
    ],
    [
      SESSION_MESSAGES.monitoringStoppedHere(SESSION_MESSAGES.sessionEndedInOtherTab),
      'This session was ended in another tab. Monitoring here has stopped; the time measured here is kept in the report below.',
    ],
    [
      SESSION_MESSAGES.sessionEndedByLeaving(true),
      'Your session ended as you left the page. It is kept in your history.',
    ],
    [
      SESSION_MESSAGES.sessionEndedByLeaving(false),
      'Your session ended as you left the page. None of it was judged, so it was not kept.',
    ],
    [
      SESSION_MESSAGES.monitoringStoppedHere(SESSION_MESSAGES.sessionReplacedInOtherTab),
      'A new session was started in another tab, which ended this one. Monitoring here has stopped; the time measured here is kept in the report below.',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('demo report for ids 1, 3 and 4 only', () => {
    expect(DEMO_REPORT_IDS).toEqual(['1', '3', '4']);
    expect([1, 2, 3, 4, 5].map(usesDemoReport)).toEqual([true, false, true, true, false]);
    expect(usesDemoReport(null)).toBe(false);
  });

  it('calibration errors offer the calibration button', () => {
    expect(mentionsCalibration('Calibration required before starting session.')).toBe(true);
    expect(mentionsCalibration('Server error')).toBe(false);
  });
});

describe('the posture pill and the judged time', () => {
  it('says why nothing was judged: no reference yet, or nobody facing the camera', () => {
    expect(postureStatusText({ status: 'neutral', issue: null }, false)).toBe('Posture: not calibrated');
    expect(postureStatusText({ status: 'neutral', issue: null }, true)).toBe(
      'Posture: not judged (nobody in view)',
    );
    expect(postureStatusText({ status: 'good', issue: null }, true)).toBe('Posture: good');
    expect(postureStatusText({ status: 'neutral', issue: null }, true, 'too_dark')).toBe(
      'Posture: not judged — too dark to see you',
    );
    expect(postureStatusText({ status: 'neutral', issue: null }, true, 'looking_away')).toBe(
      'Posture: not judged — you are looking away',
    );
    // Before a reference the reason does not matter: nothing could be judged anyway.
    expect(postureStatusText({ status: 'neutral', issue: null }, false, 'too_dark')).toBe(
      'Posture: not calibrated',
    );
    // A reason on a judged verdict is not said.
    expect(postureStatusText({ status: 'good', issue: null }, true, 'too_dark')).toBe('Posture: good');
    expect(postureStatusText({ status: 'poor', issue: 'forward_head' }, true)).toBe(
      'Posture: poor (forward head)',
    );
  });

  it('names the time not judged beside good and poor, and leaves it out when there was none', () => {
    const s = (n: number) => `${n} s`;
    expect(postureTimesText({ goodPostureTime: 30, poorPostureTime: 12, neutralPostureTime: 18 }, s)).toBe(
      'Good posture: 30 s · Poor posture: 12 s · Not judged: 18 s',
    );
    expect(postureTimesText({ goodPostureTime: 30, poorPostureTime: 12, neutralPostureTime: 0 }, s)).toBe(
      'Good posture: 30 s · Poor posture: 12 s',
    );
  });
});

describe('dashboard and analytics texts', () => {
  it.each([
    [DASHBOARD_MESSAGES.loadError, 'Error Loading Dashboard'],
    [DASHBOARD_MESSAGES.authenticationRequired, 'Authentication Required'],
    [DASHBOARD_MESSAGES.goToLogin, 'Go to Login'],
    [DASHBOARD_MESSAGES.retry, 'Retry'],
    [ANALYTICS_MESSAGES.title, 'Posture Analytics'],
    [ANALYTICS_MESSAGES.loading, 'Loading analytics data...'],
    [ANALYTICS_MESSAGES.loadError, 'Error Loading Analytics'],
    [ANALYTICS_MESSAGES.trendsUnavailable, 'Posture trends not available'],
    [ANALYTICS_MESSAGES.recommendationsUnavailable, 'Recommendations not available'],
    [ANALYTICS_MESSAGES.insightsUnavailable, 'Session insights not available'],
    [ANALYTICS_MESSAGES.noScoreData, 'No posture score data available for selected filters.'],
    [ANALYTICS_MESSAGES.noCvaData, 'No CVA data available for selected filters.'],
    [ANALYTICS_MESSAGES.noSessions, 'No sessions found matching your filters.'],
    [ANALYTICS_MESSAGES.scoreChartTitle, 'Posture Score Over Time'],
    [ANALYTICS_MESSAGES.scoreChartLabel, 'Posture Score'],
    [ANALYTICS_MESSAGES.cvaChartTitle, 'CVA Over Time'],
    [ANALYTICS_MESSAGES.cvaChartLabel, 'CVA Angle (°)'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
