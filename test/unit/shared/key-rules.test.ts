// The shared key rules: UTF-8 byte counts, IP allowlists read as real servers read them, address validation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invalidIps,
  isIpOrCidr,
  isKeyNameTooLong,
  normalizeIpList,
  parseIpList,
  utf8Bytes,
} from '../../../src-shared/rules/key-rules';

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
