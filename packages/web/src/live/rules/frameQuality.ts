// Frame quality from the gap between detection frames, and the connection watchdog (document 2, 4.1 and 9).
export type FrameQuality = 'Excellent' | 'Good' | 'Fair' | 'Poor';

export function frameQuality(gapMs: number): FrameQuality {
  if (gapMs < 100) return 'Excellent';
  if (gapMs < 200) return 'Good';
  if (gapMs < 500) return 'Fair';
  return 'Poor';
}

export const WATCHDOG_INTERVAL_MS = 5000;
export const WATCHDOG_WARNING_MS = 5000;
export const WATCHDOG_LOST_MS = 15000;

export type ConnectionHealth = 'good' | 'warning' | 'error';

/** What the watchdog concludes from the time since the last frame; null means no change. */
export function watchdogVerdict(sinceLastFrameMs: number): ConnectionHealth | null {
  if (sinceLastFrameMs > WATCHDOG_LOST_MS) return 'error';
  if (sinceLastFrameMs > WATCHDOG_WARNING_MS) return 'warning';
  return null;
}

export const CONNECTION_LABELS: Record<ConnectionHealth | 'none', string> = {
  none: 'Not connected',
  good: 'Connected',
  warning: 'Connection issues',
  error: 'Disconnected',
};
