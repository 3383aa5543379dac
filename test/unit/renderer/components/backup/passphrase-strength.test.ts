// The backup passphrase's strength hint: too short below the contract's minimum, weak for one repeated character
// or a short single-kind word, strong for a long mix; never "strong" for a run of one character however long.
import { describe, expect, it } from 'vitest';
import { MIN_BACKUP_PASSPHRASE } from '../../../../../src-shared/contract';
import {
  passphraseBits,
  passphraseStrength,
} from '../../../../../src-renderer/src/components/backup/passphrase-strength';

describe('passphrase strength', () => {
  it('says too short below the minimum, counting characters as the user sees them', () => {
    expect(passphraseStrength('a'.repeat(MIN_BACKUP_PASSPHRASE - 1))).toBe('too_short');
    expect(passphraseStrength('👍🏽'.repeat(MIN_BACKUP_PASSPHRASE - 1))).toBe('too_short');
    expect(passphraseStrength('')).toBe('too_short');
  });

  it('rates repeats and short single-kind words weak, a long mix strong', () => {
    expect(passphraseStrength('a'.repeat(64))).toBe('weak');
    expect(passphraseStrength('abcabcabcabc')).toBe('weak');
    expect(passphraseStrength('keydeskbackup')).toBe('fair');
    expect(passphraseStrength('Correct-Horse-Battery-9')).toBe('strong');
    expect(passphraseStrength('我的备份口令很长也不好猜')).toBe('strong');
  });

  it('never gives more bits for more of the same characters beyond twice the distinct ones', () => {
    expect(passphraseBits('ab'.repeat(50))).toBe(passphraseBits('abab'));
  });
});
