import { describe, expect, it } from 'vitest';
import {
  calibrationBadge,
  calibrationCardStatus,
  DASHBOARD_DAYS,
  initialScoreLabel,
  sessionScoreLabel,
  stabilityLabel,
} from '../../src/analytics/index';

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

  it('shows 7 days', () => {
    expect(DASHBOARD_DAYS).toBe(7);
  });
});
