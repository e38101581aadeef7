// Processing-error thresholds of the live tool: more than 5 degrades quality and turns debug
// on; more than 10 resets the counter.

export const PROCESSING_ERROR_DEGRADED = 5;
export const PROCESSING_ERROR_RESET = 10;

export interface ProcessingErrorStep {
  count: number;
  degraded: boolean;
  enableDebug: boolean;
}

export function recordProcessingError(count: number): ProcessingErrorStep {
  const next = count + 1;
  if (next > PROCESSING_ERROR_RESET) return { count: 0, degraded: false, enableDebug: false };
  const degraded = next > PROCESSING_ERROR_DEGRADED;
  return { count: next, degraded, enableDebug: degraded };
}
