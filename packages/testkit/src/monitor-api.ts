// The API as the session monitor calls it (core sessions/monitor.ts, MonitorApi), answered in process: a calibration
// active (or none), a session started, and each call and feedback handed to the test.
import type { MonitorApi, PostureFeedback } from '@posture-vision/core';

/** The active calibration the status answers with. */
export const ACTIVE_CALIBRATION = {
  id: 'cal-7',
  createdAt: '2026-11-20T10:00:00Z',
  initialPostureScore: 80,
  cranialVertebralAngle: 51.5,
  forwardHeadDistance: 70,
  shoulderTiltAngle: 1,
  headTiltAngle: 1,
  assessmentNotes: null,
  mlProcessed: true,
};

/** `active`: whether the user has an active calibration now (always, by default); `onCall`: 'start <mode>
 * <calibrationId>' and 'end <id>' as they happen; `onFeedback`: every posture feedback sent. */
export function monitorApi(o: {
  onFeedback(payload: PostureFeedback): void;
  onCall?(call: string): void;
  active?(): boolean;
}): MonitorApi {
  return {
    calibration: {
      statusDetailed: async () => ({
        success: true,
        data:
          (o.active?.() ?? true)
            ? {
                hasActive: true,
                needsRecalibration: false,
                calibration: ACTIVE_CALIBRATION,
                daysUntilExpiry: 20,
              }
            : { hasActive: false, needsRecalibration: true, calibration: null, daysUntilExpiry: null },
      }),
    },
    sessions: {
      start: async (payload) => {
        o.onCall?.(`start ${payload.mode} ${payload.calibrationId}`);
        return { success: true, data: { id: 'session-1' } };
      },
      feedback: async (_id, payload) => void o.onFeedback(payload),
      end: async (id) => {
        o.onCall?.(`end ${id}`);
        return { success: true };
      },
    },
  };
}
