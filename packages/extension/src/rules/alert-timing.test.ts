import { describe, expect, it } from 'vitest';
import {
  ALERT_TIMINGS,
  type AlertState,
  endSnooze,
  INITIAL_ALERT_STATE,
  isSnoozed,
  onPostureUpdate,
  resetStretch,
  snooze,
  snoozeMinutesLeft,
} from './alert-timing';

const { onsetMs, cooldownMs, snoozeMs } = ALERT_TIMINGS;

/** Feeds postures at the given times; answers the times at which an alert fired. */
function run(updates: [number, 'good' | 'poor' | 'neutral'][], start: AlertState = INITIAL_ALERT_STATE) {
  let state = start;
  const alerts: number[] = [];
  for (const [at, posture] of updates) {
    const next = onPostureUpdate(state, posture, at);
    state = next.state;
    if (next.alert) alerts.push(at);
  }
  return { state, alerts };
}

/** Poor posture reported every second from `from` to `to`. */
function poorEverySecond(from: number, to: number): [number, 'poor'][] {
  const out: [number, 'poor'][] = [];
  for (let t = from; t <= to; t += 1000) out.push([t, 'poor']);
  return out;
}

describe('alert timing', () => {
  it('does not alert before poor posture has lasted the onset delay', () => {
    expect(run(poorEverySecond(0, onsetMs - 1000)).alerts).toEqual([]);
  });

  it('alerts once poor posture has lasted the onset delay', () => {
    expect(run(poorEverySecond(0, onsetMs)).alerts).toEqual([onsetMs]);
  });

  it('restarts the onset delay after good posture', () => {
    const updates: [number, 'good' | 'poor'][] = [
      ...poorEverySecond(0, 20_000),
      [21_000, 'good'],
      ...poorEverySecond(22_000, 22_000 + onsetMs - 1000),
    ];
    expect(run(updates).alerts).toEqual([]);
    expect(run([...updates, [22_000 + onsetMs, 'poor']]).alerts).toEqual([22_000 + onsetMs]);
  });

  it('restarts the onset delay when nobody is in view', () => {
    const updates: [number, 'neutral' | 'poor'][] = [
      ...poorEverySecond(0, 25_000),
      [26_000, 'neutral'],
      ...poorEverySecond(27_000, 50_000),
    ];
    expect(run(updates).alerts).toEqual([]);
  });

  it('alerts again only after the cooldown while poor posture persists', () => {
    const { alerts } = run(poorEverySecond(0, onsetMs + cooldownMs + 5000));
    expect(alerts).toEqual([onsetMs, onsetMs + cooldownMs]);
  });

  it('keeps the cooldown across a new stretch of poor posture', () => {
    const updates: [number, 'good' | 'poor'][] = [
      ...poorEverySecond(0, onsetMs),
      [onsetMs + 1000, 'good'],
      ...poorEverySecond(onsetMs + 2000, onsetMs + 2000 + 2 * onsetMs),
    ];
    expect(run(updates).alerts).toEqual([onsetMs]);
  });

  it('stays silent while snoozed and alerts when the snooze ends', () => {
    const snoozed = snooze(INITIAL_ALERT_STATE, 0);
    expect(snoozed.snoozedUntil).toBe(snoozeMs);
    const { alerts } = run(poorEverySecond(0, snoozeMs + 1000), snoozed);
    expect(alerts).toEqual([snoozeMs]);
  });

  it('raises no alert while held and does not spend it: it comes at the first update after the hold', () => {
    let state = INITIAL_ALERT_STATE;
    const feed = (at: number, held: boolean) => {
      const next = onPostureUpdate(state, 'poor', at, ALERT_TIMINGS, held);
      state = next.state;
      return next.alert;
    };
    expect(feed(0, true)).toBe(false);
    expect(feed(onsetMs, true)).toBe(false);
    expect(feed(onsetMs + 60_000, true)).toBe(false);
    expect(state.lastAlertAt).toBeNull();
    // When it was held is kept (the popup's and the tests' word that an alert was due).
    expect(state.heldAt).toBe(onsetMs + 60_000);
    // The call ended, the posture still poor: the alert comes at once, no new onset delay.
    expect(feed(onsetMs + 62_000, false)).toBe(true);
    expect(state.lastAlertAt).toBe(onsetMs + 62_000);
  });

  it('forgets the running stretch on reset but keeps snooze and cooldown', () => {
    const state: AlertState = { poorSince: 1000, lastAlertAt: 2000, snoozedUntil: 3000 };
    expect(resetStretch(state)).toEqual({ poorSince: null, lastAlertAt: 2000, snoozedUntil: 3000 });
  });
});

describe("the user's warning delay", () => {
  it('sets when the first alert comes: at once with 0 s, after 45 s with 45 s', () => {
    const at = (delayS: number, seconds: number[]) => {
      let state = INITIAL_ALERT_STATE;
      const alerts: number[] = [];
      for (const s of seconds) {
        const r = onPostureUpdate(state, 'poor', s * 1000, { ...ALERT_TIMINGS, onsetMs: delayS * 1000 });
        state = r.state;
        if (r.alert) alerts.push(s);
      }
      return alerts[0];
    };
    expect(at(0, [0, 1, 2])).toBe(0);
    expect(at(45, [0, 10, 30, 44, 45, 50])).toBe(45);
  });
});

describe('the snooze in the popup', () => {
  const MIN = 60_000;
  it('reads 30 minutes left when a 30-minute snooze starts, even on a clock some seconds behind', () => {
    const snoozed = snooze(INITIAL_ALERT_STATE, 100_000);
    expect(snoozeMinutesLeft(snoozed, 100_000)).toBe(30);
    // The popup's clock ticks every few seconds: read 15 s before the snooze began.
    expect(snoozeMinutesLeft(snoozed, 100_000 - 15_000)).toBe(30);
  });

  it('counts down to the nearest minute, 1 until it ends, 0 after', () => {
    const snoozed = snooze(INITIAL_ALERT_STATE, 0);
    expect(snoozeMinutesLeft(snoozed, snoozeMs - 24 * MIN - 40_000)).toBe(25);
    expect(snoozeMinutesLeft(snoozed, snoozeMs - 24 * MIN - 20_000)).toBe(24);
    expect(snoozeMinutesLeft(snoozed, snoozeMs - 10_000)).toBe(1);
    expect(snoozeMinutesLeft(snoozed, snoozeMs)).toBe(0);
    expect(snoozeMinutesLeft(INITIAL_ALERT_STATE, 0)).toBe(0);
  });

  it('ends when the user ends it, and the next alert is due at once while poor posture lasts', () => {
    const snoozed = snooze({ ...INITIAL_ALERT_STATE, poorSince: 0 }, 0);
    const ended = endSnooze(snoozed);
    expect(isSnoozed(ended, 1000)).toBe(false);
    expect(onPostureUpdate(ended, 'poor', onsetMs).alert).toBe(true);
    expect(onPostureUpdate(snoozed, 'poor', onsetMs).alert).toBe(false);
  });
});
