import { describe, expect, it } from 'vitest';
import { countOf, formatCount, pluralNoun } from './plural';

const SESSION = { one: 'session', other: 'sessions' };

describe('plural helper', () => {
  it('uses the singular only for exactly one', () => {
    expect(countOf(1, SESSION)).toBe('1 session');
    expect(countOf(0, SESSION)).toBe('0 sessions');
    expect(countOf(2, SESSION)).toBe('2 sessions');
    expect(pluralNoun(1.5, { one: 'day', other: 'days' })).toBe('days');
  });

  it('shows integers as integers and other values with one decimal', () => {
    expect(formatCount(1)).toBe('1');
    expect(formatCount(1.0)).toBe('1');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(2.25)).toBe('2.3');
  });
});
