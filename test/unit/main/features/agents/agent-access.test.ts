// What agents may do beyond reading: nothing until the user switches an ability on, per account; only accounts with
// a key list can have abilities; a removed account's abilities go with it; an unreadable file reads as all off.
import { describe, expect, it } from 'vitest';
import {
  AgentAccess,
  EMPTY_AGENT_ACCESS,
  agentAccessSchema,
  type AgentAccessDocument,
} from '../../../../../src-main/features/agents/agent-access';
import type { AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { MemoryStore } from '../quota/fakes';

const handle = (id: string, kind: AccountHandle['kind']) => ({ id, kind, label: id }) as AccountHandle;

describe('AgentAccess', () => {
  it('is off for every account until switched on, and on for that ability of that account only', () => {
    let accounts = [handle('a', 'access_token'), handle('b', 'password')];
    const store = new MemoryStore<AgentAccessDocument>(EMPTY_AGENT_ACCESS);
    const access = new AgentAccess(store, { list: () => accounts });
    expect(access.allows('a', 'reveal')).toBe(false);
    access.set('a', 'reveal', true);
    expect(access.allows('a', 'reveal')).toBe(true);
    expect(access.allows('a', 'disable')).toBe(false);
    expect(access.allows('b', 'reveal')).toBe(false);
    access.set('a', 'reveal', false);
    expect(access.view()).toEqual({ accounts: {} });
    access.set('b', 'disable', true);
    accounts = [handle('a', 'access_token')];
    expect(access.allows('b', 'disable')).toBe(false);
  });

  it('refuses a watched key and an unknown account', () => {
    const access = new AgentAccess(new MemoryStore(EMPTY_AGENT_ACCESS), { list: () => [handle('k', 'api_key')] });
    expect(() => access.set('k', 'reveal', true)).toThrow('account.watched_key_only');
    expect(() => access.set('nobody', 'reveal', true)).toThrow('account.not_found');
  });

  it('reads a damaged entry as off', () => {
    expect(agentAccessSchema.parse({ accounts: { a: { reveal: 'yes', disable: 1 } } })).toEqual({
      accounts: { a: { reveal: false, disable: false } },
    });
    expect(agentAccessSchema.parse({ accounts: 'everything' })).toEqual({ accounts: {} });
  });
});
