// The keys store's one revealed key: the full key main handed over on request, shown until the time main set and
// then masked again, whatever happens to the component showing it. Never persisted.
import { onScopeDispose, ref } from 'vue';
import type { KeyView, Result, RevealedKey } from '../../../../src-shared/contract';
import { keydesk } from '../../bridge';

export function useKeyReveal() {
  const revealed = ref<(RevealedKey & { accountId: string }) | null>(null);
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  onScopeDispose(() => {
    clearTimeout(hideTimer);
  });

  function reveal(k: KeyView): Promise<Result<RevealedKey>> {
    return keydesk.keys.reveal({ accountId: k.accountId, id: k.id }).then((r) => {
      if (r.ok) {
        clearTimeout(hideTimer);
        revealed.value = { ...r.value, accountId: k.accountId };
        // Re-mask at the time main set, whatever happens to the component showing it.
        hideTimer = setTimeout(hide, Math.max(0, r.value.hideAt - Date.now()));
      }
      return r;
    });
  }
  function hide(): void {
    clearTimeout(hideTimer);
    revealed.value = null;
  }
  const isRevealed = (k: KeyView): boolean =>
    revealed.value !== null && revealed.value.accountId === k.accountId && revealed.value.id === k.id;

  return { revealed, reveal, hide, isRevealed };
}
