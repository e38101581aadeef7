import { BATTERY_MESSAGES, BATTERY_RATES, MONITOR_RATES } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import { batteryStatusText, pausedForBattery, ratesFor } from './battery';

describe('the battery choice in force', () => {
  it('watches more slowly only on battery with the slower watch chosen', () => {
    expect(ratesFor({ onBattery: true, mode: 'slower' })).toBe(BATTERY_RATES);
    expect(ratesFor({ onBattery: false, mode: 'slower' })).toBe(MONITOR_RATES);
    expect(ratesFor({ onBattery: true, mode: 'usual' })).toBe(MONITOR_RATES);
    // Before the power source was read: as usual.
    expect(ratesFor(null)).toBe(MONITOR_RATES);
  });

  it('pauses only on battery with the pause chosen; mains resumes', () => {
    expect(pausedForBattery({ onBattery: true, mode: 'pause' })).toBe(true);
    expect(pausedForBattery({ onBattery: false, mode: 'pause' })).toBe(false);
    expect(pausedForBattery({ onBattery: true, mode: 'slower' })).toBe(false);
    expect(pausedForBattery(null)).toBe(false);
  });

  it('says which choice is in force on battery, and nothing on mains', () => {
    expect(batteryStatusText({ onBattery: true, mode: 'usual' })).toBe(BATTERY_MESSAGES.usual);
    expect(batteryStatusText({ onBattery: true, mode: 'slower' })).toBe(
      'On battery: watching more slowly to save power; back to the usual rate on mains.',
    );
    expect(batteryStatusText({ onBattery: true, mode: 'pause' })).toBe(
      'On battery: monitoring paused. It resumes when the computer is plugged in.',
    );
    expect(batteryStatusText({ onBattery: false, mode: 'pause' })).toBeNull();
    expect(batteryStatusText(null)).toBeNull();
  });
});
