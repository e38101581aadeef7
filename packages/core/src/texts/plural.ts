// Counts shown to people: "1 session", "2 sessions", never "1 sessions" or "Session Count 1.0".
// English plural categories come from Intl.PluralRules (one / other), so the rule is the platform's, not ours.

const RULES = new Intl.PluralRules('en-US');
const INTEGER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** One decimal is what every fractional figure in the app is shown with (scores, minutes, CVA). */
const DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export interface Noun {
  one: string;
  other: string;
}

/** A number as people read it: integers without a decimal part, other values with one decimal. */
export function formatCount(value: number): string {
  return Number.isInteger(value) ? INTEGER.format(value) : DECIMAL.format(value);
}

/** The noun form for this count ("session" for 1, "sessions" for 0, 2 or 1.5). */
export function pluralNoun(count: number, noun: Noun): string {
  // Intl.PluralRules selects 'one' only for exactly 1 in English; a fractional count is 'other'.
  return RULES.select(count) === 'one' ? noun.one : noun.other;
}

/** "1 session", "3 sessions", "1.5 days". */
export function countOf(count: number, noun: Noun): string {
  return `${formatCount(count)} ${pluralNoun(count, noun)}`;
}
