import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, EVENT_NAMES, INVOKE_CHANNELS, buildApi, isInvokeChannel } from '../../../../src-shared/contract';

describe('contract', () => {
  it('pins the channel list: adding or removing a channel is a deliberate change of this test', () => {
    expect([...INVOKE_CHANNELS].sort()).toEqual([
      'account:groups',
      'account:models',
      'account:self',
      'account:subscription',
      'accounts:add',
      'accounts:answerChallenge',
      'accounts:list',
      'accounts:remove',
      'accounts:reorder',
      'accounts:setCredential',
      'accounts:signIn',
      'accounts:signOut',
      'accounts:switch',
      'accounts:test',
      'accounts:update',
      'agents:access',
      'agents:setAbility',
      'alerts:acknowledge',
      'alerts:list',
      'alerts:resolveRunaway',
      'allowance:list',
      'allowance:remove',
      'allowance:runHere',
      'allowance:set',
      'allowance:support',
      'app:firstFrame',
      'app:info',
      'app:storeProblems',
      'audit:run',
      'backup:chooseFile',
      'backup:create',
      'backup:discard',
      'backup:preview',
      'backup:receiveFile',
      'backup:restore',
      'exports:delete',
      'exports:forget',
      'exports:list',
      'handoff:preview',
      'handoff:records',
      'handoff:send',
      'health:call',
      'health:check',
      'health:checkAccount',
      'health:list',
      'health:quote',
      'health:setSchedule',
      'health:settings',
      'import:cancel',
      'import:chooseFile',
      'import:confirm',
      'import:preview',
      'keys:addQuota',
      'keys:copy',
      'keys:create',
      'keys:delete',
      'keys:export',
      'keys:extendAndEnable',
      'keys:get',
      'keys:list',
      'keys:listAll',
      'keys:listChunk',
      'keys:modelUsage',
      'keys:reveal',
      'keys:search',
      'keys:setStatus',
      'keys:shape',
      'keys:test',
      'keys:update',
      'keys:usage',
      'notify:read',
      'notify:write',
      'quota:history',
      'quota:refresh',
      'quota:snapshot',
      'rotation:deleteOld',
      'rotation:list',
      'rotation:plan',
      'rotation:repeatStep',
      'rotation:start',
      'rotation:stop',
      'settings:get',
      'settings:update',
      'site:refresh',
      'spend:keyHistory',
      'spend:setDailyCap',
      'spend:setTracking',
      'spend:settings',
      'spend:top',
      'sync:dismissNotice',
      'sync:now',
      'sync:removeDevice',
      'sync:resolve',
      'sync:setGroups',
      'sync:setUp',
      'sync:status',
      'updates:check',
      'updates:configure',
      'updates:download',
      'updates:install',
      'updates:status',
      'vault:changePassphrase',
      'vault:lock',
      'vault:setPassphrase',
      'vault:status',
      'vault:unlock',
      'watch:expiring',
      'watch:whoCanCall',
    ]);
    expect([...EVENT_NAMES].sort()).toEqual([
      'accounts:changed',
      'alerts:raised',
      'alerts:updated',
      'allowance:changed',
      'backup:progress',
      'health:changed',
      'import:progress',
      'quota:budgetLow',
      'quota:updated',
      'rotation:changed',
      'settings:changed',
      'sync:changed',
      'updates:changed',
      'vault:changed',
    ]);
  });

  it('names every channel domain:verb', () => {
    for (const channel of INVOKE_CHANNELS) expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/);
  });

  it('keeps error codes unique', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('recognises only contract channels', () => {
    expect(isInvokeChannel('settings:get')).toBe(true);
    expect(isInvokeChannel('settings:delete')).toBe(false);
    expect(isInvokeChannel('toString')).toBe(false);
    expect(isInvokeChannel(42)).toBe(false);
  });

  it('builds one method per channel that forwards its channel and argument', async () => {
    const invoke = vi.fn((channel: string, args: unknown) =>
      Promise.resolve({ ok: true as const, value: { channel, args } }),
    );
    const api = buildApi(invoke, () => () => undefined);
    await api.settings.update({ theme: 'dark' });
    await api.app.info();
    expect(invoke.mock.calls).toEqual([
      ['settings:update', { theme: 'dark' }],
      ['app:info', undefined],
    ]);
    expect(Object.keys(api).sort()).toEqual([
      'account',
      'accounts',
      'agents',
      'alerts',
      'allowance',
      'app',
      'audit',
      'backup',
      'exports',
      'handoff',
      'health',
      'import',
      'keys',
      'notify',
      'on',
      'quota',
      'rotation',
      'settings',
      'site',
      'spend',
      'sync',
      'updates',
      'vault',
      'watch',
    ]);
  });

  it('refuses to subscribe to an unknown event', () => {
    const api = buildApi(
      () => Promise.resolve({ ok: true as const, value: null }),
      () => () => undefined,
    );
    expect(() => api.on('nope' as 'settings:changed', () => undefined)).toThrow(/Unknown event/);
  });
});
