// What a server may store: PostgreSQL refuses some text and JSON that JavaScript happily carries, and the
// refusal surfaces as a 500. These rules let every server refuse such input up front with a 400.

/**
 * Deepest nesting accepted in a JSON value (objects and arrays), counted from the body itself (depth 1).
 * Feedback `details`, photo `metadata` and `mlAnalysis` are a few levels deep; 32 leaves ample room while
 * keeping every recursive walk (ours, the JSON encoder, PostgreSQL's jsonb input) far from its stack limit.
 */
export const MAX_JSON_DEPTH = 32;

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired UTF-16 surrogates.';
export const TOO_DEEP_MESSAGE = `JSON must not be nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** PostgreSQL text and jsonb reject U+0000; jsonb rejects `\uD800`-style escapes of unpaired surrogates. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

export interface StorableProblem {
  /** Dotted path of the offending value ('' for the root). */
  path: string;
  message: string;
}

/**
 * The first reason a parsed JSON value (a request body, query or params) cannot be stored, or null.
 * Walks iteratively, so a hostile depth cannot overflow the stack here either.
 */
export function unstorableIn(value: unknown, maxDepth = MAX_JSON_DEPTH): StorableProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    const v = item.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return { path: item.path, message: UNSTORABLE_TEXT_MESSAGE };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return { path: item.path, message: TOO_DEEP_MESSAGE };
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((x, i) => [String(i), x])
      : Object.entries(v as Record<string, unknown>);
    for (const [key, child] of entries) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (!isStorableText(key)) return { path, message: UNSTORABLE_TEXT_MESSAGE };
      stack.push({ value: child, path, depth });
    }
  }
  return null;
}

/**
 * A calendar date `YYYY-MM-DD` that exists and that PostgreSQL's date and timestamptz types accept in this
 * form: years 0001–9999 (there is no year 0 in `YYYY` form), real month lengths (2024-02-31 is refused).
 */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}
