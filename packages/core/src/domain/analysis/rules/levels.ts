// Levels of a measure against its three thresholds, shared by every rule family.
import type { DeviationLevel } from '../../detection/frame';

export interface Levels {
  mild: number;
  moderate: number;
  severe: number;
}

/** The level a value reaches (null below mild). */
export function levelOf(value: number, t: Levels): DeviationLevel | null {
  return value >= t.severe ? 'severe' : value >= t.moderate ? 'moderate' : value >= t.mild ? 'mild' : null;
}

export const LEVEL_RANK: Record<DeviationLevel, number> = { mild: 1, moderate: 2, severe: 3 };

export function worstLevel(levels: readonly (DeviationLevel | null)[]): DeviationLevel | null {
  let out: DeviationLevel | null = null;
  for (const l of levels) if (l && (!out || LEVEL_RANK[l] > LEVEL_RANK[out])) out = l;
  return out;
}
