// A calibration's CVA against the last one: a change a retake can make is not called real.
import { describe, expect, it } from 'vitest';
import { CVA_DETECTABLE_CHANGE_DEG, cvaChange, cvaChangeText } from '../../src/calibration';

const at = (id: string, createdAt: string, cranialVertebralAngle: number | null) => ({
  id,
  createdAt,
  cranialVertebralAngle,
});

describe('CVA change since the last calibration', () => {
  const current = at('c3', '2026-11-20T10:00:00Z', 47.5);

  it('compares with the newest earlier calibration that measured a CVA', () => {
    const history = [
      at('c1', '2026-11-01T10:00:00Z', 40),
      at('c2', '2026-11-10T10:00:00Z', 44.2),
      at('c2b', '2026-11-12T10:00:00Z', null),
      current,
      at('c4', '2026-11-25T10:00:00Z', 30),
    ];
    expect(cvaChange(current, history)).toEqual({ delta: 3.3, since: '2026-11-10T10:00:00Z', real: false });
  });

  it(`calls a change real from ${CVA_DETECTABLE_CHANGE_DEG}° either way, and not below`, () => {
    const from = (cva: number) => cvaChange(current, [at('p', '2026-11-19T10:00:00Z', cva)]);
    expect(from(47.5 - 5.9)).toMatchObject({ delta: 5.9, real: false });
    expect(from(47.5 - 6)).toMatchObject({ delta: 6, real: true });
    expect(from(47.5 + 5.9)).toMatchObject({ delta: -5.9, real: false });
    expect(from(47.5 + 6.5)).toMatchObject({ delta: -6.5, real: true });
  });

  it('has nothing to compare for a first calibration or one without a CVA', () => {
    expect(cvaChange(current, [current])).toBeNull();
    expect(cvaChange(current, [at('p', '2026-11-19T10:00:00Z', null)])).toBeNull();
    expect(
      cvaChange({ ...current, cranialVertebralAngle: null }, [at('p', '2026-11-19T10:00:00Z', 40)]),
    ).toBeNull();
  });

  it('says which way the head moved and whether a retake could explain it', () => {
    expect(cvaChangeText({ delta: 2.3, since: '', real: false }, '10/11/2026')).toBe(
      'Your CVA is 2.3° higher than at your calibration of 10/11/2026 (the head sits further back): within the 6° a retake can vary by, so not a real change yet.',
    );
    expect(cvaChangeText({ delta: -7.1, since: '', real: true }, '10/11/2026')).toBe(
      'Your CVA is 7.1° lower than at your calibration of 10/11/2026 (the head sits further forward): more than the 6° a retake can vary by, so a real change.',
    );
    expect(cvaChangeText({ delta: 0, since: '', real: false }, '10/11/2026')).toBe(
      'Your CVA is the same as at your calibration of 10/11/2026.',
    );
  });
});
