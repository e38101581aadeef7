// Real-time session page rules: the session mode default and the capped developer log.
import { describe, expect, it } from 'vitest';
import { appendLog, defaultSessionMode } from '../../src/sessions/rules/session-page.ts';

// The posture of a frame and its feedback are core's posture monitor (core/test/sessions/monitor.test.ts).
describe('session page rules', () => {
  it('takes the default mode from the stored settings', () => {
    expect(defaultSessionMode('{"defaultSessionMode":"sideways"}')).toBe('active');
    expect(defaultSessionMode(null)).toBe('active');
    expect(defaultSessionMode('{"defaultSessionMode":"passive"}')).toBe('passive');
    expect(defaultSessionMode('not json')).toBe('active');
  });
  it('keeps the last 500 log lines', () => {
    let log: string[] = [];
    for (let i = 0; i < 500 + 5; i++) log = appendLog(log, `line ${i}`);
    expect(log).toHaveLength(500);
    expect(log[0]).toBe('line 5');
  });
});
