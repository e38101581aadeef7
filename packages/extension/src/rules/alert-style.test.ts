import { describe, expect, it } from 'vitest';
import { poorPostureNotification, standUpNotification } from '../platform/notifier';
import { INITIAL_MONITOR_STATE, type MonitorState } from '../state/monitor-state';
import { alertAction, standUpAction } from './alert-style';
import { badgeFor } from './badge';

describe('alert style', () => {
  it('a notification with the sound, a silent one, the badge only, or nothing; each says what to do', () => {
    expect(alertAction('sound', 'forward_head')).toEqual({
      text: 'Chin back: your head is forward.',
      notification: true,
      sound: true,
      badge: true,
    });
    expect(alertAction('silent', 'slouch')).toEqual({
      text: 'Sit up tall: you are slouching.',
      notification: true,
      sound: false,
      badge: true,
    });
    expect(alertAction('badge', 'tilt')).toMatchObject({ notification: false, sound: false, badge: true });
    expect(alertAction('none', 'tilt')).toMatchObject({ notification: false, sound: false, badge: false });
  });

  it('a poor posture with no named issue gets the general advice', () => {
    expect(alertAction('silent', null).text).toBe(
      'Sit up straight and relax your shoulders: your posture has been poor for a while.',
    );
  });
});

describe('the notification of an alert', () => {
  it('says what to do about the issue, offers the snooze, and makes no system sound of its own', () => {
    expect(poorPostureNotification('Chin back: your head is forward.', 'icon.png')).toEqual({
      type: 'basic',
      iconUrl: 'icon.png',
      title: 'Posture Vision',
      message: 'Chin back: your head is forward.',
      buttons: [{ title: 'Snooze 30 min' }],
      priority: 1,
      silent: true,
    });
  });
});

describe('the badge of an alert', () => {
  const poor: MonitorState = {
    ...INITIAL_MONITOR_STATE,
    phase: 'monitoring',
    connection: 'Connected',
    posture: 'poor',
    issue: 'forward_head',
  };

  it('names the issue while poor posture has not yet lasted the warning delay', () => {
    expect(badgeFor(poor)).toEqual({
      text: 'POOR',
      color: '#c62828',
      title: 'Posture Vision: Poor posture: forward head',
    });
  });

  it('turns to the alert, saying what to do, once it came', () => {
    expect(badgeFor({ ...poor, alert: 'Chin back: your head is forward.' })).toEqual({
      text: 'SIT',
      color: '#c62828',
      title: 'Posture Vision: Chin back: your head is forward.',
    });
  });
});

describe('the stand-up reminder by alert style', () => {
  it('notifies in the notification styles (with the sound in one), marks the badge in all but none', () => {
    const sat = 52 * 60_000 + 59_000;
    const text = 'You have been sitting for 52 min. Stand up and move for a few minutes.';
    expect(standUpAction('sound', sat)).toEqual({ text, notification: true, sound: true, badge: true });
    expect(standUpAction('silent', sat)).toEqual({ text, notification: true, sound: false, badge: true });
    expect(standUpAction('badge', sat)).toEqual({ text, notification: false, sound: false, badge: true });
    expect(standUpAction('none', sat)).toEqual({ text, notification: false, sound: false, badge: false });
  });

  it('stands on the badge as UP with its text, under a posture alert standing at the same time', () => {
    const text = 'You have been sitting for 50 min. Stand up and move for a few minutes.';
    const monitoring: MonitorState = {
      ...INITIAL_MONITOR_STATE,
      phase: 'monitoring',
      connection: 'Connected',
      standUp: text,
    };
    expect(badgeFor({ ...monitoring, posture: 'good' })).toMatchObject({
      text: 'UP',
      title: `Posture Vision: ${text}`,
    });
    expect(badgeFor({ ...monitoring, posture: 'neutral' }).text).toBe('UP');
    expect(badgeFor({ ...monitoring, posture: 'poor', alert: 'Sit up tall: you are slouching.' }).text).toBe(
      'SIT',
    );
    expect(badgeFor({ ...monitoring, posture: 'good', standUp: null }).text).toBe('OK');
  });

  it('is a silent notification titled to stand up, with its 10-minute Snooze', () => {
    expect(standUpNotification('You have been sitting for 50 min.', 'icon.png')).toEqual({
      type: 'basic',
      iconUrl: 'icon.png',
      title: 'Time to stand up',
      message: 'You have been sitting for 50 min.',
      buttons: [{ title: 'Snooze 10 min' }],
      priority: 1,
      silent: true,
    });
  });
});
