// The key form's choices that come from the gateway: the account's groups (with desc and ratio) and the models the
// chosen group offers, reloaded as the account, group or model switch changes. A failed read leaves typing possible.
import type { SelectOption } from 'naive-ui';
import { computed, ref, watch, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { AppError, GroupView } from '../../../../src-shared/contract';
import { useAccountInfoStore } from '../../stores/account-info.store';
import type { KeyForm } from './key-form-rules';

export function useKeyFormCatalog(account: Ref<string | null>, form: Ref<KeyForm>) {
  const { t } = useI18n();
  const info = useAccountInfoStore();
  const groups = ref<readonly GroupView[]>([]);
  const groupsError = ref<AppError | null>(null);
  const groupModels = ref<string[] | null>(null);

  async function loadGroups(): Promise<void> {
    if (account.value === null) return;
    const r = await info.fetchGroups(account.value);
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

  return { groupsError, groupModels, groupOptions, modelOptions, loadGroups };
}
