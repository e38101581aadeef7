import { DESK_DAYS_TEXTS } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import { goodShareText, localMidnight, sittingText } from './desk-days';

describe('the popup’s desk days as written', () => {
  it('writes the share as the analytics’ Good Posture Percentage, and says when nothing was monitored', () => {
    expect(goodShareText({ sessionCount: 2, goodPosturePercentage: 50, sittingTime: 0 })).toBe('50.0%');
    expect(goodShareText({ sessionCount: 1, goodPosturePercentage: 33.3, sittingTime: 0 })).toBe('33.3%');
    expect(goodShareText({ sessionCount: 0, goodPosturePercentage: null, sittingTime: null })).toBe(
      DESK_DAYS_TEXTS.noPosture,
    );
  });

  it('writes the sitting time in whole minutes, and says when nobody was seen', () => {
    expect(sittingText({ sessionCount: 1, goodPosturePercentage: 0, sittingTime: 3900 })).toBe('1 h 05 min');
    expect(sittingText({ sessionCount: 1, goodPosturePercentage: 0, sittingTime: 119 })).toBe('1 min');
    expect(sittingText({ sessionCount: 1, goodPosturePercentage: 0, sittingTime: null })).toBe(
      DESK_DAYS_TEXTS.notSeen,
    );
  });

  it('starts today at the local midnight', () => {
    const at = new Date(2026, 11, 2, 7, 30).getTime();
    expect(localMidnight(at).getTime()).toBe(new Date(2026, 11, 2).getTime());
  });
});
