import { describe, expect, it } from 'vitest';
import type { Phase } from '../state/monitor-state';
import { onIdleChange } from './idle';

const phases: Phase[] = ['stopped', 'starting', 'calibrating', 'monitoring', 'paused', 'error'];

describe('idle and lock', () => {
  it('pauses the camera when the machine goes idle or locks while capturing', () => {
    for (const idle of ['idle', 'locked'] as const)
      expect(phases.map((p) => onIdleChange(idle, p))).toEqual([null, 'pause', 'pause', 'pause', null, null]);
  });

  it('resumes only a paused monitoring when the user is back', () => {
    expect(phases.map((p) => onIdleChange('active', p))).toEqual([null, null, null, null, 'resume', null]);
  });
});
