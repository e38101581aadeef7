// Insights, recommendations and trends display rules of the analytics screen.

export const DEFAULT_RECOMMENDATION_CATEGORY = 'General';

export type PriorityColour = 'red' | 'yellow' | 'green';

/** 'X PRIORITY', red for high, yellow for medium, green for anything else. */
export function priorityStyle(priority: string | null | undefined): {
  label: string;
  colour: PriorityColour;
} {
  const value = String(priority ?? '');
  const colour: PriorityColour = value === 'high' ? 'red' : value === 'medium' ? 'yellow' : 'green';
  return { label: `${value.toUpperCase()} PRIORITY`, colour };
}

export function recommendationCategory(category: string | null | undefined): string {
  return category || DEFAULT_RECOMMENDATION_CATEGORY;
}

/** camelCase keys shown as spaced words: 'averageScoreChange' → 'Average Score Change'. */
export function indicatorLabel(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Indicators that count things (sessionCount, totalSessions): whole numbers, shown as integers. The analytics screen's
 * rule gives every indicator 1 decimal, but "Session Count 1.0" reads as a measurement.
 */
const COUNT_KEY = /(Count|^total[A-Z].*)$/;

export function isCountIndicator(key: string): boolean {
  return COUNT_KEY.test(key);
}

/**
 * Indicators that are percents: a rate of change (improvementRate) is written as the trends' Improvement Summary
 * writes it (formatImprovementRate), so the same figure reads the same in both places ("+18.1%", not "18.1" above
 * "+18.1%"); a share (goodPosturePercentage) gets its % sign.
 */
const RATE_KEY = /Rate$/;
const PERCENT_KEY = /(Percentage|Percent)$/;

/** Progress-indicator numbers to 1 decimal; counts as whole numbers; rates and shares as percents. */
export function indicatorValue(value: number, key = ''): string {
  if (isCountIndicator(key)) return String(Math.round(value));
  if (RATE_KEY.test(key)) return formatImprovementRate(value);
  if (PERCENT_KEY.test(key)) return `${value.toFixed(1)}%`;
  return value.toFixed(1);
}

export function progressIndicators(indicators: Record<string, number> | null | undefined) {
  return Object.entries(indicators ?? {}).map(([key, value]) => ({
    key,
    label: indicatorLabel(key),
    value: indicatorValue(value, key),
  }));
}

/** improvementRate as a percent, with a plus sign when positive. */
export function formatImprovementRate(rate: number): string {
  const rounded = Number(rate.toFixed(1));
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** The consistency bar's width: the score out of 100, kept within 0..100. */
export function consistencyBarPercent(score: number): number {
  return Math.min(100, Math.max(0, score));
}
