import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WRITABLE_FIELDS,
  buildCreateBody,
  buildUpdateBody,
  checkCreateBody,
  checkUpdateBody,
  compareReadBack,
  enableBlocker,
  type CreateKeyBody,
  type FullUpdateBody,
  type NewApiCreateBody,
  type NewApiUpdateBody,
} from '../../../../src-main/gateway/token-update';
import type { WireKeyRecord } from '../../../../src-main/gateway/schemas';
import { normalizeIpList } from '../../../../src-shared/rules/key-rules';
import { NOW_SEC, edits, wireKey } from './arbitraries';

const sampleKey = (): WireKeyRecord => {
  const [key] = fc.sample(wireKey, { numRuns: 1, seed: 42 });
  if (!key) throw new Error('no sample');
  return key;
};

/** The body of a new-api (or spec) record; one-api's has its own tests (one-api-keys.test.ts). */
function newApi(body: FullUpdateBody): NewApiUpdateBody {
  if ('subnet' in body) throw new Error('expected new-api’s body');
  return body;
}
function newApiCreate(body: CreateKeyBody): NewApiCreateBody {
  if ('subnet' in body) throw new Error('expected new-api’s body');
  return body;
}

describe('full update builder (spec 4.5)', () => {
  it('always sends id and every writable field, applies the edits and keeps everything else', () => {
    fc.assert(
      fc.property(wireKey, edits, (current, edit) => {
        const body = newApi(buildUpdateBody(current, edit));
        expect(body.id).toBe(current.id);
        for (const field of WRITABLE_FIELDS) {
          expect(body[field], field).not.toBeUndefined();
          const edited = field === 'status' ? undefined : edit[field];
          // The allowlist goes out one address per line, and never as null (what the server then stores).
          const expected = field === 'allow_ips' ? normalizeIpList(edit.allow_ips ?? current.allow_ips) : undefined;
          expect(body[field], field).toBe(expected ?? edited ?? current[field]);
        }
        expect(body.cross_group_retry).toBe(edit.cross_group_retry ?? current.cross_group_retry);
        // Nothing but the spec's fields (and cross_group_retry) goes on the wire.
        const allowed = new Set<string>(['id', 'cross_group_retry', ...WRITABLE_FIELDS]);
        for (const key of Object.keys(body)) expect(allowed.has(key), key).toBe(true);
      }),
    );
  });

  it('never changes status, whatever the edits carry at runtime', () => {
    fc.assert(
      fc.property(wireKey, (current) => {
        const smuggled = { status: current.status === 1 ? 2 : 1 } as never;
        expect(buildUpdateBody(current, smuggled).status).toBe(current.status);
      }),
    );
  });

  it('accepts every valid edit of a key that is not expired', () => {
    fc.assert(
      fc.property(wireKey, edits, (current, edit) => {
        const live = { ...current, expired_time: -1, remain_quota: Math.max(0, current.remain_quota) };
        expect(checkUpdateBody(buildUpdateBody(live, edit), live, NOW_SEC)).toBeUndefined();
      }),
    );
  });

  it('refuses moving the expiry into the past unless the key is expired on purpose', () => {
    const current = sampleKey();
    const live = { ...current, expired_time: -1, remain_quota: 10, unlimited_quota: false, name: 'k' };
    for (const past of [0, NOW_SEC - 1, NOW_SEC]) {
      const body = buildUpdateBody(live, { expired_time: past });
      expect(checkUpdateBody(body, live, NOW_SEC)?.details.field).toBe('expired_time');
      expect(checkUpdateBody(body, live, NOW_SEC, { expireOnPurpose: true })).toBeUndefined();
    }
  });

  it('resends an expiry that is already past when the edit leaves it alone (renaming an expired key)', () => {
    const current = { ...sampleKey(), expired_time: NOW_SEC - 100, remain_quota: 5, name: 'old' };
    const body = buildUpdateBody(current, { name: 'new' });
    expect(body.expired_time).toBe(NOW_SEC - 100);
    expect(checkUpdateBody(body, current, NOW_SEC)).toBeUndefined();
  });

  it('refuses names over 50 UTF-8 bytes (16 Chinese characters, not 17) and negative limited quotas', () => {
    const current = { ...sampleKey(), expired_time: -1, remain_quota: 5, unlimited_quota: false };
    expect(checkUpdateBody(buildUpdateBody(current, { name: 'x'.repeat(51) }), current, NOW_SEC)?.code).toBe(
      'validation',
    );
    expect(checkUpdateBody(buildUpdateBody(current, { name: 'x'.repeat(50) }), current, NOW_SEC)).toBeUndefined();
    expect(checkUpdateBody(buildUpdateBody(current, { name: '名'.repeat(16) }), current, NOW_SEC)).toBeUndefined();
    const tooLong = checkUpdateBody(buildUpdateBody(current, { name: '名'.repeat(17) }), current, NOW_SEC);
    expect(tooLong?.details.field).toBe('name');
    expect(tooLong?.details).toMatchObject({ reason: 'input.key_name_bytes', params: { max: 50 } });
    const create = { remain_quota: 0, unlimited_quota: true, expired_time: -1 };
    expect(checkCreateBody(buildCreateBody({ ...create, name: '名'.repeat(17) }), NOW_SEC)?.details.field).toBe('name');
    expect(checkUpdateBody(buildUpdateBody(current, { remain_quota: -1 }), current, NOW_SEC)?.details.field).toBe(
      'remain_quota',
    );
    const unlimited = { ...current, unlimited_quota: true, remain_quota: -500 };
    expect(checkUpdateBody(buildUpdateBody(unlimited, { name: 'ok' }), unlimited, NOW_SEC)).toBeUndefined();
    expect(checkUpdateBody(buildUpdateBody(current, { remain_quota: 1.5 }), current, NOW_SEC)?.details.field).toBe(
      'remain_quota',
    );
  });

  it('reports exactly the writable fields the read-back differs on, ignoring status', () => {
    fc.assert(
      fc.property(
        wireKey,
        edits,
        fc.subarray(['name', 'group', 'allow_ips', 'remain_quota'] as const),
        (current, edit, changed) => {
          const body = newApi(buildUpdateBody(current, edit));
          const after = { ...current, ...body, status: 3 } as typeof current;
          for (const f of changed) {
            const differs = f === 'allow_ips' ? `${body.allow_ips}\n10.9.9.9` : `${body[f]}!`;
            (after as Record<string, unknown>)[f] = f === 'remain_quota' ? body.remain_quota + 1 : differs;
          }
          expect([...compareReadBack(body, after)].sort()).toEqual([...changed].sort());
        },
      ),
    );
  });
});

