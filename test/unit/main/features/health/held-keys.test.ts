// The keys Keydesk holds this session: whole keys from reveals and from lists that carry them, never from masked
// lists; the last record of each key; forgotten with their account; bounded.
import { describe, expect, it } from 'vitest';
import { HeldKeys, MAX_HELD } from '../../../../../src-main/features/health/held-keys';
import type { KeyRecord } from '../../../../../src-main/gateway';
import { redactString } from '../../../../../src-main/log/redact';

const record = (id: number, key: string, isMasked: boolean): KeyRecord => ({
  id,
  user_id: 1,
  key,
  isMasked,
  status: 1,
  name: `key-${String(id)}`,
  created_time: 0,
  expired_time: 100,
  remain_quota: 5,
  unlimited_quota: false,
  used_quota: 0,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: null,
  group: 'vip',
});

describe('held keys', () => {
  it('holds a revealed key, and a key a list carried whole; a masked list holds nothing', () => {
    const held = new HeldKeys(() => 50);
    held.records('a', [
      record(1, 'sk-abcd**********wxyz', true),
      record(2, 'sk-fakewholekey2xxxxxxxxxxxxxxxxxxxx', false),
    ]);
    expect(held.keyOf('a', 1)).toBeUndefined();
    expect(held.keyOf('a', 2)).toBe('sk-fakewholekey2xxxxxxxxxxxxxxxxxxxx');
    held.fullKey('a', 1, 'sk-fakerevealedkey1xxxxxxxxxxxxxxxxx');
    expect(held.keyOf('a', 1)).toBe('sk-fakerevealedkey1xxxxxxxxxxxxxxxxx');
    expect(held.keyOf('b', 1)).toBeUndefined();
  });

  it('keeps each key’s last record as a view (state as of the clock), never the whole key', () => {
    const held = new HeldKeys(() => 500);
    held.records('a', [record(2, 'sk-fakewholekey2xxxxxxxxxxxxxxxxxxxx', false)]);
    const view = held.recordOf('a', 2);
    expect(view).toMatchObject({ state: 'expired', group: 'vip' });
    expect(JSON.stringify(view)).not.toContain('fakewholekey2');
  });

  it('a held key is a registered secret: it never reaches a log line', () => {
    const held = new HeldKeys(() => 0);
    held.fullKey('a', 3, 'sk-fakeheldsecret3xxxxxxxxxxxxxxxxxxx');
    expect(redactString('sent fakeheldsecret3xxxxxxxxxxxxxxxxxxx')).not.toContain('fakeheldsecret3');
  });

  it('forgets the keys of accounts that are gone, and one deleted key', () => {
    const held = new HeldKeys(() => 0);
    held.fullKey('a', 1, 'sk-fakea1xxxxxxxxxxxxxxxxxxxxxxxxxx');
    held.fullKey('b', 1, 'sk-fakeb1xxxxxxxxxxxxxxxxxxxxxxxxxx');
    held.fullKey('b', 2, 'sk-fakeb2xxxxxxxxxxxxxxxxxxxxxxxxxx');
    held.keepAccounts(new Set(['b']));
    held.forget('b', 2);
    expect([held.keyOf('a', 1), held.keyOf('b', 1), held.keyOf('b', 2)]).toEqual([
      undefined,
      'sk-fakeb1xxxxxxxxxxxxxxxxxxxxxxxxxx',
      undefined,
    ]);
  });

  it('stays bounded: beyond the bound the longest unseen keys go first', () => {
    const held = new HeldKeys(() => 0);
    for (let i = 1; i <= MAX_HELD + 3; i++) held.fullKey('a', i, `sk-fakebound${String(i)}`);
    expect(held.heldCount).toBe(MAX_HELD);
    expect(held.keyOf('a', 1)).toBeUndefined();
    expect(held.keyOf('a', MAX_HELD + 3)).toBe(`sk-fakebound${String(MAX_HELD + 3)}`);
  });
});
