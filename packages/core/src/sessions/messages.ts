// Real-time session and report texts (document 2 sections 5.3 and 8.3).

export const SESSION_MESSAGES = {
  calibrationRequired: 'Calibration required before starting session.',
  completeCalibrationFirst: 'Please complete posture calibration before starting a session.',
  invalidReportResponse: 'Invalid response format from server',
  noSessionData: 'No session data provided to generate report.',
  reportErrorTitle: 'Error Loading Report',
  goToCalibration: 'Go to Calibration',
} as const;

/** Report loads that fail for these ids show demo data instead (document 2 section 8.3). */
export const DEMO_REPORT_IDS: readonly string[] = ['1', '3', '4'];

export function usesDemoReport(id: string | number | null | undefined): boolean {
  return id !== null && id !== undefined && DEMO_REPORT_IDS.includes(String(id));
}

/** A session error that mentions calibration offers the 'Go to Calibration' button. */
export function mentionsCalibration(message: string): boolean {
  return /calibration/i.test(message);
}
