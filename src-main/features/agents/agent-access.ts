// What agents may do through `keydesk mcp` beyond reading, per account: hand over a key's full value, disable a key.
// Both off by default; switched on only in Settings (agents:setAbility), never over the local channel. Kept in
// agent-access.json; an account removed takes its abilities with it.
import { z } from 'zod';
import type { AgentAbility, AgentAccessView } from '../../../src-shared/contract';
import type { AccountDirectory } from '../accounts/account-directory';
import type { DocumentStore } from '../../vault/config.store';
import { appError, raise } from '../../errors';

const abilitiesSchema = z.object({ reveal: z.boolean().catch(false), disable: z.boolean().catch(false) });
export const agentAccessSchema = z.object({
  accounts: z.record(z.string().max(200), abilitiesSchema).catch({}),
});
export type AgentAccessDocument = z.infer<typeof agentAccessSchema>;
export const EMPTY_AGENT_ACCESS: AgentAccessDocument = { accounts: {} };

export class AgentAccess {
  constructor(
    private readonly store: DocumentStore<AgentAccessDocument>,
    private readonly directory: Pick<AccountDirectory, 'list'>,
  ) {}

  /** Abilities of the accounts that can have them (password and access-token accounts that still exist). */
  view(): AgentAccessView {
    const eligible = new Set(
      this.directory
        .list()
        .filter((a) => a.kind !== 'api_key')
        .map((a) => a.id),
    );
    const accounts: AgentAccessView['accounts'] = Object.fromEntries(
      Object.entries(this.store.read().accounts).filter(
        ([id, abilities]) => eligible.has(id) && (abilities.reveal || abilities.disable),
      ),
    );
    return { accounts };
  }

  allows(accountId: string, ability: AgentAbility): boolean {
    return this.view().accounts[accountId]?.[ability] === true;
  }

  /** Switches one ability; a watched key (no key list, nothing to hand over) or an unknown account is refused. */
  set(accountId: string, ability: AgentAbility, isOn: boolean): AgentAccessView {
    const account = this.directory.list().find((a) => a.id === accountId);
    if (!account) raise(appError('not_found', 'account.not_found'));
    if (account?.kind === 'api_key') raise(appError('validation', 'account.watched_key_only'));
    const current = this.view().accounts;
    const before = current[accountId] ?? { reveal: false, disable: false };
    const next = { ...before, [ability]: isOn };
    const { [accountId]: _old, ...others } = current;
    this.store.write({ accounts: next.reveal || next.disable ? { ...others, [accountId]: next } : others });
    return this.view();
  }
}
