// What the photo calibration wizard hands the overview when the user goes on from its completion card, so the
// new calibration's score, and its assessment notes, are visible where the wizard lands.

export interface NewCalibration {
  /** The photo analysis' overall score, rounded as the completion card shows it. */
  calibratedScore: number | null;
  /** The analysis' assessment notes (uneven shoulders, head tilt, forward head), as the card listed them. */
  calibrationNotes: string[];
}

/** The wizard's hand-over from a location state, or null when the overview was reached another way. */
export function newCalibrationOf(state: unknown): NewCalibration | null {
  if (!state || typeof state !== 'object') return null;
  const { calibratedScore, calibrationNotes } = state as Partial<Record<keyof NewCalibration, unknown>>;
  if (typeof calibratedScore !== 'number' || !Number.isFinite(calibratedScore)) return null;
  const notes = Array.isArray(calibrationNotes)
    ? calibrationNotes.filter((n): n is string => typeof n === 'string' && n.length > 0)
    : [];
  return { calibratedScore, calibrationNotes: notes };
}