describe('IP allowlist (real servers split allow_ips on newlines)', () => {
  const current = (allowIps: string | null): WireKeyRecord => ({
    ...sampleKey(),
    expired_time: -1,
    remain_quota: 5,
    unlimited_quota: false,
    allow_ips: allowIps,
  });

  it('writes one address per line, whether the user typed commas or newlines', () => {
    // A comma on one line is deleted by the server: 1.2.3.4,5.6.7.8 would be stored as 1.2.3.45.6.7.8.
    expect(newApi(buildUpdateBody(current(''), { allow_ips: '1.2.3.4, 5.6.7.8' })).allow_ips).toBe('1.2.3.4\n5.6.7.8');
    expect(
      newApiCreate(
        buildCreateBody({
          name: 'a',
          remain_quota: 1,
          unlimited_quota: false,
          expired_time: -1,
          allow_ips: '1.2.3.4,5.6.7.8',
        }),
      ).allow_ips,
    ).toBe('1.2.3.4\n5.6.7.8');
    // A stored comma list (spec-profile server, old key) is rewritten the way real servers read it.
    expect(newApi(buildUpdateBody(current('1.2.3.4,5.6.7.8'), { name: 'b' })).allow_ips).toBe('1.2.3.4\n5.6.7.8');
  });

  it('treats a stored null as no limit: sent back as an empty string, never a mismatch', () => {
    const key = current(null);
    const body = newApi(buildUpdateBody(key, { name: 'renamed' }));
    expect(body.allow_ips).toBe('');
    expect(checkUpdateBody(body, key, NOW_SEC)).toBeUndefined();
    expect(compareReadBack(body, { ...key, name: 'renamed', allow_ips: null })).toEqual([]);
  });

  it('refuses entries that are not addresses or ranges, but only when the edit changes the list', () => {
    const key = current('');
    const problem = checkUpdateBody(buildUpdateBody(key, { allow_ips: '10.0.0.1\nlocalhost' }), key, NOW_SEC);
    expect(problem?.details.field).toBe('allow_ips');
    expect(problem?.details.params?.values).toContain('localhost');
    const ok = buildUpdateBody(key, { allow_ips: '10.0.0.0/8\n2001:db8::/32\n::ffff:1.2.3.4' });
    expect(checkUpdateBody(ok, key, NOW_SEC)).toBeUndefined();
    const broken = current('1.2.3.45.6.7.8');
    expect(checkUpdateBody(buildUpdateBody(broken, { name: 'x' }), broken, NOW_SEC)).toBeUndefined();
    const create = { name: 'a', remain_quota: 1, unlimited_quota: false, expired_time: -1 };
    expect(checkCreateBody(buildCreateBody({ ...create, allow_ips: '1.2.3.4.5' }), NOW_SEC)?.details.field).toBe(
      'allow_ips',
    );
  });
});

