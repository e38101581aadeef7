// The typed message map: every runtime message is `{ target, command, payload }`, and each command names
// its payload and its answer. Handlers are maps keyed by command, so a missing handler is a type error.
import type { BatteryMode, PostureIssue, PostureStatus, UnjudgedReason } from '@posture-vision/core';
import type { Runtime } from 'webextension-polyfill';
import type { Processing } from '../offscreen/processing';
import type { Connection, Phase } from '../state/monitor-state';

export interface Result {
  ok: boolean;
  message?: string;
}

/** Commands the service worker handles (from the popup, the pages, the content script and the offscreen document). */
export interface BackgroundCommands {
  'monitor/start': { payload: undefined; answer: Result };
  'monitor/stop': { payload: undefined; answer: Result };
  /** The popup opened: answered once the stored state is true (a run the browser's restart cut off resumed). */
  'monitor/sync': { payload: undefined; answer: Result };
  'monitor/snooze': { payload: undefined; answer: Result };
  /** Ends a running snooze: alerts are on again at once. */
  'monitor/unsnooze': { payload: undefined; answer: Result };
  'monitor/recalibrate': { payload: undefined; answer: Result };
  /** The active calibration profile changed (popup): a running monitor switches to its reference. */
  'monitor/profile': { payload: undefined; answer: Result };
  /** The alert preferences were saved in the popup: a running monitor applies the battery choice at once. */
  'monitor/preferences': { payload: undefined; answer: Result };
  /** Another camera was chosen in the popup: a running monitor switches to it. */
  'monitor/camera': { payload: undefined; answer: Result };
  'camera/result': { payload: { granted: boolean; reason?: 'denied' | 'missing' }; answer: Result };
  /**
   * The web app's access token, passed on by the content script: opens the extension's own device session
   * when it has none; null means the web app signed out, and so does the extension.
   */
  'auth/handover': { payload: { handoffCode: string | null }; answer: Result };
  /** From the offscreen document: its progress. */
  'offscreen/phase': {
    payload: { phase: Phase; message?: string | null; sessionId?: string | null };
    answer: Result;
  };
  'offscreen/connection': { payload: { connection: Connection }; answer: Result };
  /** Where the video is processed now (device mode, or the fallback when the service is unreachable). */
  'offscreen/processing': { payload: { processing: Processing }; answer: Result };
  /** On battery or mains, and the battery choice in force (the popup says which). */
  'offscreen/power': { payload: { onBattery: boolean; mode: BatteryMode }; answer: Result };
  /** The camera monitoring opened, by name; `fallback` names the chosen one when it was not connected. */
  'offscreen/camera': { payload: { label: string; fallback: string | null }; answer: Result };
  /** Whether the reference no longer fits (core's stale-calibration rule). */
  'offscreen/stale': { payload: { stale: boolean }; answer: Result };
  'offscreen/posture': {
    payload: {
      posture: PostureStatus;
      issue: PostureIssue | null;
      at: number;
      captureFps: number;
      /** Why a neutral posture judged nothing (the frame's reason), said in the popup; absent from an older
       * offscreen document. */
      unjudged?: UnjudgedReason | null;
    };
    answer: Result;
  };
  /** Whether somebody is in view, from the frames monitoring already looks at (sitting and breaks). */
  'offscreen/presence': { payload: { present: boolean; at: number }; answer: Result };
  /** chrome.storage for the offscreen document, which has only chrome.runtime. */
  'storage/get': { payload: { key: string }; answer: string | null };
  'storage/set': { payload: { key: string; value: string }; answer: Result };
  'storage/remove': { payload: { key: string }; answer: Result };
}

/** Commands the offscreen document handles. */
export interface OffscreenCommands {
  /** Starts (or, with the id of a paused session, resumes) passive monitoring. */
  'offscreen/start': { payload: { sessionId: string | null }; answer: Result };
  /** Stops; with `endSession` also ends the session (the running one, else the paused one named here). */
  'offscreen/stop': { payload: { endSession: boolean; sessionId: string | null }; answer: Result };
  'offscreen/recalibrate': { payload: undefined; answer: Result };
  'offscreen/profile': { payload: undefined; answer: Result };
  /** The alert preferences changed (the battery choice). */
  'offscreen/preferences': { payload: undefined; answer: Result };
  /** The camera chosen in the popup changed. */
  'offscreen/camera': { payload: undefined; answer: Result };
  /** Plays the alert's sound (the sound style); ok once it is playing. */
  'offscreen/chime': { payload: undefined; answer: Result };
}

export interface Targets {
  background: BackgroundCommands;
  offscreen: OffscreenCommands;
}

export type Target = keyof Targets;

export interface Message<T extends Target = Target, C extends keyof Targets[T] = keyof Targets[T]> {
  target: T;
  command: C;
  payload: Targets[T][C] extends { payload: infer P } ? P : never;
}

export type Payload<T extends Target, C extends keyof Targets[T]> = Targets[T][C] extends { payload: infer P }
  ? P
  : never;
export type Answer<T extends Target, C extends keyof Targets[T]> = Targets[T][C] extends { answer: infer A }
  ? A
  : never;

export type Handlers<T extends Target> = {
  [C in keyof Targets[T]]: (payload: Payload<T, C>, sender: Runtime.MessageSender) => Promise<Answer<T, C>>;
};
