// The popup reads the stored state directly and follows its changes; commands go to the service worker.
import { type SittingState, STORAGE_KEYS } from '@posture-vision/core';
import { useEffect, useState } from 'react';
import { send } from '../messaging/runtime';
import { type AlertState, INITIAL_ALERT_STATE } from '../rules/alert-timing';
import { type DailyStats, statsForToday } from '../rules/daily-stats';
import {
  type Account,
  type CameraPermission,
  INITIAL_MONITOR_STATE,
  KEYS,
  type MonitorState,
} from '../state/monitor-state';

export interface ExtensionState {
  monitor: MonitorState;
  alerts: AlertState;
  stats: DailyStats;
  camera: CameraPermission;
  signedIn: boolean;
  account: Account | null;
  /** Sitting and breaks as the service worker last stored them (core's sittingFigures reads them as of a time). */
  sitting: SittingState | null;
  /** When this was read: the popup's figures are as of then at least. */
  readAt: number;
}

async function read(): Promise<ExtensionState> {
  const values = await chrome.storage.local.get([
    KEYS.monitor,
    KEYS.alerts,
    KEYS.stats,
    KEYS.camera,
    KEYS.account,
    KEYS.sitting,
    STORAGE_KEYS.token,
  ]);
  const signedIn = typeof values[STORAGE_KEYS.token] === 'string';
  return {
    monitor: (values[KEYS.monitor] as MonitorState | undefined) ?? INITIAL_MONITOR_STATE,
    alerts: (values[KEYS.alerts] as AlertState | undefined) ?? INITIAL_ALERT_STATE,
    stats: statsForToday(values[KEYS.stats] as DailyStats | undefined, Date.now()),
    camera: (values[KEYS.camera] as CameraPermission | undefined) ?? 'unknown',
    signedIn,
    // Only while signed in: after sign-out nothing of the previous account is shown.
    account: signedIn ? ((values[KEYS.account] as Account | undefined) ?? null) : null,
    sitting: (values[KEYS.sitting] as SittingState | undefined) ?? null,
    readAt: Date.now(),
  };
}

export function useExtensionState(): ExtensionState | null {
  const [state, setState] = useState<ExtensionState | null>(null);
  useEffect(() => {
    const refresh = () => void read().then(setState);
    refresh();
    chrome.storage.local.onChanged.addListener(refresh);
    // Wakes the service worker, which resumes a run the browser's restart cut off (the stored state would
    // otherwise still say Calibrating or Monitoring with nothing running); the change then comes through storage.
    void send('background', 'monitor/sync', undefined).catch(() => undefined);
    return () => chrome.storage.local.onChanged.removeListener(refresh);
  }, []);
  return state;
}
