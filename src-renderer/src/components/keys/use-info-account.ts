// Which account the Account and Models pages show: ?account=ID, else the active account when it can manage keys,
// else the first account that can.
import { computed, onMounted } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { useAccountsStore } from '../../stores/accounts.store';
import { useKeysStore } from '../../stores/keys.store';

export function useInfoAccount() {
  const route = useRoute();
  const router = useRouter();
  const keys = useKeysStore();
  const accounts = useAccountsStore();
  onMounted(() => {
    if (!keys.isAccountsLoaded) void keys.loadAccounts();
  });
  const accountId = computed(() => {
    const q = typeof route.query.account === 'string' ? route.query.account : null;
    if (q !== null) return q;
    const active = keys.manageable.find((a) => a.id === accounts.activeId);
    return active?.id ?? keys.manageable[0]?.id ?? null;
  });
  const select = (id: string) => {
    void router.replace({ query: { ...route.query, account: id } });
  };
  return { keys, accountId, select };
}
