// Which account the Account and Models pages show: ?account=ID, else the first account that can manage keys.
import { computed, onMounted } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { useKeysStore } from '../../stores/keys.store';

export function useInfoAccount() {
  const route = useRoute();
  const router = useRouter();
  const keys = useKeysStore();
  onMounted(() => {
    if (!keys.isAccountsLoaded) void keys.loadAccounts();
  });
  const accountId = computed(() => {
    const q = typeof route.query.account === 'string' ? route.query.account : null;
    return q ?? keys.manageable[0]?.id ?? null;
  });
  const select = (id: string) => {
    void router.replace({ query: { ...route.query, account: id } });
  };
  return { keys, accountId, select };
}
