// one-api's keys as one-api stores them: its records read as the spec's fields, its full update and create written in
// its own columns (exactly what token.Update() writes), subnets as CIDR ranges, and the read-back in the spec's names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOneApiRecord, withSpecLimits } from '../../../../src-main/gateway/one-api-keys';
import {
  buildCreateBody,
  buildUpdateBody,
  checkCreateBody,
  checkUpdateBody,
  compareReadBack,
} from '../../../../src-main/gateway/token-update';
import { keyRecordSchema, type WireKeyRecord } from '../../../../src-main/gateway/schemas';
import { NOW_SEC, edits } from './arbitraries';

/** A one-api record as its GET /api/token/:id answers it (model/token.go), parsed as the client parses it. */
const oneApiKey = (overrides: Record<string, unknown> = {}): WireKeyRecord =>
  keyRecordSchema.parse({
    id: 4,
    user_id: 1,
    key: 'fakeoneapikey000000000000000000000000000000000004',
    status: 1,
    name: 'fenced',
    created_time: NOW_SEC - 100,
    accessed_time: NOW_SEC - 50,
    expired_time: -1,
    remain_quota: 500,
    unlimited_quota: false,
    used_quota: 20,
    models: 'gpt-4o,gpt-4o-mini',
    subnet: '10.0.0.1/32,192.168.0.0/24',
    ...overrides,
  });

/** token.Update(): Select("name", "status", "expired_time", "remain_quota", "unlimited_quota", "models", "subnet"). */
const ONE_API_UPDATE = ['id', 'name', 'status', 'expired_time', 'remain_quota', 'unlimited_quota', 'models', 'subnet'];

describe('one-api records', () => {
  it('are told apart by their own columns, even when both are null', () => {
    expect(isOneApiRecord(oneApiKey())).toBe(true);
    expect(isOneApiRecord(oneApiKey({ models: null, subnet: null }))).toBe(true);
    expect(isOneApiRecord(keyRecordSchema.parse({ ...oneApiKey(), models: undefined, subnet: undefined }))).toBe(false);
  });

  it('read as the spec’s fields: the subnets as the IP list, a non-empty models as an enabled model list', () => {
    expect(withSpecLimits(oneApiKey())).toMatchObject({
      allow_ips: '10.0.0.1/32,192.168.0.0/24',
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      group: '',
    });
    expect(withSpecLimits(oneApiKey({ models: '', subnet: null }))).toMatchObject({
      allow_ips: null,
      model_limits_enabled: false,
      model_limits: '',
    });
  });
});

describe('one-api’s full update', () => {
  it('writes exactly one-api’s columns, whatever the edit, with status as read', () => {
    fc.assert(
      fc.property(edits, (edit) => {
        const current = oneApiKey({ status: 2 });
        const body = buildUpdateBody(current, edit);
        expect(Object.keys(body).sort()).toEqual([...ONE_API_UPDATE].sort());
        expect(body).toMatchObject({
          id: 4,
          status: 2,
          name: edit.name ?? current.name,
          remain_quota: edit.remain_quota ?? current.remain_quota,
          unlimited_quota: edit.unlimited_quota ?? current.unlimited_quota,
          expired_time: edit.expired_time ?? current.expired_time,
        });
      }),
    );
  });

  it('resends the limits an edit leaves alone exactly as read, null included', () => {
    expect(buildUpdateBody(oneApiKey(), { name: 'renamed' })).toMatchObject({
      models: 'gpt-4o,gpt-4o-mini',
      subnet: '10.0.0.1/32,192.168.0.0/24',
    });
    expect(buildUpdateBody(oneApiKey({ models: null, subnet: null }), { name: 'x' })).toMatchObject({
      models: null,
      subnet: null,
    });
  });

  it('writes an edited IP list as ranges, each address alone as its /32 or /128, separated by commas', () => {
    const body = buildUpdateBody(oneApiKey(), { allow_ips: '127.0.0.2\n127.0.0.3, 2001:db8::1\n10.1.0.0/16' });
    expect(body).toMatchObject({ subnet: '127.0.0.2/32,127.0.0.3/32,2001:db8::1/128,10.1.0.0/16' });
    expect(buildUpdateBody(oneApiKey(), { allow_ips: '' })).toMatchObject({ subnet: '' });
  });

  it('writes the model list as models, and an empty models when the list is switched off', () => {
    expect(
      buildUpdateBody(oneApiKey({ models: '' }), { model_limits_enabled: true, model_limits: 'o1, gpt-4o' }),
    ).toMatchObject({ models: 'o1,gpt-4o' });
    expect(buildUpdateBody(oneApiKey(), { model_limits_enabled: false })).toMatchObject({ models: '' });
    expect(buildUpdateBody(oneApiKey(), { model_limits: 'o1' })).toMatchObject({ models: 'o1' });
  });

  it('refuses what net.ParseCIDR refuses before sending, naming the entries; a list left alone is not judged', () => {
    const current = oneApiKey();
    const refused = checkUpdateBody(
      buildUpdateBody(current, { allow_ips: '10.0.0.1\n10.0.0.1/33\nexample.com' }),
      current,
      NOW_SEC,
    );
    expect(refused?.details).toMatchObject({
      field: 'allow_ips',
      reason: 'input.subnet_list',
      params: { values: '10.0.0.1/33, example.com' },
    });
    const stored = oneApiKey({ subnet: 'whatever-was-stored' });
    expect(checkUpdateBody(buildUpdateBody(stored, { name: 'x' }), stored, NOW_SEC)).toBeUndefined();
  });

  it('compares the read-back in the spec’s field names, subnets without regard to spaces', () => {
    const current = oneApiKey();
    const body = buildUpdateBody(current, { allow_ips: '127.0.0.2', name: 'n' });
    expect(compareReadBack(body, { ...current, name: 'n', subnet: '127.0.0.2/32' })).toEqual([]);
    expect(compareReadBack(body, { ...current, name: 'n', subnet: ' 127.0.0.2/32 ' })).toEqual([]);
    expect(compareReadBack(body, { ...current, name: 'm', subnet: null, models: '' })).toEqual([
      'name',
      'model_limits',
      'allow_ips',
    ]);
  });
});

describe('one-api’s create', () => {
  const input = {
    name: 'made',
    remain_quota: 100,
    unlimited_quota: false,
    expired_time: -1,
    group: 'vip',
    model_limits_enabled: true,
    model_limits: 'gpt-4o',
    allow_ips: '10.0.0.1\n10.0.1.0/24',
  };

  it('sends one-api’s columns only: models, and the IP list as ranges; no group, allow_ips or model_limits', () => {
    expect(buildCreateBody(input, 'one-api')).toEqual({
      name: 'made',
      remain_quota: 100,
      unlimited_quota: false,
      expired_time: -1,
      models: 'gpt-4o',
      subnet: '10.0.0.1/32,10.0.1.0/24',
    });
    expect(buildCreateBody({ ...input, model_limits_enabled: false }, 'one-api')).toMatchObject({ models: '' });
  });

  it('refuses a range one-api would refuse', () => {
    const body = buildCreateBody({ ...input, allow_ips: '10.0.0.0/40' }, 'one-api');
    expect(checkCreateBody(body, NOW_SEC)?.details).toMatchObject({ field: 'allow_ips', reason: 'input.subnet_list' });
  });
});
