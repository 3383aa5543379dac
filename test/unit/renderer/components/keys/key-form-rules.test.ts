// The key form's rules without Vue: a key opened for edit and saved untouched changes nothing; each touched field
// becomes exactly one edit and one line of the changes list; reductions ask first; the one problem shown follows
// the order the form states, and a missing quota is never said before the user could have caused it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyView } from '../../../../../src-shared/contract';
import {
  blankKeyForm,
  formExpiry,
  formFields,
  isExpiringOnPurpose,
  isNameRefusal,
  isNameRefusedBySite,
  keyChanges,
  keyEdits,
  keyFormOf,
  keyFormProblem,
  keyRisks,
  type KeyFormFormat,
} from '../../../../../src-renderer/src/components/keys/key-form-rules';
import { keyView } from '../../../../support/key-view';

const NOW_MS = 1_750_000_000_000;
const NOW = NOW_MS / 1000;
const key = (over: Partial<KeyView> = {}): KeyView =>
  keyView({ id: 7, name: 'prod', createdTime: NOW - 86_400, accessedTime: NOW - 3_600, ...over });
const format: KeyFormFormat = {
  money: (u) => (u === null ? '—' : `¥${(u / 500_000).toFixed(2)}`),
  expiry: (s) => (s === null ? '—' : s === -1 ? 'never' : `t${s}`),
  yes: 'yes',
  no: 'no',
  defaultGroup: 'default',
  noLimit: 'no limit',
};
const untouched = { isQuotaTouched: false, isSubmitTried: false };

/** Keys as a gateway may answer them, including model limits kept while switched off and IPs in any spacing. */
const arbKey: fc.Arbitrary<KeyView> = fc
  .record({
    name: fc.string({ maxLength: 20 }).map((s) => s.trim()),
    expiredTime: fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 4_000_000_000 })),
    remainQuota: fc.oneof(fc.constant(null), fc.nat({ max: 1e12 })),
    unlimitedQuota: fc.boolean(),
    group: fc.constantFrom('', 'default', 'vip'),
    modelLimitsEnabled: fc.boolean(),
    modelLimits: fc.array(fc.constantFrom('gpt-4o', 'claude-3', 'qwen'), { maxLength: 3 }),
    allowIps: fc.constantFrom('', '10.0.0.1', '10.0.0.1\n192.168.0.0/24', ' 10.0.0.1 ,\n\n192.168.0.0/24 '),
  })
  .map((over) => key(over));

