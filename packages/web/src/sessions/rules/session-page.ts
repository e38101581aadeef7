// Real-time session page rules: the session mode default and the capped
// developer log. The posture of a frame and the feedback are core's posture monitor (sessions/monitor.ts).
import { appendCapped, parseUserSettings, SESSION_LOG_CAP, type SessionMode } from '@posture-vision/core';

export const USER_SETTINGS_KEY = 'postureVisionUserSettings';
/** The mode preselected from the user settings (default active). */
export function defaultSessionMode(stored: string | null): SessionMode {
  try {
    return parseUserSettings(JSON.parse(stored ?? '{}')).defaultSessionMode;
  } catch {
    return parseUserSettings(null).defaultSessionMode;
  }
}

export function appendLog(log: readonly string[], line: string): string[] {
  return appendCapped(log, line, SESSION_LOG_CAP);
}