describe('create body (spec 4.2)', () => {
  it('spells out every field with no-limit defaults', () => {
    expect(buildCreateBody({ name: 'a', remain_quota: 1, unlimited_quota: false, expired_time: -1 })).toEqual({
      name: 'a',
      remain_quota: 1,
      unlimited_quota: false,
      expired_time: -1,
      group: '',
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
    });
  });

  it('refuses negative quota (even unlimited) and a past expiry', () => {
    const base = { name: 'a', remain_quota: 0, unlimited_quota: true, expired_time: -1 };
    expect(checkCreateBody(buildCreateBody(base), NOW_SEC)).toBeUndefined();
    expect(checkCreateBody(buildCreateBody({ ...base, remain_quota: -1 }), NOW_SEC)?.details.field).toBe(
      'remain_quota',
    );
    expect(checkCreateBody(buildCreateBody({ ...base, expired_time: NOW_SEC - 5 }), NOW_SEC)?.details.field).toBe(
      'expired_time',
    );
  });
});

describe('enable rule (spec 3)', () => {
  const key = { status: 2, expired_time: -1, remain_quota: 100, unlimited_quota: false };

  it('lets a live key with quota be enabled', () => {
    expect(enableBlocker(key, NOW_SEC)).toBeUndefined();
    expect(enableBlocker({ ...key, expired_time: NOW_SEC + 1 }, NOW_SEC)).toBeUndefined();
    expect(enableBlocker({ ...key, remain_quota: -5, unlimited_quota: true }, NOW_SEC)).toBeUndefined();
  });

  it('refuses an expired key, naming the fix', () => {
    const e = enableBlocker({ ...key, expired_time: NOW_SEC }, NOW_SEC);
    expect(e?.code).toBe('validation');
    expect(e?.details.field).toBe('expired_time');
    expect(e?.message).toMatch(/expir/i);
    expect(e?.details.reason).toBe('key.enable_expired');
  });

  it('refuses an exhausted key, naming the fix', () => {
    const e = enableBlocker({ ...key, remain_quota: 0 }, NOW_SEC);
    expect(e?.details.field).toBe('remain_quota');
    expect(e?.details.reason).toBe('key.enable_exhausted');
  });

  it('judges stored status 3 and 4 by the fields, so a fixed key can be enabled', () => {
    expect(enableBlocker({ ...key, status: 3, expired_time: NOW_SEC - 1 }, NOW_SEC)).toBeDefined();
    expect(enableBlocker({ ...key, status: 3, expired_time: NOW_SEC + 3600 }, NOW_SEC)).toBeUndefined();
    expect(enableBlocker({ ...key, status: 4, remain_quota: 0 }, NOW_SEC)).toBeDefined();
    expect(enableBlocker({ ...key, status: 4, remain_quota: 10 }, NOW_SEC)).toBeUndefined();
  });
});
