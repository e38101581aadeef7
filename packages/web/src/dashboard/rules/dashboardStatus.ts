// Section 4.8 (dashboard status mapping) and section 9 (dashboard thresholds).
// Kept here until core exports its dashboard derivations.

export interface CardStatus {
  value: string;
  label: string;
  good: boolean;
}

export function calibrationCardStatus(hasActive: boolean): CardStatus {
  return hasActive
    ? { value: 'Active', label: 'Good', good: true }
    : { value: 'Needs Calibration', label: 'Action Required', good: false };
}

export function sessionScoreStatus(score: number): string {
  return score > 75 ? 'Good' : 'Needs Improvement';
}

export function stabilityStatus(stabilityIndex: number): string {
  return stabilityIndex > 70 ? 'Stable' : 'Improving';
}

export function initialPostureStatus(score: number): string {
  return score > 75 ? 'Good Alignment' : 'Needs Work';
}
