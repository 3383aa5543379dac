// The shared key rules: UTF-8 byte counts, IP allowlists read as real servers read them, address validation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCidrError } from '../../../gateway/subnet';
import {
  asSubnetEntries,
  bareAddresses,
  invalidIps,
  ipEntryProblem,
  isIpOrCidr,
  isKeyNameTooLong,
  normalizeIpList,
  parseIpList,
  toSubnetList,
  utf8Bytes,
  enableFixes,
  isExpiryPast,
} from '../../../../src-shared/rules/key-rules';

describe('utf8Bytes', () => {
  it('counts what Go len() counts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 30 }), (s) => {
        expect(utf8Bytes(s)).toBe(Buffer.byteLength(s, 'utf8'));
      }),
    );
    expect(isKeyNameTooLong('名'.repeat(16))).toBe(false);
    expect(isKeyNameTooLong('名'.repeat(17))).toBe(true);
    expect(isKeyNameTooLong('😀'.repeat(13))).toBe(true);
  });
});

describe('IP allowlists', () => {
  it('reads commas or newlines, null as no limit, and writes one address per line', () => {
    expect(parseIpList('1.2.3.4,5.6.7.8')).toEqual(['1.2.3.4', '5.6.7.8']);
    expect(parseIpList(' 1.2.3.4 \r\n\n5.6.7.8 ,')).toEqual(['1.2.3.4', '5.6.7.8']);
    expect(parseIpList(null)).toEqual([]);
    expect(normalizeIpList('1.2.3.4, 5.6.7.8')).toBe('1.2.3.4\n5.6.7.8');
    expect(normalizeIpList(undefined)).toBe('');
  });

  it('accepts IPv4, IPv6 and CIDR ranges, and nothing else', () => {
    for (const ok of ['10.0.0.1', '0.0.0.0/0', '192.168.0.0/16', '::1', '2001:db8::/32', 'fe80::1:2', '::ffff:1.2.3.4'])
      expect(isIpOrCidr(ok), ok).toBe(true);
    for (const bad of [
      '1.2.3.45.6.7.8',
      '256.1.1.1',
      '10.0.0.1/33',
      'localhost',
      '1.2.3',
      '::1/129',
      '1::2::3',
      '01.2.3.4/',
    ])
      expect(isIpOrCidr(bad), bad).toBe(false);
    expect(invalidIps('10.0.0.1\nexample.com')).toEqual(['example.com']);
  });
});

describe('one-api subnets', () => {
  it('turns each address typed alone into its own range, and leaves ranges and mistakes as typed', () => {
    expect(toSubnetList('10.0.0.1\n192.168.0.0/24, 2001:db8::1')).toBe('10.0.0.1/32,192.168.0.0/24,2001:db8::1/128');
    expect(toSubnetList(null)).toBe('');
    expect(asSubnetEntries('10.0.0.1/33\nexample.com')).toEqual(['10.0.0.1/33', 'example.com']);
    expect(bareAddresses('10.0.0.1\n10.0.1.0/24\n::1\nnope')).toEqual(['10.0.0.1', '::1']);
  });

  it('names why an entry is refused: not an address, or a range longer than the address', () => {
    expect(ipEntryProblem('10.0.0.0/8')).toBeUndefined();
    expect(ipEntryProblem('example.com/8')).toBe('address');
    expect(ipEntryProblem('10.0.0.1/33')).toBe('prefix');
    expect(ipEntryProblem('::1/129')).toBe('prefix');
    expect(ipEntryProblem('10.0.0.1/8/8')).toBe('prefix');
  });

  it('every list it writes is one Go’s net.ParseCIDR takes (as the emulator reads one-api)', () => {
    const address = fc.oneof(
      fc.ipV4(),
      fc.ipV6().filter((a) => !a.includes('.')),
    );
    const entry = fc.oneof(
      address,
      fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([a, p]) => `${a}/${String(p)}`),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 5 }), (entries) => {
        const written = toSubnetList(entries.join('\n'));
        for (const cidr of written.split(',')) expect(parseCidrError(cidr), cidr).toBeUndefined();
      }),
    );
  });
});

describe('expiry: one rule for main and the extend-and-enable dialog', () => {
  const NOW = 1_780_000_000;

  it('calls an expiry at or before now past, never -1, and one still ahead not past', () => {
    expect(isExpiryPast(NOW, NOW)).toBe(true);
    expect(isExpiryPast(NOW - 1, NOW)).toBe(true);
    expect(isExpiryPast(NOW + 1, NOW)).toBe(false);
    expect(isExpiryPast(-1, NOW)).toBe(false);
  });

  it('asks for a new expiry when main said expired, or when the expiry passed after main read the key', () => {
    expect(enableFixes({ state: 'expired', expiredTime: NOW + 86_400 }, NOW)).toEqual({
      needsTime: true,
      needsQuota: false,
    });
    // Listed as disabled an hour ago, its expiry has passed since: enabling would be refused for it.
    expect(enableFixes({ state: 'disabled', expiredTime: NOW - 60 }, NOW)).toEqual({
      needsTime: true,
      needsQuota: false,
    });
    expect(enableFixes({ state: 'exhausted', expiredTime: -1 }, NOW)).toEqual({ needsTime: false, needsQuota: true });
    expect(enableFixes({ state: 'exhausted', expiredTime: null }, NOW)).toEqual({ needsTime: false, needsQuota: true });
    // Both at once: the quota, and the expiry that also passed.
    expect(enableFixes({ state: 'exhausted', expiredTime: NOW - 60 }, NOW)).toEqual({
      needsTime: true,
      needsQuota: true,
    });
  });
});
