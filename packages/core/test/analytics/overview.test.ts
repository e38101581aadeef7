import { describe, expect, it } from 'vitest';
import {
  calibrationBadge,
  calibrationCardStatus,
  calibrationExpiryText,
  initialScoreLabel,
  newestFinishedSession,
  sessionScoreLabel,
  stabilityLabel,
} from '../../src/analytics';

describe('dashboard status mapping', () => {
  it('calibration card and badge', () => {
    expect(calibrationCardStatus(true)).toEqual({ value: 'Active', label: 'Good' });
    expect(calibrationCardStatus(false)).toEqual({ value: 'Needs Calibration', label: 'Action Required' });
    expect([calibrationBadge(true), calibrationBadge(false)]).toEqual(['Calibrated', 'Needs Calibration']);
  });

  it.each([
    [76, 'Good'],
    [75, 'Needs Improvement'],
    [10, 'Needs Improvement'],
  ])('session score %i → %s', (score, label) => {
    expect(sessionScoreLabel(score)).toBe(label);
  });

  it.each([
    [71, 'Stable'],
    [70, 'Improving'],
  ])('stability %i → %s', (v, label) => {
    expect(stabilityLabel(v)).toBe(label);
  });

  it.each([
    [75.5, 'Good Alignment'],
    [75, 'Needs Work'],
  ])('initial score %f → %s', (v, label) => {
    expect(initialScoreLabel(v)).toBe(label);
  });

  it('shows the days until the calibration expires, "never" included', () => {
    expect(calibrationExpiryText(true, 12)).toBe('Expires in 12 days');
    expect(calibrationExpiryText(true, 1)).toBe('Expires in 1 day');
    expect(calibrationExpiryText(true, null)).toBe('Never expires');
    expect(calibrationExpiryText(false, 0)).toBe('Calibration expired');
    expect(calibrationExpiryText(false, null)).toBe('');
  });

  it('reads the newest finished session, not the one still running', () => {
    const running = { id: 'passive', endTime: null, averagePostureScore: null };
    const done = { id: 'done', endTime: '2026-11-24T09:00:00Z', averagePostureScore: 81 };
    expect(newestFinishedSession([running, done])?.id).toBe('done');
    expect(newestFinishedSession([running])).toBeUndefined();
    expect(newestFinishedSession([{ id: 'old', averagePostureScore: 70 }])?.id).toBe('old');
  });
});
