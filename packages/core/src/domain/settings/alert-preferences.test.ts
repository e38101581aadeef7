import { describe, expect, it } from 'vitest';
import { POSTURE_ISSUES } from '../sessions/feedback';
import {
  ALERT_STYLE_CHANNELS,
  ALERT_STYLE_CHOICES,
  BATTERY_MODE_CHOICES,
  countsAsPoor,
  DEFAULT_ALERT_PREFERENCES,
  DEFAULT_QUIET_HOURS,
  minutesOfDay,
  normalizeAlertPreferences,
  parseAlertPreferences,
  postureAlertText,
  postureIssueName,
  readWarningDelay,
} from './alert-preferences';
import { alertPreferencesRequest } from './contract';

describe('alert preferences', () => {
  it('counts deviations as poor posture from the level the sensitivity names', () => {
    expect(countsAsPoor('mild', 'high')).toBe(true);
    expect(countsAsPoor('mild', 'medium')).toBe(false);
    expect(countsAsPoor('moderate', 'medium')).toBe(true);
    expect(countsAsPoor('moderate', 'low')).toBe(false);
    expect(countsAsPoor('severe', 'low')).toBe(true);
  });

  it('keeps the delay within 0-60 s and falls back to the defaults on bad input', () => {
    expect(
      normalizeAlertPreferences({ sensitivity: 'low', warningDelaySeconds: 75, alertStyle: 'badge' }),
    ).toEqual({
      sensitivity: 'low',
      warningDelaySeconds: 60,
      alertStyle: 'badge',
      standUpMinutes: 50,
      batteryMode: 'usual',
      quietInCalls: false,
      quietHours: null,
    });
    expect(normalizeAlertPreferences({ sensitivity: 'extreme', warningDelaySeconds: -3 })).toEqual({
      sensitivity: 'high',
      warningDelaySeconds: 0,
      alertStyle: 'silent',
      standUpMinutes: 50,
      batteryMode: 'usual',
      quietInCalls: false,
      quietHours: null,
    });
    // The stand-up reminder off is kept off; a stored value off the choices is rounded onto them.
    expect(normalizeAlertPreferences({ standUpMinutes: null }).standUpMinutes).toBeNull();
    expect(normalizeAlertPreferences({ standUpMinutes: 200 }).standUpMinutes).toBe(120);
    expect(parseAlertPreferences('{not json')).toEqual(DEFAULT_ALERT_PREFERENCES);
    expect(parseAlertPreferences(null)).toEqual(DEFAULT_ALERT_PREFERENCES);
    expect(parseAlertPreferences('{"warningDelaySeconds":"12.4"}').warningDelaySeconds).toBe(12);
  });
});

describe('the battery choice', () => {
  it('offers monitoring as usual (the default, as before the choice), a slower watch, or a pause', () => {
    expect(BATTERY_MODE_CHOICES).toEqual([
      { value: 'usual', label: 'Monitor as usual' },
      { value: 'slower', label: 'Watch more slowly' },
      { value: 'pause', label: 'Pause monitoring' },
    ]);
    expect(DEFAULT_ALERT_PREFERENCES.batteryMode).toBe('usual');
    expect(normalizeAlertPreferences({ batteryMode: 'pause' }).batteryMode).toBe('pause');
    expect(normalizeAlertPreferences({ batteryMode: 'hibernate' }).batteryMode).toBe('usual');
  });

  it('is optional in a save and refused when it is not one of the choices', () => {
    const base = { sensitivity: 'high', warningDelaySeconds: 30 };
    expect(alertPreferencesRequest.safeParse(base).success).toBe(true);
    expect(alertPreferencesRequest.safeParse({ ...base, batteryMode: 'slower' }).success).toBe(true);
    expect(alertPreferencesRequest.safeParse({ ...base, batteryMode: 'hibernate' }).success).toBe(false);
  });
});

