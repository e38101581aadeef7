// Everything the extension remembers lives in chrome.storage.local under these keys: the service worker
// is stopped after ~30 s idle and keeps nothing in globals.
import type { PostureIssue, PostureStatus, SittingState, UnjudgedReason } from '@posture-vision/core';
import type { Processing } from '../offscreen/processing';
import type { AlertState } from '../rules/alert-timing';
import type { PowerState } from '../rules/battery';
import type { DailyStats } from '../rules/daily-stats';

/** Connection indicator texts (the live tool's). */
export type Connection = 'Not connected' | 'Connected' | 'Connection issues' | 'Disconnected';

export type Phase =
  /** Not monitoring. */
  | 'stopped'
  /** Camera, session and live link are being set up. */
  | 'starting'
  /** Connected; the reference posture is being taken from the first seconds. */
  | 'calibrating'
  | 'monitoring'
  /** The machine is idle or locked: camera off, session kept. */
  | 'paused'
  /** Monitoring could not start or stopped on an error (see `message`). */
  | 'error';

export type CameraPermission = 'unknown' | 'granted' | 'denied' | 'missing';

export interface MonitorState {
  phase: Phase;
  connection: Connection;
  posture: PostureStatus;
  /** What a poor posture is about (the verdict's issue), named in the popup; null otherwise. Absent in a state
   * stored before it was kept. */
  issue?: PostureIssue | null;
  /** Why a neutral posture judged nothing (too dark, nobody in view…), said in the popup with what to do; null
   * when judged or not said. Absent in a state stored before it was kept. */
  unjudged?: UnjudgedReason | null;
  /** The alert standing for this stretch of poor posture (its text), shown by the badge; null once posture is not
   * poor, and in the styles that do not mark the badge. */
  alert?: string | null;
  /** The stand-up reminder standing (its text), shown by the badge until a break or its snooze; null otherwise, and
   * in the style that does not mark the badge. */
  standUp?: string | null;
  /** When the posture above was seen. */
  postureAt: number | null;
  sessionId: string | null;
  /** The current capture rate in frames per second (0 while not capturing). */
  captureFps: number;
  /** A hint or an error for the popup. */
  message: string | null;
  /** Where the video is processed while monitoring. */
  processing: Processing;
  /** The reference no longer fits (core's stale-calibration rule): the popup offers Recalibrate. */
  stale?: boolean;
  /** The camera monitoring runs with, by name, and the chosen one's name when it was not connected (the default
   * camera opened instead); null while no camera is open. */
  camera?: { label: string; fallback: string | null } | null;
  /** On battery or mains, with the battery choice in force, as the offscreen document last read it; null while
   * nothing runs. */
  power?: PowerState | null;
}

export const INITIAL_MONITOR_STATE: MonitorState = {
  phase: 'stopped',
  connection: 'Not connected',
  posture: 'neutral',
  issue: null,
  unjudged: null,
  alert: null,
  standUp: null,
  postureAt: null,
  sessionId: null,
  captureFps: 0,
  message: null,
  processing: 'server',
  camera: null,
  power: null,
};

/** chrome.storage.local keys. The token keys are core's (`token`, `refresh_token`). */
export const KEYS = {
  monitor: 'monitor',
  account: 'account',
  alerts: 'alerts',
  stats: 'stats',
  camera: 'camera',
  /** Sitting and breaks (core sessions/sitting.ts), from the presence the offscreen document reports. */
  sitting: 'sitting',
} as const;

/** Who the extension is signed in as, for the popup (read from GET /profile at sign-in). */
export interface Account {
  email: string;
  name: string;
  /** The profile picture's address, when the user has one (the popup shows it instead of the initial). */
  picture?: string | null;
}

export interface StoredValues {
  monitor: MonitorState;
  account: Account;
  alerts: AlertState;
  stats: DailyStats;
  camera: CameraPermission;
  sitting: SittingState;
}
