// How a probe's answer is read, era by era (the words are the servers' own, as the emulator's README cites them), and
// how the key's record explains a refusal the site did not: today's one "Invalid token" for every cause.
import { describe, expect, it } from 'vitest';
import type { KeyView } from '../../../../../src-shared/contract';
import { verdictOf } from '../../../../../src-main/features/health/health-verdict';
import { probeCall, probeModels, type ProbeTarget } from '../../../../../src-main/features/health/key-probe';
import { GatewayError } from '../../../../../src-main/gateway/errors';
import type { HttpResponse } from '../../../../../src-main/gateway/http';

const answer = (status: number, json: unknown): HttpResponse => ({
  url: 'https://api.example.test/v1/models',
  setCookies: [],
  status,
  contentType: 'application/json',
  text: JSON.stringify(json),
  json,
});
const target = (res: HttpResponse | GatewayError, sent: unknown[] = []): ProbeTarget => {
  let t = 0;
  return {
    apiUrl: 'https://api.example.test',
    now: () => (t += 5),
    send: (method, path, body) => {
      sent.push({ method, path, body });
      return res instanceof GatewayError ? Promise.reject(res) : Promise.resolve(res);
    },
  };
};
const refusal = (status: number, message: string, code = '') => answer(status, { error: { message, type: 'x', code } });
const stateOf = async (res: HttpResponse) => {
  const a = await probeModels(target(res));
  return a.kind === 'refused' ? [a.state, a.isCauseStated] : [a.kind];
};

describe('reading a /v1/models answer', () => {
  it('a list is a working key with its model count; one GET, the key in no URL', async () => {
    const sent: unknown[] = [];
    const a = await probeModels(target(answer(200, { data: [{ id: 'a' }, { id: 'b' }], object: 'list' }), sent));
    expect(a).toEqual({ kind: 'works', modelCount: 2, modelIds: ['a', 'b'], latencyMs: 5 });
    expect(sent).toEqual([{ method: 'GET', path: '/v1/models', body: undefined }]);
  });

  it('older eras name the cause; today’s "Invalid token" names none', async () => {
    expect(await stateOf(refusal(401, '该令牌状态不可用'))).toEqual(['disabled', true]);
    expect(await stateOf(refusal(401, '该令牌已过期'))).toEqual(['expired', true]);
    expect(await stateOf(refusal(401, '该令牌额度已用尽 TokenStatusExhausted[sk-abc***xyz]'))).toEqual([
      'exhausted',
      true,
    ]);
    expect(await stateOf(refusal(401, '令牌 过期的名字（#5）额度已用尽 (request id: x)'))).toEqual(['exhausted', true]);
    expect(await stateOf(refusal(401, 'token has expired', 'invalid_api_key'))).toEqual(['expired', true]);
    expect(await stateOf(refusal(401, 'Invalid token'))).toEqual(['refused', false]);
    expect(await stateOf(refusal(401, '无效的令牌'))).toEqual(['refused', false]);
  });

  it('403s: the address, the group, the account; a group or key name never passes for another cause', async () => {
    expect(await stateOf(refusal(403, '您的 IP 不在令牌允许访问的列表中', 'access_denied'))).toEqual([
      'ip_refused',
      true,
    ]);
    expect(await stateOf(refusal(403, '该令牌只能在指定网段使用：10.0.0.0/8，当前 ip：1.2.3.4'))).toEqual([
      'ip_refused',
      true,
    ]);
    expect(await stateOf(refusal(403, '无权访问 expired-IP 分组'))).toEqual(['group_denied', true]);
    expect(await stateOf(refusal(403, '令牌分组 企业 已被禁用'))).toEqual(['group_denied', true]);
    expect(await stateOf(refusal(403, 'x', 'group_not_permitted'))).toEqual(['group_denied', true]);
    expect(await stateOf(refusal(403, '用户已被封禁'))).toEqual(['forbidden', true]);
    expect(await stateOf(refusal(403, 'something else'))).toEqual(['refused', false]);
  });

  it('a failure to ask is `failed`, never a verdict on the key: network, 5xx, 429, a body that is not a list', async () => {
    const network = new GatewayError('network', '', { reason: 'network.refused' });
    expect(await probeModels(target(network))).toMatchObject({ kind: 'failed', error: { code: 'network' } });
    expect(await probeModels(target(answer(502, { message: 'bad gateway' })))).toMatchObject({
      kind: 'failed',
      error: { code: 'server' },
    });
    expect(await probeModels(target(answer(429, null)))).toMatchObject({ error: { code: 'rate_limited' } });
    expect(await probeModels(target(answer(200, { nope: true })))).toMatchObject({ error: { code: 'protocol' } });
  });

  it('a one-token call: one POST of max_tokens 1; a model its group has no channel for, or the key may not call', async () => {
    const sent: unknown[] = [];
    const ok = await probeCall(target(answer(200, { choices: [{ index: 0 }] }), sent), 'gpt-4o');
    expect(ok).toMatchObject({ kind: 'works', modelCount: null });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/v1/chat/completions',
        body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 },
      },
    ]);
    const noChannel = answer(503, { error: { message: 'no channel', type: 'server_error', code: 'model_not_found' } });
    expect(await probeCall(target(noChannel), 'x')).toMatchObject({ state: 'model_unavailable' });
    expect(await probeCall(target(refusal(403, '该令牌无权使用模型：x')), 'x')).toMatchObject({
      state: 'model_denied',
    });
  });
});

describe('the verdict', () => {
  const record = (state: KeyView['state']) => ({ state }) as KeyView;
  const context = { accountId: 'a', keyId: 1, checkedAt: 100, via: 'models' as const, model: null };
  const invalid = {
    kind: 'refused',
    state: 'refused',
    isCauseStated: false,
    serverMessage: 'Invalid token',
    latencyMs: 5,
  } as const;

  it('a refusal without a cause takes the record’s, and says the record told', () => {
    expect(verdictOf(invalid, record('expired'), context)).toMatchObject({
      state: 'expired',
      causeSource: 'record',
      serverMessage: 'Invalid token',
    });
    expect(verdictOf(invalid, record('enabled'), context)).toMatchObject({ state: 'refused', causeSource: null });
    expect(verdictOf(invalid, undefined, context)).toMatchObject({ state: 'refused', causeSource: null });
  });

  it('the site’s stated cause wins over the record, and a working key works whatever its record says', () => {
    const stated = { ...invalid, state: 'exhausted', isCauseStated: true } as const;
    expect(verdictOf(stated, record('expired'), context)).toMatchObject({ state: 'exhausted', causeSource: 'site' });
    expect(
      verdictOf({ kind: 'works', modelCount: 3, modelIds: ['a'], latencyMs: 9 }, record('disabled'), context),
    ).toMatchObject({
      state: 'works',
      modelCount: 3,
      causeSource: null,
    });
  });
});
