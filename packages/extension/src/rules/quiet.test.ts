import { DEFAULT_ALERT_PREFERENCES } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import { alertHold, holdText, inQuietHours, localMinutes } from './quiet';

const at = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

describe('quiet hours', () => {
  it('hold from the start up to the end, the end itself no longer quiet', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(inQuietHours(lunch, at('11:59'))).toBe(false);
    expect(inQuietHours(lunch, at('12:00'))).toBe(true);
    expect(inQuietHours(lunch, at('13:29'))).toBe(true);
    expect(inQuietHours(lunch, at('13:30'))).toBe(false);
  });

  it('run across midnight when the end comes first', () => {
    const night = { start: '22:00', end: '07:00' };
    for (const t of ['22:00', '23:59', '00:00', '03:15', '06:59'])
      expect(inQuietHours(night, at(t))).toBe(true);
    for (const t of ['07:00', '12:00', '21:59']) expect(inQuietHours(night, at(t))).toBe(false);
  });

  it('are no window when they start and end at once, or are not times of day', () => {
    expect(inQuietHours({ start: '09:00', end: '09:00' }, at('09:00'))).toBe(false);
    expect(inQuietHours({ start: 'nine', end: '10:00' }, at('09:30'))).toBe(false);
  });

  it('read the local clock', () => {
    expect(localMinutes(new Date(2026, 11, 2, 9, 5, 59))).toBe(545);
  });
});

describe('an alert held', () => {
  const off = DEFAULT_ALERT_PREFERENCES;
  const night = { start: '22:00', end: '07:00' };

  it('in a call only with Quiet in calls on, naming the call’s site', () => {
    expect(alertHold(off, 'meet.google.com', at('10:00'))).toBeNull();
    const hold = alertHold({ ...off, quietInCalls: true }, 'meet.google.com', at('10:00'));
    expect(hold).toEqual({ reason: 'call', site: 'meet.google.com' });
    expect(holdText(hold as NonNullable<typeof hold>)).toBe('Alerts held: in a call (meet.google.com)');
    expect(alertHold({ ...off, quietInCalls: true }, null, at('10:00'))).toBeNull();
  });

  it('in quiet hours, saying until when; a call is the reason named when both hold', () => {
    const hold = alertHold({ ...off, quietHours: night }, null, at('23:00'));
    expect(hold).toEqual({ reason: 'quietHours', until: '07:00' });
    expect(holdText(hold as NonNullable<typeof hold>)).toBe('Alerts held: quiet hours until 07:00');
    expect(alertHold({ ...off, quietHours: night }, null, at('08:00'))).toBeNull();
    expect(alertHold({ quietInCalls: true, quietHours: night }, 'meet.jit.si', at('23:00'))).toEqual({
      reason: 'call',
      site: 'meet.jit.si',
    });
  });
});
