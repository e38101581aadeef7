import { describe, expect, it } from 'vitest';
import { FROM_EXTENSION, FROM_WEB_APP, isFromExtension, isFromWebApp } from '../../src/extension-bridge';

describe('the web app ↔ extension messages', () => {
  it('tells each side’s messages apart by their source', () => {
    const announce = { source: FROM_EXTENSION, type: 'announce', version: '1.0.0' };
    const session = { source: FROM_WEB_APP, type: 'session', handoffCode: null };
    expect(isFromExtension(announce)).toBe(true);
    expect(isFromWebApp(announce)).toBe(false);
    expect(isFromWebApp(session)).toBe(true);
    expect(isFromExtension(session)).toBe(false);
  });

  it('ignores anything else a page posts', () => {
    for (const data of [null, 'posture-vision-web', 42, {}, { source: 'other' }]) {
      expect(isFromExtension(data)).toBe(false);
      expect(isFromWebApp(data)).toBe(false);
    }
  });
});
