// Audit store: the last charge audit of each account, and the one running. Read only; main reads the site.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppError, AuditOutcome, AuditWindowHours } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useAuditStore = defineStore('audit', () => {
  const outcomes = shallowRef<Readonly<Record<string, AuditOutcome>>>({});
  const errors = shallowRef<Readonly<Record<string, AppError>>>({});
  const running = ref<string | null>(null);

  async function run(accountId: string, windowHours: AuditWindowHours): Promise<void> {
    running.value = accountId;
    try {
      const r = await keydesk.audit.run({ accountId, windowHours });
      const { [accountId]: _dropped, ...otherErrors } = errors.value;
      if (r.ok) {
        outcomes.value = { ...outcomes.value, [accountId]: r.value };
        errors.value = otherErrors;
      } else {
        errors.value = { ...otherErrors, [accountId]: r.error };
      }
    } finally {
      running.value = null;
    }
  }

  return { outcomes, errors, running, run };
});
