// Connection indicator and the frame watchdog.

export type ConnectionIndicator = 'good' | 'warning' | 'error';

export const CONNECTION_LABELS: Record<ConnectionIndicator, string> = {
  good: 'Connected',
  warning: 'Connection issues',
  error: 'Disconnected',
};
/** The indicator's text before any connection. */
export const NOT_CONNECTED_LABEL = 'Not connected';

export const WATCHDOG_INTERVAL_MS = 5000;
export const WATCHDOG_WARNING_MS = 5000;
export const WATCHDOG_LOST_MS = 15_000;

/** No frame for more than 15 s: error (lost); more than 5 s: warning; else good. */
export function watchdogIndicator(msSinceLastFrame: number): ConnectionIndicator {
  if (msSinceLastFrame > WATCHDOG_LOST_MS) return 'error';
  if (msSinceLastFrame > WATCHDOG_WARNING_MS) return 'warning';
  return 'good';
}

/** The peer link's state: disconnected or failed gives warning; connected or completed gives good. */
export function peerStateIndicator(state: string): ConnectionIndicator | null {
  if (state === 'disconnected' || state === 'failed') return 'warning';
  if (state === 'connected' || state === 'completed') return 'good';
  return null;
}
