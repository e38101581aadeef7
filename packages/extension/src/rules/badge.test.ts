import { describe, expect, it } from 'vitest';
import { INITIAL_MONITOR_STATE, type MonitorState } from '../state/monitor-state';
import { badgeFor } from './badge';

const monitoring: MonitorState = { ...INITIAL_MONITOR_STATE, phase: 'monitoring', connection: 'Connected' };

describe('badge', () => {
  it('is empty while not monitoring', () => {
    expect(badgeFor(INITIAL_MONITOR_STATE).text).toBe('');
  });

  it('shows the posture while monitoring and connected', () => {
    expect(badgeFor({ ...monitoring, posture: 'good' }).text).toBe('OK');
    expect(badgeFor({ ...monitoring, posture: 'poor' }).text).toBe('POOR');
    expect(badgeFor({ ...monitoring, posture: 'neutral' }).text).toBe('–');
  });

  it('shows connection trouble before the posture', () => {
    expect(badgeFor({ ...monitoring, connection: 'Connection issues', posture: 'good' })).toMatchObject({
      text: '?',
      title: 'Posture Vision: Connection issues',
    });
  });

  it('shows pause and error states', () => {
    expect(badgeFor({ ...INITIAL_MONITOR_STATE, phase: 'paused' }).text).toBe('II');
    expect(
      badgeFor({ ...INITIAL_MONITOR_STATE, phase: 'error', message: 'Camera access was denied.' }),
    ).toEqual({
      text: '!',
      color: '#c62828',
      title: 'Posture Vision: Camera access was denied.',
    });
  });
});
