// Versions of the hybrid logical clock: ordered by time, then counter, then device; a device whose clock is behind
// still writes versions later than everything it has seen.
import { describe, expect, it } from 'vitest';
import { compareVersions, nextVersion, parseVersion, versionText } from '../../../../../src-main/features/sync/hlc';

const D = '00000000-0000-4000-8000-000000000001';

describe('hybrid logical clock', () => {
  it('moves forward through the counter when the clock is behind what was seen', () => {
    const seen = { wall: 5_000, counter: 2, device: '00000000-0000-4000-8000-000000000002' };
    const next = nextVersion(seen, 1_000, D);
    expect(next).toEqual({ wall: 5_000, counter: 3, device: D });
    expect(compareVersions(next, seen)).toBe(1);
    expect(nextVersion(seen, 9_000, D)).toEqual({ wall: 9_000, counter: 0, device: D });
  });

  it('reads back what it writes and refuses anything else', () => {
    const version = { wall: 1_780_000_000_123, counter: 7, device: D };
    expect(parseVersion(versionText(version))).toEqual(version);
    expect(parseVersion('1.2.not-a-device')).toBeNull();
    expect(parseVersion(`99999999999999999.0.${D}`)).toBeNull();
  });
});
