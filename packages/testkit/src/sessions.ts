// A session as the API's history lists it (core's sessions contract), for tests of what the screens derive
// from history: a finished 10-minute active session scoring 80, with the given fields instead.
import type { SessionHistoryItem } from '@posture-vision/core/sessions';

export function sessionHistoryItem(
  fields: Partial<SessionHistoryItem> & Pick<SessionHistoryItem, 'id' | 'createdAt'>,
): SessionHistoryItem {
  return {
    mode: 'active',
    startTime: fields.createdAt,
    endTime: null,
    duration: 600,
    averagePostureScore: 80,
    averageScore: 80,
    averageCVAngle: 50,
    stabilityIndex: null,
    goodPostureTime: null,
    neutralPostureTime: null,
    poorPostureTime: null,
    calibrationId: null,
    ...fields,
  };
}