describe('quiet in calls and quiet hours', () => {
  it('are off unless turned on; stored quiet hours are two different times of day, else off', () => {
    expect(DEFAULT_ALERT_PREFERENCES.quietInCalls).toBe(false);
    expect(DEFAULT_ALERT_PREFERENCES.quietHours).toBeNull();
    expect(normalizeAlertPreferences({ quietInCalls: true }).quietInCalls).toBe(true);
    expect(normalizeAlertPreferences({ quietInCalls: 'yes' }).quietInCalls).toBe(false);
    const night = { start: '22:00', end: '07:30' };
    expect(normalizeAlertPreferences({ quietHours: night }).quietHours).toEqual(night);
    for (const quietHours of [
      { start: '09:00', end: '09:00' },
      { start: '9:00', end: '10:00' },
      { start: '24:00', end: '01:00' },
      { start: '09:00' },
      'always',
    ])
      expect(normalizeAlertPreferences({ quietHours }).quietHours).toBeNull();
    expect(normalizeAlertPreferences({ quietHours: DEFAULT_QUIET_HOURS }).quietHours).toEqual(
      DEFAULT_QUIET_HOURS,
    );
  });

  it('reads a time of day as minutes since midnight', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(minutesOfDay('7:05')).toBeNaN();
  });

  it('are optional in a save; a window of no length or a time off the clock is refused', () => {
    const base = { sensitivity: 'high', warningDelaySeconds: 30 };
    const ok = (body: object) => alertPreferencesRequest.safeParse({ ...base, ...body }).success;
    expect(ok({})).toBe(true);
    expect(ok({ quietInCalls: true, quietHours: { start: '22:00', end: '07:00' } })).toBe(true);
    expect(ok({ quietHours: null })).toBe(true);
    expect(ok({ quietInCalls: 'on' })).toBe(false);
    expect(ok({ quietHours: { start: '10:00', end: '10:00' } })).toBe(false);
    expect(ok({ quietHours: { start: '25:00', end: '10:00' } })).toBe(false);
    expect(ok({ quietHours: { start: '09:00' } })).toBe(false);
  });
});

describe('the typed warning delay', () => {
  const limit = 'The warning delay must be a whole number of seconds from 0 to 60.';
  it('takes whole seconds from 0 to 60, the limits included', () => {
    expect(readWarningDelay('0')).toEqual({ ok: true, seconds: 0 });
    expect(readWarningDelay(' 45 ')).toEqual({ ok: true, seconds: 45 });
    expect(readWarningDelay('60')).toEqual({ ok: true, seconds: 60 });
  });

  it('refuses an empty field, a fraction, a sign or a number past the limit, saying the limit', () => {
    for (const typed of ['', '  ', '61', '99', '-1', '2.5', '1e1', 'ten'])
      expect(readWarningDelay(typed)).toEqual({ ok: false, message: limit });
  });
});

describe('alert style', () => {
  it('offers sound, silent, badge only and none, a silent notification unless chosen', () => {
    expect(ALERT_STYLE_CHOICES).toEqual([
      { value: 'sound', label: 'Notification with a short sound' },
      { value: 'silent', label: 'Notification without sound' },
      { value: 'badge', label: 'Toolbar badge only' },
      { value: 'none', label: 'None (statistics only)' },
    ]);
    expect(DEFAULT_ALERT_PREFERENCES.alertStyle).toBe('silent');
    expect(normalizeAlertPreferences({ alertStyle: 'blur' }).alertStyle).toBe('silent');
  });

  it('notifies only in the notification styles, sounds only in one, marks the badge in all but none', () => {
    expect(ALERT_STYLE_CHANNELS).toEqual({
      sound: { notification: true, sound: true, badge: true },
      silent: { notification: true, sound: false, badge: true },
      badge: { notification: false, sound: false, badge: true },
      none: { notification: false, sound: false, badge: false },
    });
  });

  it('is optional in a save (an older client keeps the stored one) and refused when unknown', () => {
    expect(alertPreferencesRequest.safeParse({ sensitivity: 'high', warningDelaySeconds: 5 }).success).toBe(
      true,
    );
    expect(
      alertPreferencesRequest.safeParse({ sensitivity: 'high', warningDelaySeconds: 5, alertStyle: 'blur' })
        .success,
    ).toBe(false);
  });
});

describe('alert texts', () => {
  it('name every issue and say what to do about it', () => {
    for (const issue of POSTURE_ISSUES) {
      expect(postureIssueName(issue)).toMatch(/^[a-z ]+$/);
      expect(postureAlertText(issue)).toMatch(/^[A-Z][^:]+: .+\.$/);
    }
    expect(postureIssueName('forward_head')).toBe('forward head');
    expect(postureAlertText('forward_head')).toBe('Chin back: your head is forward.');
    expect(postureAlertText(null)).toBe(
      'Sit up straight and relax your shoulders: your posture has been poor for a while.',
    );
    expect(new Set(POSTURE_ISSUES.map(postureAlertText)).size).toBe(POSTURE_ISSUES.length);
  });
});
