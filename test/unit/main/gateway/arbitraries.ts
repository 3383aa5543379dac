// fast-check generators for gateway records and edits, shared by the builder and client property tests.
import fc from 'fast-check';
import type { WireKeyRecord } from '../../../../src-main/gateway/schemas';
import type { KeyEdits } from '../../../../src-main/gateway/token-update';

export const NOW_SEC = 1_780_000_000;

// Real servers count the name in UTF-8 bytes: valid names are at most 50 of them.
const name = fc.string({ maxLength: 50, unit: 'grapheme-composite' }).filter((s) => Buffer.byteLength(s, 'utf8') <= 50);
const expiry = fc.oneof(fc.constant(-1), fc.integer({ min: NOW_SEC + 1, max: NOW_SEC + 10 ** 8 }));

export const wireKey: fc.Arbitrary<WireKeyRecord> = fc.record(
  {
    id: fc.integer({ min: 1, max: 10 ** 6 }),
    user_id: fc.integer({ min: 1, max: 1000 }),
    key: fc.constant('abcd**********wxyz'),
    status: fc.constantFrom(1, 2, 3, 4),
    name,
    created_time: fc.integer({ min: 1_600_000_000, max: NOW_SEC }),
    accessed_time: fc.integer({ min: 0, max: NOW_SEC }),
    expired_time: fc.oneof(expiry, fc.integer({ min: 0, max: NOW_SEC })),
    remain_quota: fc.integer({ min: -(10 ** 9), max: 2 ** 31 - 1 }),
    unlimited_quota: fc.boolean(),
    model_limits_enabled: fc.boolean(),
    model_limits: fc.constantFrom('', 'gpt-4o', 'gpt-4o,claude-3'),
    // As stored by real servers (newlines), by a spec-profile server or an old client (commas), or by a client
    // that left the field out (null).
    allow_ips: fc.constantFrom('', '10.0.0.1', '10.0.0.1,10.0.0.2', '10.0.0.1\n10.0.0.2', null),
    used_quota: fc.integer({ min: 0, max: 10 ** 9 }),
    group: fc.constantFrom('', 'default', 'vip', '企业'),
    cross_group_retry: fc.boolean(),
  },
  {
    requiredKeys: [
      'id',
      'key',
      'status',
      'name',
      'created_time',
      'expired_time',
      'remain_quota',
      'unlimited_quota',
      'model_limits_enabled',
      'model_limits',
      'allow_ips',
      'used_quota',
      'group',
    ],
  },
);

/** Any subset of the editable fields, with valid values. */
export const edits: fc.Arbitrary<KeyEdits> = fc.record(
  {
    name,
    remain_quota: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    unlimited_quota: fc.boolean(),
    expired_time: expiry,
    group: fc.constantFrom('', 'default', 'vip'),
    model_limits_enabled: fc.boolean(),
    model_limits: fc.constantFrom('', 'gpt-4o-mini'),
    allow_ips: fc.constantFrom('', '192.168.1.1', '192.168.1.1, 10.0.0.0/8', '::1\n192.168.1.1'),
    cross_group_retry: fc.boolean(),
  },
  { requiredKeys: [] },
);