describe('form ↔ fields', () => {
  it('a key opened for edit and left alone has no edits, no changes and no risks', () => {
    fc.assert(
      fc.property(arbKey, (k) => {
        // A remaining quota the gateway does not report (null) is one the user must type before saving.
        fc.pre(k.remainQuota !== null || k.unlimitedQuota);
        const fields = formFields(keyFormOf(k), k, NOW_MS);
        const edits = keyEdits(k, fields);
        expect(edits).toEqual({});
        expect(keyChanges(k, edits, fields, format)).toEqual([]);
        expect(keyRisks(k, edits)).toEqual([]);
      }),
    );
  });

  it('each field touched is one edit, and one line saying from → to', () => {
    const k = key({ name: 'prod', group: '', allowIps: '' });
    const form = { ...keyFormOf(k), name: '  staging  ', group: 'vip', allowIps: '10.0.0.1 , 10.0.0.2' };
    const fields = formFields(form, k, NOW_MS);
    const edits = keyEdits(k, fields);
    expect(edits).toEqual({ name: 'staging', group: 'vip', allowIps: '10.0.0.1\n10.0.0.2' });
    expect(keyChanges(k, edits, fields, format)).toEqual([
      { field: 'name', from: 'prod', to: 'staging' },
      { field: 'group', from: 'default', to: 'vip' },
      { field: 'allowIps', from: 'no limit', to: '10.0.0.1, 10.0.0.2' },
    ]);
  });

  it('a new quota on an unlimited key is no edit; switching the limit on is, with the quota', () => {
    const k = key({ unlimitedQuota: true, remainQuota: 100 });
    expect(keyEdits(k, formFields({ ...keyFormOf(k), quota: 900 }, k, NOW_MS))).toEqual({});
    const limited = formFields({ ...keyFormOf(k), isUnlimited: false, quota: 900 }, k, NOW_MS);
    expect(keyEdits(k, limited)).toEqual({ unlimitedQuota: false, remainQuota: 900 });
  });

  it('model limits read as one line: the switch and the list together', () => {
    const k = key({ modelLimitsEnabled: false, modelLimits: [] });
    const fields = formFields({ ...keyFormOf(k), isModelLimited: true, modelLimits: ['gpt-4o'] }, k, NOW_MS);
    const edits = keyEdits(k, fields);
    expect(edits).toEqual({ modelLimitsEnabled: true, modelLimits: ['gpt-4o'] });
    expect(keyChanges(k, edits, fields, format)).toEqual([{ field: 'modelLimits', from: 'no limit', to: 'gpt-4o' }]);
  });

  it('a list the gateway kept while limits are off is no change, until the limits are switched back on', () => {
    const k = key({ modelLimitsEnabled: false, modelLimits: ['gpt-4o'] });
    expect(keyEdits(k, formFields(keyFormOf(k), k, NOW_MS))).toEqual({});
    const on = formFields({ ...keyFormOf(k), isModelLimited: true, modelLimits: ['qwen'] }, k, NOW_MS);
    expect(keyEdits(k, on)).toEqual({ modelLimitsEnabled: true, modelLimits: ['qwen'] });
  });

  it('a blank form has no fields until a quota is typed, and expires in 30 days from now', () => {
    expect(formFields(blankKeyForm(), null, NOW_MS)).toBeNull();
    const fields = formFields({ ...blankKeyForm(), quota: 0 }, null, NOW_MS);
    expect(fields?.expiredTime).toBe(NOW + 30 * 86_400);
    expect(formFields({ ...blankKeyForm(), isUnlimited: true }, null, NOW_MS)?.unlimitedQuota).toBe(true);
  });

  it('keeps the expiry as read, waits for a picked date, and takes the date picked', () => {
    const k = key({ expiredTime: NOW + 500 });
    expect(formExpiry(keyFormOf(k), k, NOW_MS)).toBe(NOW + 500);
    const picking = { ...blankKeyForm(), preset: 'date' as const };
    expect(formExpiry(picking, null, NOW_MS)).toBeNull();
    expect(formExpiry({ ...picking, date: (NOW + 99) * 1000 }, null, NOW_MS)).toBe(NOW + 99);
  });
});

describe('IP ranges on a site that stores them (one-api)', () => {
  it('an address typed alone is the /32 the key already holds: no change; a new one is sent as its range', () => {
    const k = key({ allowIps: '10.0.0.1/32\n10.1.0.0/16' });
    const same = formFields({ ...keyFormOf(k), allowIps: '10.0.0.1\n10.1.0.0/16' }, k, NOW_MS);
    expect(keyEdits(k, same, 'subnet')).toEqual({});
    const more = formFields({ ...keyFormOf(k), allowIps: '10.0.0.1, 10.0.0.2\n10.1.0.0/16' }, k, NOW_MS);
    const edits = keyEdits(k, more, 'subnet');
    expect(edits).toEqual({ allowIps: '10.0.0.1/32\n10.0.0.2/32\n10.1.0.0/16' });
    expect(keyChanges(k, edits, more, format)).toEqual([
      { field: 'allowIps', from: '10.0.0.1/32, 10.1.0.0/16', to: '10.0.0.1/32, 10.0.0.2/32, 10.1.0.0/16' },
    ]);
    // On a site that stores addresses, the same form is a change: `10.0.0.1` is not `10.0.0.1/32` there.
    expect(keyEdits(k, same)).toEqual({ allowIps: '10.0.0.1\n10.1.0.0/16' });
  });
});

describe('risks', () => {
  it('asks before less quota, a limit on an unlimited key, and an earlier or first expiry', () => {
    const k = key({ remainQuota: 1000, expiredTime: -1 });
    expect(keyRisks(k, { remainQuota: 999 })).toEqual(['quota']);
    expect(keyRisks(k, { remainQuota: 1001 })).toEqual([]);
    expect(keyRisks(key({ unlimitedQuota: true }), { unlimitedQuota: false })).toEqual(['unlimited']);
    expect(keyRisks(k, { expiredTime: NOW + 10 })).toEqual(['expiry']);
    expect(keyRisks(key({ expiredTime: NOW + 100 }), { expiredTime: NOW + 10 })).toEqual(['expiry']);
    expect(keyRisks(key({ expiredTime: NOW + 10 }), { expiredTime: NOW + 100 })).toEqual([]);
    expect(keyRisks(key({ expiredTime: NOW + 10 }), { expiredTime: -1 })).toEqual([]);
  });

  it('tells main an expiry set in the past is meant', () => {
    expect(isExpiringOnPurpose({ expiredTime: NOW - 1 }, NOW_MS)).toBe(true);
    expect(isExpiringOnPurpose({ expiredTime: NOW + 1 }, NOW_MS)).toBe(false);
    expect(isExpiringOnPurpose({ expiredTime: -1 }, NOW_MS)).toBe(false);
    expect(isExpiringOnPurpose({}, NOW_MS)).toBe(false);
  });
});

