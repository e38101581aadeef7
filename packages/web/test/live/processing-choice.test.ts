// The live tool's remembered "Process video on this computer" choice (the browser test drives the switch).
import { PROCESSING_STORAGE_KEY } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import { readProcessingChoice, rememberProcessingChoice } from '../../src/live/processing-choice.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('processing choice', () => {
  it('is the server until this computer is chosen, and reads back what was remembered', () => {
    const storage = memoryStorage();
    expect(readProcessingChoice(storage)).toBe('server');
    rememberProcessingChoice('device', storage);
    expect(storage.items.get(PROCESSING_STORAGE_KEY)).toBe('device');
    expect(readProcessingChoice(storage)).toBe('device');
    rememberProcessingChoice('server', storage);
    expect(readProcessingChoice(storage)).toBe('server');
  });

  it('falls back to the server when storage is refused, and does not throw when it cannot remember', () => {
    const refused = {
      getItem: (): string | null => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readProcessingChoice(refused)).toBe('server');
    expect(() => rememberProcessingChoice('device', refused)).not.toThrow();
  });
});
