// The keys screen's dialogs and drawer: which is open and for which key, and which have been opened at all — each is
// mounted from its first opening on (its code loads then, not before the first rows) and stays, so it can animate
// closed.
import { computed, reactive, ref, watchEffect, type Ref } from 'vue';
import type { KeyView } from '../../../../src-shared/contract';
import { rowKey } from '../../stores/keys.store';

export interface KeyDialog {
  show: boolean;
  item: KeyView | null;
}

const closed = (): KeyDialog => ({ show: false, item: null });

export function useKeyDialogs(rows: Readonly<Ref<readonly KeyView[]>>) {
  const form = ref<{ show: boolean; mode: 'create' | 'edit'; accountId: string | null; keyId: number | null }>({
    show: false,
    mode: 'create',
    accountId: null,
    keyId: null,
  });
  const drawer = ref<KeyDialog>(closed());
  const handoff = ref<KeyDialog>(closed());
  const rotate = ref<KeyDialog>(closed());
  const addQuota = ref<KeyDialog>(closed());
  const extend = ref<KeyDialog>(closed());
  const isExporting = ref(false);
  const isBatchDeleting = ref(false);
  /** The drawer's key as the list now holds it: a refill or a rotation read afresh shows in the open drawer too. */
  const drawerItem = computed(() => {
    const opened = drawer.value.item;
    return opened === null ? null : (rows.value.find((r) => rowKey(r) === rowKey(opened)) ?? opened);
  });
  const opened = reactive({
    form: false,
    drawer: false,
    handoff: false,
    rotate: false,
    addQuota: false,
    extend: false,
    exporting: false,
    batchDelete: false,
  });
  watchEffect(() => {
    opened.form ||= form.value.show;
    opened.drawer ||= drawer.value.show;
    opened.handoff ||= handoff.value.show;
    opened.rotate ||= rotate.value.show;
    opened.addQuota ||= addQuota.value.show;
    opened.extend ||= extend.value.show;
    opened.exporting ||= isExporting.value;
    opened.batchDelete ||= isBatchDeleting.value;
  });
  const open = (dialog: Ref<KeyDialog>, k: KeyView) => {
    dialog.value = { show: true, item: k };
  };

  return { form, drawer, drawerItem, handoff, rotate, addQuota, extend, isExporting, isBatchDeleting, opened, open };
}
