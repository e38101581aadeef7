// What monitoring does while the computer runs on battery: the user's battery choice (core's BATTERY_MODES, an
// alert preference on the account), applied by the offscreen document. On mains, or when the browser cannot say,
// it monitors as usual.
import {
  BATTERY_MESSAGES,
  BATTERY_RATES,
  type BatteryMode,
  MONITOR_RATES,
  type MonitorRates,
} from '@posture-vision/core';

export interface PowerState {
  onBattery: boolean;
  mode: BatteryMode;
}

/** The capture rates in force: the slower watch (core's BATTERY_RATES) on battery when chosen, else the usual. */
export function ratesFor(power: PowerState | null): MonitorRates {
  return power?.onBattery && power.mode === 'slower' ? BATTERY_RATES : MONITOR_RATES;
}

/** Whether monitoring pauses now (on battery with the pause chosen) until the computer is plugged in. */
export function pausedForBattery(power: PowerState | null): boolean {
  return power?.onBattery === true && power.mode === 'pause';
}

/** What the popup says is in force on battery; nothing on mains. */
export function batteryStatusText(power: PowerState | null): string | null {
  return power?.onBattery ? BATTERY_MESSAGES[power.mode] : null;
}
