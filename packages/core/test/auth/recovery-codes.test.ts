import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  isRecoveryCodeShape,
  normalizeRecoveryCode,
  recoveryCodesFile,
} from '../../src/auth';

describe('recovery codes', () => {
  it('read the same however they are typed: dash, spaces, lower case', () => {
    expect(normalizeRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(isRecoveryCodeShape('abcde fghjk')).toBe(true);
    expect(formatRecoveryCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });

  it('refuse the wrong length and the look-alike characters left out of the alphabet', () => {
    expect(isRecoveryCodeShape('ABCDE-FGHJ')).toBe(false);
    expect(isRecoveryCodeShape('ABCDE-FGHJKM')).toBe(false);
    expect(isRecoveryCodeShape('ABCDE-FGHJ0')).toBe(false);
    expect(isRecoveryCodeShape('123456')).toBe(false);
  });

  it('write a file of one code a line', () => {
    const file = recoveryCodesFile(['ABCDEFGHJK', 'MNPQRSTVWX'], 'ada@example.org');
    expect(file.split('\n')).toEqual([
      'Posture Vision two-factor recovery codes for ada@example.org',
      'Each code signs you in once in place of an authenticator code.',
      '',
      'ABCDE-FGHJK',
      'MNPQR-STVWX',
      '',
    ]);
  });
});
