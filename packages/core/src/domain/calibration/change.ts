// Whether a calibration's CVA differs from the last one by more than a retake can: the calibration summary tells a
// real change from measurement noise, so users can trust what it says changed.
import type { CalibrationProgressItem } from './contract';

/**
 * The smallest change in a calibration's CVA that retaking the three photos does not explain, in degrees. Measured
 * (bench/vision/repeatability.ts, bench/README.md): 20 calibrations of the same neck, upright (50°) or with its neck
 * bent forward (38°, 41°, 44°), have a smallest detectable change (1.96·√2·SD) of 1.41-3.10° in a webcam picture of a
 * room, and 3.45-6.05° in photos that show no room, whose camera roll cannot be measured (the largest: a 44° forward
 * head). 6° covers them all to the precision 20 retakes give (an SD from 20 samples is itself uncertain by about
 * 16 %). A smaller change may be noise; a larger one is real.
 */
export const CVA_DETECTABLE_CHANGE_DEG = 6;

export interface CvaChange {
  /** This calibration's CVA minus the previous one's, degrees, to one decimal (positive: the head further back). */
  delta: number;
  /** When the previous calibration was taken (ISO). */
  since: string;
  /** Whether |delta| reaches CVA_DETECTABLE_CHANGE_DEG. */
  real: boolean;
}

type Measured = Pick<CalibrationProgressItem, 'id' | 'createdAt' | 'cranialVertebralAngle'>;

/**
 * The change from the newest earlier calibration that measured a CVA, or null when this one has no CVA or there is
 * none before it (a first calibration, or earlier ones saved without an analysis).
 */
export function cvaChange(current: Measured, history: readonly Measured[]): CvaChange | null {
  const now = current.cranialVertebralAngle;
  if (now === null) return null;
  const at = Date.parse(current.createdAt);
  const previous = history
    .filter((c) => c.id !== current.id && c.cranialVertebralAngle !== null && Date.parse(c.createdAt) < at)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (!previous) return null;
  const delta = Math.round((now - (previous.cranialVertebralAngle as number)) * 10) / 10;
  return { delta, since: previous.createdAt, real: Math.abs(delta) >= CVA_DETECTABLE_CHANGE_DEG };
}

/** The summary's sentence for a change; `date` is the previous calibration's date as the page shows dates. */
export function cvaChangeText(change: CvaChange, date: string): string {
  const size = Math.abs(change.delta).toFixed(1);
  const than = `than at your calibration of ${date}`;
  if (change.delta === 0) return `Your CVA is the same as at your calibration of ${date}.`;
  const way =
    change.delta > 0
      ? `${size}° higher ${than} (the head sits further back)`
      : `${size}° lower ${than} (the head sits further forward)`;
  return change.real
    ? `Your CVA is ${way}: more than the ${CVA_DETECTABLE_CHANGE_DEG}° a retake can vary by, so a real change.`
    : `Your CVA is ${way}: within the ${CVA_DETECTABLE_CHANGE_DEG}° a retake can vary by, so not a real change yet.`;
}
