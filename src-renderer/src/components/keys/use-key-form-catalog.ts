// The key form's choices that come from the gateway: how the site stores a key's limits (one-api: IP ranges and no
// groups), the account's groups (with desc and ratio) and the models the chosen group offers, reloaded as the account,
// group or model switch changes. A failed read leaves typing possible.
import type { SelectOption } from 'naive-ui';
import { computed, ref, watch, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { AppError, GroupView, KeyShape } from '../../../../src-shared/contract';
import { useAccountStore } from '../../stores/account.store';
import { useKeysStore } from '../../stores/keys.store';
import type { KeyForm } from './key-form-rules';

/** Until the site says otherwise: new-api's fields (addresses or ranges, groups). */
const USUAL_SHAPE: KeyShape = { ipLimit: 'allow_ips', hasGroups: true };

export function useKeyFormCatalog(account: Ref<string | null>, form: Ref<KeyForm>) {
  const { t } = useI18n();
  const info = useAccountStore();
  const keys = useKeysStore();
  const shape = ref<KeyShape>(USUAL_SHAPE);
  const groups = ref<readonly GroupView[]>([]);
  const groupsError = ref<AppError | null>(null);
  const groupModels = ref<string[] | null>(null);

  async function loadGroups(): Promise<void> {
    const id = account.value;
    if (id === null) return;
    // Main knows the shape from the keys it has read; a failure leaves the usual form (main checks again on save).
    const known = await keys.shape({ accountId: id });
    if (account.value !== id) return;
    shape.value = known.ok ? known.value : USUAL_SHAPE;
    if (!shape.value.hasGroups) {
      groups.value = [];
      groupsError.value = null;
      return;
    }
    const r = await info.fetchGroups(id);
    if (account.value !== id) return;
    groups.value = r.ok ? r.value : [];
    groupsError.value = r.ok ? null : r.error;
  }
  watch(account, (next, prev) => {
    if (prev !== null && next !== prev) void loadGroups();
  });
  // Models the chosen group offers, learned in main through one of its keys; typing stays possible.
  watch([account, () => form.value.group, () => form.value.isModelLimited], async () => {
    groupModels.value = null;
    if (!form.value.isModelLimited || account.value === null) return;
    const r = await info.fetchModels(account.value, form.value.group);
    groupModels.value = r.ok ? r.value.models.map((m) => m.id) : null;
  });

  const groupOptions = computed<SelectOption[]>(() => {
    const current = form.value.group;
    const options = groups.value.map((g) => ({
      label: `${g.name}${g.desc ? ` — ${g.desc}` : ''}${g.ratio === '' ? '' : ` (×${g.ratio})`}`,
      value: g.name,
    }));
    const hasCurrent = current === '' || options.some((o) => o.value === current);
    return [
      { label: t('keys.form.defaultGroup'), value: '' },
      ...options,
      ...(hasCurrent ? [] : [{ label: `${current} ${t('keys.form.groupUnavailable')}`, value: current }]),
    ];
  });
  const modelOptions = computed<SelectOption[]>(() =>
    [...new Set([...(groupModels.value ?? []), ...form.value.modelLimits])].map((m) => ({ label: m, value: m })),
  );

  return { shape, groupsError, groupModels, groupOptions, modelOptions, loadGroups };
}
