import { describe, expect, it } from 'vitest';
import { debugRequested } from '../../src/ui/debug-flag';

describe('debug mode behind a URL flag', () => {
  it('is requested only by ?debug, ?debug=1 or ?debug=true', () => {
    expect(debugRequested('')).toBe(false);
    expect(debugRequested('?tab=1')).toBe(false);
    expect(debugRequested('?debug=0')).toBe(false);
    expect(debugRequested('?debug')).toBe(true);
    expect(debugRequested('?debug=1')).toBe(true);
    expect(debugRequested('?x=2&debug=true')).toBe(true);
  });
});
