// Real-time session rules (document 2, sections 3.4, 4.4, 5.3, 9): posture status from a detection frame,
// the MM:SS timer, the session mode default and the capped developer log.
import {
  appendCapped,
  classifyTilt,
  type DetectionFrame,
  isDrawableKeypoint,
  type PostureFeedback,
  type PostureStatus,
  parseUserSettings,
  SESSION_LOG_CAP,
  type SessionMode,
} from '@posture-vision/core';

export const USER_SETTINGS_KEY = 'postureVisionUserSettings';
/** Shoulders whose heights differ by more than this (normalised) count as asymmetric. */
const SHOULDER_ASYMMETRY = 0.05;

export interface PostureUpdate {
  postureStatus: PostureStatus;
  issue?: 'forward_head' | 'shoulder_asymmetry' | 'tilt';
}

/**
 * Good or poor from the vision service's deviation against the live calibration when present, else from the
 * head tilt alone; neutral while nobody is detected. A poor posture names its issue.
 */
export function postureFromFrame(frame: DetectionFrame): PostureUpdate {
  const pose = frame.hns?.poses?.[0] ?? [];
  const tilt = classifyTilt(pose);
  if (tilt === 'Analyzing...') return { postureStatus: 'neutral' };
  const temporal = frame.temporal_posture_data;
  const deviated = temporal ? temporal.is_posture_deviated : tilt !== 'Neutral';
  if (!deviated) return { postureStatus: 'good' };
  if (tilt !== 'Neutral') return { postureStatus: 'poor', issue: 'tilt' };
  const [l, r] = [pose[5], pose[6]];
  if (isDrawableKeypoint(l) && isDrawableKeypoint(r) && Math.abs(l.y - r.y) > SHOULDER_ASYMMETRY)
    return { postureStatus: 'poor', issue: 'shoulder_asymmetry' };
  return { postureStatus: 'poor', issue: 'forward_head' };
}

export function samePosture(a: PostureUpdate | null, b: PostureUpdate): boolean {
  return !!a && a.postureStatus === b.postureStatus && a.issue === b.issue;
}

export function feedbackPayload(update: PostureUpdate, frame: DetectionFrame, at: Date): PostureFeedback {
  return {
    postureStatus: update.postureStatus,
    timestamp: at.toISOString(),
    details: {
      type: 'realtime',
      ...(update.issue ? { issue: update.issue } : {}),
      ...(frame.temporal_posture_data
        ? {
            deviationLevel: frame.temporal_posture_data.deviation_level,
            confidence: frame.temporal_posture_data.confidence,
          }
        : {}),
    },
  };
}

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
