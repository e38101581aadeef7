// The camera is off while the machine is idle or locked (chrome.idle) and comes back with the user.
import type { Phase } from '../state/monitor-state';

export type IdleState = 'active' | 'idle' | 'locked';

/** Seconds without input after which chrome.idle reports 'idle'. */
export const IDLE_DETECTION_SECONDS = 300;

const CAPTURING: Phase[] = ['starting', 'calibrating', 'monitoring'];

/** What an idle-state change means for monitoring in a phase: pause, resume or nothing. */
export function onIdleChange(idle: IdleState, phase: Phase): 'pause' | 'resume' | null {
  if (idle !== 'active') return CAPTURING.includes(phase) ? 'pause' : null;
  return phase === 'paused' ? 'resume' : null;
}