describe('the one problem shown', () => {
  it('says nothing on an untouched new form', () => {
    expect(keyFormProblem(blankKeyForm(), untouched)).toBeNull();
  });

  it('says the quota is missing once touched or once a save was tried, and not when unlimited', () => {
    expect(keyFormProblem(blankKeyForm(), { isQuotaTouched: true, isSubmitTried: false })).toEqual({
      kind: 'quotaRequired',
    });
    expect(keyFormProblem(blankKeyForm(), { isQuotaTouched: false, isSubmitTried: true })).toEqual({
      kind: 'quotaRequired',
    });
    expect(
      keyFormProblem({ ...blankKeyForm(), isUnlimited: true }, { isQuotaTouched: true, isSubmitTried: true }),
    ).toBe(null);
  });

  it('counts the name in UTF-8 bytes: 16 Chinese characters pass, 17 do not', () => {
    const form = { ...blankKeyForm(), quota: 1 };
    expect(keyFormProblem({ ...form, name: '密'.repeat(16) }, untouched)).toBeNull();
    expect(keyFormProblem({ ...form, name: '密'.repeat(17) }, untouched)).toEqual({ kind: 'nameTooLong' });
  });

  it('names the allowlist entries that are not addresses, after a name problem', () => {
    const form = { ...blankKeyForm(), quota: 1, allowIps: '10.0.0.1\nnot-an-ip\n10.0.0.0/33' };
    expect(keyFormProblem(form, untouched)).toEqual({ kind: 'ips', ips: ['not-an-ip', '10.0.0.0/33'] });
    expect(keyFormProblem({ ...form, name: 'x'.repeat(51) }, untouched)).toEqual({ kind: 'nameTooLong' });
  });

  it('on a site that stores ranges (one-api), names each entry net.ParseCIDR refuses and why; an address alone passes', () => {
    const form = { ...blankKeyForm(), quota: 1, allowIps: '10.0.0.1\nnot-an-ip\n10.0.0.0/33\n::1/129' };
    expect(keyFormProblem(form, untouched, 'subnet')).toEqual({
      kind: 'subnets',
      entries: [
        { entry: 'not-an-ip', why: 'address' },
        { entry: '10.0.0.0/33', why: 'prefix' },
        { entry: '::1/129', why: 'prefix' },
      ],
    });
    expect(keyFormProblem({ ...form, allowIps: '10.0.0.1\n10.0.0.0/8' }, untouched, 'subnet')).toBeNull();
  });

  it('asks for a date when "pick a date" has none', () => {
    expect(keyFormProblem({ ...blankKeyForm(), quota: 1, preset: 'date' }, untouched)).toEqual({ kind: 'pickDate' });
  });
});

describe('names an old site refused', () => {
  it('recognises the refusal by the reason main names it with, never by the server’s words', () => {
    const refused = {
      code: 'validation',
      reason: 'key.name_too_long_for_site',
      serverMessage: '令牌名称过长',
    } as const;
    expect(isNameRefusal(refused)).toBe(true);
    expect(isNameRefusal({ ...refused, serverMessage: 'Token name is too long' })).toBe(true);
    expect(isNameRefusal({ code: 'validation', serverMessage: '令牌名称过长' })).toBe(false);
    expect(isNameRefusal({ code: 'validation', serverMessage: 'quota too low' })).toBe(false);
  });

  it('holds a name too long until it is shorter than the one refused', () => {
    expect(isNameRefusedBySite('x'.repeat(31), 31)).toBe(true);
    expect(isNameRefusedBySite('x'.repeat(30), 31)).toBe(false);
    expect(isNameRefusedBySite('x'.repeat(99), null)).toBe(false);
  });
});
