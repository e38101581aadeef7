// The power source behind a small interface: whether the computer runs on battery, and when that changes. The
// offscreen document reads it from navigator.getBattery() (Chromium's Battery Status API, there in extension pages
// and offscreen documents; no permission); a test drives a fake.

export interface PowerSource {
  /** Whether the computer runs on battery now; false when the browser cannot say (as on mains, as before). */
  onBattery(): Promise<boolean>;
  /** Calls the listener with whether it runs on battery at every change (plugged in or out); returns how to stop. */
  onChange(listener: (onBattery: boolean) => void): () => void;
}

/** The part of the Battery Status API's BatteryManager read here. A computer without a battery reads charging. */
export interface BatteryLike extends EventTarget {
  readonly charging: boolean;
}

/** navigator.getBattery, which TypeScript's DOM types no longer declare. */
type WithBattery = { getBattery?: () => Promise<BatteryLike> };

export function browserPowerSource(nav: WithBattery = navigator as WithBattery): PowerSource {
  const battery: Promise<BatteryLike | null> =
    typeof nav.getBattery === 'function' ? nav.getBattery().catch(() => null) : Promise.resolve(null);
  return {
    onBattery: async () => {
      const b = await battery;
      return b ? !b.charging : false;
    },
    onChange(listener) {
      let stopped = false;
      let off = () => {
        stopped = true;
      };
      void battery.then((b) => {
        if (!b || stopped) return;
        const changed = () => listener(!b.charging);
        b.addEventListener('chargingchange', changed);
        off = () => b.removeEventListener('chargingchange', changed);
      });
      return () => off();
    },
  };
}
