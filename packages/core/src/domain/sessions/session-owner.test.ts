import { describe, expect, it } from 'vitest';
import { sessionLoss } from './session-owner';

describe('one owner of a running session across tabs', () => {
  const claim = (sessionId: string, tab = 'b') => ({ type: 'claim', sessionId, tab });
  const ended = (sessionId: string, tab = 'b') => ({ type: 'ended', sessionId, tab });

  it('another tab resuming the session takes it over; starting another one replaces it; ending it ends it', () => {
    expect(sessionLoss('s1', 'a', claim('s1'))).toBe('taken-over');
    expect(sessionLoss('s1', 'a', claim('s2'))).toBe('replaced');
    expect(sessionLoss('s1', 'a', ended('s1'))).toBe('ended');
  });

  it('is nothing to a tab running nothing, to its own messages, to another session ended, or to noise', () => {
    expect(sessionLoss(null, 'a', claim('s1'))).toBeNull();
    expect(sessionLoss('s1', 'a', claim('s1', 'a'))).toBeNull();
    expect(sessionLoss('s1', 'a', ended('s0'))).toBeNull();
    expect(sessionLoss('s1', 'a', { type: 'claim', sessionId: 1, tab: 'b' })).toBeNull();
    expect(sessionLoss('s1', 'a', 'claim')).toBeNull();
  });
});
