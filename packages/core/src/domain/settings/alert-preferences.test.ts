import { describe, expect, it } from 'vitest';
import {
  countsAsPoor,
  DEFAULT_ALERT_PREFERENCES,
  normalizeAlertPreferences,
  parseAlertPreferences,
} from './alert-preferences';

describe('alert preferences', () => {
  it('counts deviations as poor posture from the level the sensitivity names', () => {
    expect(countsAsPoor('mild', 'high')).toBe(true);
    expect(countsAsPoor('mild', 'medium')).toBe(false);
    expect(countsAsPoor('moderate', 'medium')).toBe(true);
    expect(countsAsPoor('moderate', 'low')).toBe(false);
    expect(countsAsPoor('severe', 'low')).toBe(true);
  });

  it('keeps the delay within 0-60 s and falls back to the defaults on bad input', () => {
    expect(normalizeAlertPreferences({ sensitivity: 'low', warningDelaySeconds: 75 })).toEqual({
      sensitivity: 'low',
      warningDelaySeconds: 60,
    });
    expect(normalizeAlertPreferences({ sensitivity: 'extreme', warningDelaySeconds: -3 })).toEqual({
      sensitivity: 'high',
      warningDelaySeconds: 0,
    });
    expect(parseAlertPreferences('{not json')).toEqual(DEFAULT_ALERT_PREFERENCES);
    expect(parseAlertPreferences(null)).toEqual(DEFAULT_ALERT_PREFERENCES);
    expect(parseAlertPreferences('{"warningDelaySeconds":"12.4"}').warningDelaySeconds).toBe(12);
  });
});
