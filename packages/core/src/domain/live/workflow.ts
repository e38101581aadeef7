// The live tool's workflow steps.

export type WorkflowStep = 'start' | 'calibrate' | 'active' | 'complete';

export type WorkflowEvent =
  | { type: 'resultsOpened' }
  | { type: 'calibrated' }
  | { type: 'activeModeOn' }
  | { type: 'activeModeOff'; calibrated: boolean }
  | { type: 'stopped' };

export function nextWorkflowStep(step: WorkflowStep, event: WorkflowEvent): WorkflowStep {
  switch (event.type) {
    case 'resultsOpened':
      return step === 'start' ? 'calibrate' : step;
    case 'calibrated':
      return 'active';
    case 'activeModeOn':
      return 'complete';
    case 'activeModeOff':
      return event.calibrated ? 'active' : 'calibrate';
    case 'stopped':
      return 'start';
  }
}

export const PEER_ID_MIN = 100000;
export const PEER_ID_MAX = 999999;

/** A random 6-digit peer id, 100000 to 999999. */
export function randomPeerId(random: () => number = Math.random): string {
  return String(PEER_ID_MIN + Math.floor(random() * (PEER_ID_MAX - PEER_ID_MIN + 1)));
}

export function isValidPeerId(id: string): boolean {
  return /^\d{6}$/.test(id) && Number(id) >= PEER_ID_MIN;
}
