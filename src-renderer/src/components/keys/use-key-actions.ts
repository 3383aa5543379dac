// What the keys screen does with keys, through the keys store: reveal, copy (main's clipboard, or the page's in
// browser mode), enable/disable (an expired or exhausted key offers extend-and-enable instead), delete, and the
// batch forms of these. One error line and one rate-limit countdown for them all.
import { useMessage } from 'naive-ui';
import { ref, watch } from 'vue';
import { useI18n } from 'vue-i18n';
import type { AppError, BatchOutcome, ErrorReason, KeyView, Result } from '../../../../src-shared/contract';
import { useLazyDialog } from '../../composables/use-lazy-dialog';
import { useRateWait } from '../../composables/use-rate-wait';
import { rowKey, useKeysStore } from '../../stores/keys.store';

/** Main's reasons for refusing to enable a key that extend-and-enable fixes. */
const ENABLE_REFUSALS: ReadonlySet<ErrorReason | undefined> = new Set(['key.enable_expired', 'key.enable_exhausted']);

export function useKeyActions(openExtend: (k: KeyView) => void) {
  const { t } = useI18n();
  const message = useMessage();
  const dialog = useLazyDialog();
  const store = useKeysStore();
  const actionError = ref<AppError | null>(null);
  // A reveal or copy the site's rate limit made wait: counted down here instead of shown as a bare failure.
  const rateWait = useRateWait();
  /** The row whose reveal or copy is under way, or waits for a rate limit (its buttons say so in the table). */
  const busyRow = ref<string | null>(null);
  const whileBusy = async (k: KeyView, run: () => Promise<void>): Promise<void> => {
    busyRow.value = rowKey(k);
    try {
      await run();
    } finally {
      // Still waiting for the site: the row stays busy until the countdown ends or is cancelled.
      if (rateWait.until.value === null && busyRow.value === rowKey(k)) busyRow.value = null;
    }
  };
  watch(rateWait.until, (until) => {
    if (until === null) busyRow.value = null;
  });

  const copiedToast = (copied: number, clearAt: number): void => {
    message.success(t('keys.copied', { n: copied, s: Math.round((clearAt - Date.now()) / 1000) }, { plural: copied }));
  };

  /** What waits, named in the countdown: All keys lists many accounts' keys, and the wait is for this one. */
  const subjectOf = (action: 'reveal' | 'copy', k: KeyView): string =>
    t(`rateWait.subjects.${action}`, { name: k.name || t('keys.unnamed') });

  function reveal(k: KeyView): Promise<void> {
    return whileBusy(k, async () => {
      const r = await store.reveal(k);
      if (!r.ok && !rateWait.start(r.error, () => reveal(k), subjectOf('reveal', k))) actionError.value = r.error;
    });
  }

  function copyOne(k: KeyView): Promise<void> {
    return whileBusy(k, () => copyNow(k));
  }

  async function copyNow(k: KeyView): Promise<void> {
    const r = await store.copy({ accountId: k.accountId, ids: [k.id] });
    if (r.ok) {
      copiedToast(r.value.copied, r.value.clearAt);
      return;
    }
    if (r.error.code !== 'unavailable') {
      // No copy by itself minutes later: the clipboard might hold something else of the user's by then.
      if (!rateWait.start(r.error, undefined, subjectOf('copy', k))) actionError.value = r.error;
      return;
    }
    // Browser mode: main has no clipboard. The one key comes through reveal (shown, re-masked in 30 s) and the
    // page's own clipboard takes it; cleared later only if it still holds the key.
    const shown = await store.reveal(k);
    if (!shown.ok) {
      if (!rateWait.start(shown.error, undefined, subjectOf('copy', k))) actionError.value = shown.error;
      return;
    }
    try {
      await navigator.clipboard.writeText(shown.value.key);
      message.success(t('keys.copiedBrowser'));
      const key = shown.value.key;
      setTimeout(() => {
        void navigator.clipboard
          .readText()
          .then((text) => (text === key ? navigator.clipboard.writeText('') : undefined))
          .catch(() => undefined);
      }, shown.value.hideAt - Date.now());
    } catch {
      message.info(t('keys.copyManually'));
    }
  }

  async function runBatch(r: Result<BatchOutcome>, verb: 'enabled' | 'disabled' | 'deleted'): Promise<void> {
    if (!r.ok) {
      actionError.value = r.error;
      return;
    }
    if (r.value.succeeded.length > 0) message.success(t(`keys.batch.${verb}`, r.value.succeeded.length));
    const first = r.value.failed[0];
    if (first) actionError.value = { ...first.error, params: { ...first.error.params, keyId: first.id } };
    store.selected = [];
    await store.load();
  }

  async function setStatus(accountId: string, ids: number[], isEnabled: boolean, one?: KeyView): Promise<void> {
    const r = await store.setStatus({ accountId, ids, isEnabled });
    // Enabling an expired or exhausted key is refused (main says which): say why and offer the one-step fix.
    const blocked = r.ok ? r.value.failed.find((f) => ENABLE_REFUSALS.has(f.error.reason)) : undefined;
    if (one && blocked) {
      dialog.info({
        title: t('keys.enableRefused.title'),
        content:
          blocked.error.reason === 'key.enable_expired'
            ? t('keys.enableRefused.expired')
            : t('keys.enableRefused.exhausted'),
        positiveText: t('keys.actions.extendEnable'),
        negativeText: t('keys.cancel'),
        onPositiveClick: () => {
          openExtend(one);
        },
      });
      void store.load();
      return;
    }
    await runBatch(r, isEnabled ? 'enabled' : 'disabled');
  }

  function deleteOne(k: KeyView): void {
    // One key: titled in the singular, and the error type makes the confirm button red like every delete.
    dialog.error({
      title: t('keys.delete.titleOne'),
      content: t('keys.delete.one', { name: k.name || t('keys.unnamed') }),
      positiveText: t('keys.actions.delete'),
      negativeText: t('keys.cancel'),
      onPositiveClick: async () => {
        await runBatch(await store.remove({ accountId: k.accountId, ids: [k.id] }), 'deleted');
      },
    });
  }

  // -- the selection, account by account (batch channels take one account) ------------------------------------
  async function batchStatus(isEnabled: boolean): Promise<void> {
    for (const [accountId, ids] of store.selectionByAccount) await setStatus(accountId, ids, isEnabled);
  }
  async function batchCopy(): Promise<void> {
    for (const [accountId, ids] of store.selectionByAccount) {
      const r = await store.copy({ accountId, ids });
      if (!r.ok) {
        if (r.error.code === 'unavailable') message.warning(t('keys.batch.copyUnavailable'), { duration: 8000 });
        else actionError.value = r.error;
        return;
      }
      copiedToast(r.value.copied, r.value.clearAt);
    }
  }
  async function batchDelete(): Promise<void> {
    for (const [accountId, ids] of store.selectionByAccount)
      await runBatch(await store.remove({ accountId, ids }), 'deleted');
  }

  return {
    actionError,
    rateWait,
    busyRow,
    reveal,
    copyOne,
    setStatus,
    deleteOne,
    batchStatus,
    batchCopy,
    batchDelete,
  };
}
