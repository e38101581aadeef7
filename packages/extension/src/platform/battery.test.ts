import { describe, expect, it } from 'vitest';
import { type BatteryLike, browserPowerSource } from './battery';

/** A BatteryManager as a test sets it: plugged in (charging) or not. */
function fakeBattery(charging: boolean) {
  const battery = Object.assign(new EventTarget(), { charging }) as EventTarget & { charging: boolean };
  return {
    battery: battery as BatteryLike,
    set(next: boolean) {
      battery.charging = next;
      battery.dispatchEvent(new Event('chargingchange'));
    },
  };
}

describe('the power source', () => {
  it('reads on battery when the battery is not charging, and reports each plug and unplug', async () => {
    const fake = fakeBattery(true);
    const power = browserPowerSource({ getBattery: async () => fake.battery });
    expect(await power.onBattery()).toBe(false);
    const seen: boolean[] = [];
    const stop = power.onChange((onBattery) => seen.push(onBattery));
    await power.onBattery();
    fake.set(false);
    expect(await power.onBattery()).toBe(true);
    fake.set(true);
    expect(seen).toEqual([true, false]);
    stop();
    fake.set(false);
    expect(seen).toEqual([true, false]);
  });

  it('reads mains when the browser has no battery reading, as monitoring did before', async () => {
    const power = browserPowerSource({});
    expect(await power.onBattery()).toBe(false);
    expect(typeof power.onChange(() => undefined)).toBe('function');
    const refused = browserPowerSource({ getBattery: () => Promise.reject(new Error('not allowed')) });
    expect(await refused.onBattery()).toBe(false);
  });
});
