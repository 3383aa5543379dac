// Agents store: what `keydesk mcp` may do beyond reading, per account (hand over a full key, disable a key), as main
// keeps it. Off unless the user switches it on here; nothing secret passes through.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AgentAbility, AgentAccessView, AppError } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useAgentsStore = defineStore('agents', () => {
  const access = shallowRef<AgentAccessView>({ accounts: {} });
  const isLoaded = ref(false);
  const loadError = shallowRef<AppError | null>(null);
  /** The last failed switch, with the account and ability it was about. */
  const saveError = shallowRef<{ readonly accountId: string; readonly error: AppError } | null>(null);
  const busy = ref<string | null>(null);

  async function load(): Promise<void> {
    const r = await keydesk.agents.access();
    loadError.value = r.ok ? null : r.error;
    if (r.ok) {
      access.value = r.value;
      isLoaded.value = true;
    }
  }

  const isOn = (accountId: string, ability: AgentAbility): boolean =>
    access.value.accounts[accountId]?.[ability] === true;

  async function set(accountId: string, ability: AgentAbility, isOn: boolean): Promise<void> {
    busy.value = `${accountId}:${ability}`;
    saveError.value = null;
    const r = await keydesk.agents.setAbility({ accountId, ability, isOn });
    busy.value = null;
    if (r.ok) access.value = r.value;
    else saveError.value = { accountId, error: r.error };
  }

  return { access, isLoaded, loadError, saveError, busy, load, isOn, set };
});
